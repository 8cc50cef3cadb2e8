"""The web application's tests, a package so that their conftest and module names stay apart from tests/' own."""
