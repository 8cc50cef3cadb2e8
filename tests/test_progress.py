"""cavemind.progress: the one status line every progress display draws with, and its time formats."""
import io

from cavemind.progress import StatusLine, clock, elapsed_and_left


def test_a_line_is_redrawn_in_place_and_blanks_a_longer_previous_one():
    out = io.StringIO()
    line = StatusLine(True, out)
    line.show("a long first line")
    line.show("short")
    line.close()
    assert out.getvalue() == "\ra long first line" + "\rshort" + " " * 12 + "\n"


def test_a_line_is_cut_to_the_terminal_width(monkeypatch):
    monkeypatch.setenv("COLUMNS", "20")
    out = io.StringIO()
    line = StatusLine(True, out)
    line.show("x" * 50)
    assert out.getvalue() == "\r" + "x" * 19          # one column spare: a full line would wrap


def test_updates_sooner_than_every_wait_and_close_draws_the_last():
    out = io.StringIO()
    line = StatusLine(True, out, every=3600)
    line.show("1/3")
    line.show("2/3")
    line.show("3/3")
    assert out.getvalue() == "\r1/3"
    line.close()
    assert out.getvalue() == "\r1/3\r3/3\n"


def test_erase_leaves_no_trace_and_close_after_it_adds_no_line():
    out = io.StringIO()
    line = StatusLine(True, out)
    line.show("thinking")
    line.erase()
    line.close()
    assert out.getvalue() == "\rthinking\r        \r"


def test_disabled_or_not_a_terminal_shows_nothing():
    for line in (StatusLine(False, io.StringIO()), StatusLine(None, io.StringIO())):   # StringIO is no tty
        line.show("hidden")
        line.close()
        assert not line.enabled and line.stream.getvalue() == ""
    forced = StatusLine(True, io.StringIO())
    forced.show("shown")
    assert forced.stream.getvalue() == "\rshown"


def test_time_formats():
    assert clock(0) == "0m00s" and clock(62.9) == "1m02s" and clock(7500) == "2h05m"
    assert elapsed_and_left(30, 0, 10) == "0m30s elapsed, estimating"
    assert elapsed_and_left(30, 3, 6) == "0m30s elapsed, ~1m00s left"
