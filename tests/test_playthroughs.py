"""Playthrough files (tests/playthroughs/<game>.txt): one seeded random 2-player game per registered game,
every state with its player, legal moves or chance outcomes and its position. Each file is regenerated in
memory and compared line by line, so any change to the rules, the move names or the position format shows
here as the first line that differs. When a change is intended, regenerate the files and review the diff:

    python -m cavemind.testing playthroughs tests/playthroughs
"""
from __future__ import annotations

import os

import pytest

import cavemind
from cavemind.testing import PLAYTHROUGH_POSITION_EVERY, playthrough, playthrough_path

DIRECTORY = os.path.join(os.path.dirname(__file__), "playthroughs")
REGENERATE = "python -m cavemind.testing playthroughs tests/playthroughs"


def first_difference(expected: str, actual: str) -> str | None:
    """Where two texts first differ, as a message naming the line (or None when they are equal)."""
    if expected == actual:
        return None
    old, new = expected.splitlines(), actual.splitlines()
    for number, (a, b) in enumerate(zip(old, new), start=1):
        if a != b:
            return f"line {number} differs:\n  file:      {a[:400]}\n  generated: {b[:400]}"
    shorter = "the file" if len(old) < len(new) else "the generated text"
    return f"{shorter} ends at line {min(len(old), len(new))}; the other goes on to line {max(len(old), len(new))}"


@pytest.mark.parametrize("name", cavemind.game_names())
def test_playthrough_is_unchanged(name):
    path = playthrough_path(DIRECTORY, name)
    assert os.path.exists(path), f"no playthrough file for {name}: run `{REGENERATE} --game {name}`"
    with open(path, encoding="utf-8") as handle:
        expected = handle.read()
    problem = first_difference(expected, playthrough(name))
    assert problem is None, (f"{name}: the game no longer plays {os.path.relpath(path)} ({problem}). If the change "
                             f"is intended, regenerate with `{REGENERATE} --game {name}` and review the diff.")


def test_every_file_belongs_to_a_registered_game():
    names = {f[:-len(".txt")] for f in os.listdir(DIRECTORY) if f.endswith(".txt")}
    assert names == set(cavemind.game_names())


def test_first_difference_names_the_line():
    assert first_difference("a\nb\n", "a\nb\n") is None
    assert "line 2 differs" in first_difference("a\nb\nc\n", "a\nx\nc\n")
    assert "ends at line 1" in first_difference("a\n", "a\nb\n")


def test_a_playthrough_shows_every_state_and_ends_with_the_returns():
    text = playthrough("kuhn_poker")
    states = text.count("# State ")
    assert states == text.count("action: ") + 1
    # positions at state 0, every PLAYTHROUGH_POSITION_EVERY states, and at the end
    assert text.count("position: ") == len(range(0, states - 1, PLAYTHROUGH_POSITION_EVERY)) + 1
    assert "player: chance" in text and 'chance outcomes: {"2": ["deal J", 0.3333333333333333]' in text
    assert text.rstrip().splitlines()[-1].startswith("returns: ")
