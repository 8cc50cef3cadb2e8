"""Fixtures of the web application's tests: the app over a fresh store, and a TestClient on it."""
from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx (the test extra)")

from starlette.testclient import TestClient  # noqa: E402

from cavemind.web.app import create_app  # noqa: E402
from cavemind.web.sessions import GameStore  # noqa: E402


@pytest.fixture
def store():
    return GameStore(limit=16)


@pytest.fixture
def client(store):
    with TestClient(create_app(store)) as test_client:
        yield test_client
