"""Fixtures of the web application's tests: the app over a fresh store, and a TestClient on it."""
from __future__ import annotations

import threading
import time

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx (the test extra)")

from starlette.testclient import TestClient  # noqa: E402

from cavemind.web.app import create_app  # noqa: E402
from cavemind.web.sessions import GameStore  # noqa: E402


class ServedAddress(str):
    """The base address of a running server, with its application."""

    def __new__(cls, address, app):
        served = super().__new__(cls, address)
        served.app = app
        return served


@pytest.fixture
def store():
    return GameStore(limit=16)


@pytest.fixture
def client(store):
    with TestClient(create_app(store)) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def live_server():
    """The application served by uvicorn on a free port of 127.0.0.1, in a thread: its base address (a str with
    the application as `.app`)."""
    uvicorn = pytest.importorskip("uvicorn", reason="uvicorn (the web extra) is not installed")
    app = create_app()
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning")
    served = uvicorn.Server(config)
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not served.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    port = served.servers[0].sockets[0].getsockname()[1]
    yield ServedAddress(f"http://127.0.0.1:{port}/", app)
    served.should_exit = True
    thread.join(timeout=10)
