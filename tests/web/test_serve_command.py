"""`cavemind serve`: its flags, the address it prints, and the warning when it listens beyond this machine."""
from __future__ import annotations

import pytest

from cavemind import cli


@pytest.fixture
def started(monkeypatch):
    """uvicorn.run replaced: what it was asked to serve."""
    import uvicorn
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.append((app, kwargs)))
    return calls


def test_serves_on_this_machine_by_default(started, capsys):
    assert cli.main(["serve", "--port", "9123"]) == 0
    (app, kwargs), = started
    assert kwargs["host"] == "127.0.0.1" and kwargs["port"] == 9123
    err = capsys.readouterr().err
    assert "http://127.0.0.1:9123/" in err and "warning" not in err


def test_another_host_gets_a_warning(started, capsys):
    assert cli.main(["serve", "--host", "0.0.0.0"]) == 0
    assert started[0][1]["host"] == "0.0.0.0"
    assert "warning: listening on 0.0.0.0" in capsys.readouterr().err


@pytest.mark.parametrize("port", ["http", "70000", "-1"])
def test_a_bad_port_is_refused(started, capsys, port):
    with pytest.raises(SystemExit) as stop:
        cli.main(["serve", "--port", port])
    assert stop.value.code == 2 and "port" in capsys.readouterr().err and not started
