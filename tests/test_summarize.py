"""benchmarks/summarize.py: the small summary kept in the repository for every match results file (the raw logs
leave the tree). Counts and rates are checked on results files whose outcomes the test chose, and on a real arena
match; the output must be small and byte-identical when made again."""
from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest
from conftest import load_benchmark

from cavemind.arena import read_results, run_arena

summarize = load_benchmark("summarize")


def _arena_file(path, games):
    header = {"type": "arena", "format": 1, "game": "tictactoe", "players": 2, "options": {},
              "bots": ["mcts:iterations=10", "random"], "seed": 0, "time_limit": None}
    lines = [header] + [{"type": "game", "table": 0, "deal": deal, "rotation": rotation, "seed": 1, "seats": seats,
                         "bots": [header["bots"][s] for s in seats], "returns": returns, "scores": returns,
                         "forfeit": None, "length": 5, "seconds": [0.5, 0.1],
                         "moves": [[0, "a1", 0.25], [1, "b1", 0.1], [0, "c1", 0.25]]}
                        for deal, rotation, seats, returns in games]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


# deal 0: mcts wins in seat 0 and in seat 1; deal 1: mcts wins in seat 0, draws in seat 1
OUTCOMES = [(0, 0, [0, 1], [1.0, 0.0]), (0, 1, [1, 0], [0.0, 1.0]),
            (1, 0, [0, 1], [1.0, 0.0]), (1, 1, [1, 0], [0.5, 0.5])]


def test_counts_rates_seats_and_time_of_a_known_match(tmp_path):
    summary = summarize.summarize(str(_arena_file(tmp_path / "tictactoe_known.jsonl", OUTCOMES)))
    assert (summary["game"], summary["players"], summary["games"], summary["deals"]) == ("tictactoe", 2, 4, 2)
    assert summary["bots"] == ["mcts:iterations=10", "random"]
    mcts, rand = summary["specs"]["mcts:iterations=10"], summary["specs"]["random"]
    assert (mcts["wins"], mcts["draws"], mcts["losses"], mcts["seats_played"]) == (3, 1, 0, 4)
    assert (rand["wins"], rand["draws"], rand["losses"]) == (0, 1, 3)
    assert mcts["score_rate"] == 0.875 and rand["score_rate"] == 0.125
    low, high = mcts["score_rate_ci95"]
    assert 0.0 < low < 0.875 < high <= 1.0
    assert mcts["score_rate_by_seat"] == [1.0, 0.75]   # seat 0 in games 1 and 3, seat 1 in 2 and 4
    assert rand["score_rate_by_seat"] == [0.25, 0.0]
    # seat 0 thinks 0.5 s over 2 moves, seat 1 0.1 s over 1: twice each, 1.2 s over 6 moves
    assert mcts["seconds_per_move"] == 0.2


def test_the_paired_interval_is_the_t_interval_of_the_deals_means(tmp_path):
    """mcts's mean result in deals 0, 1 and 2 is 1.0, 0.75 and 1.0: a mean of 11/12 over 3 deals, and the t
    interval with 2 degrees of freedom (t = 4.3027) of those three means, cut to [0, 1]."""
    outcomes = OUTCOMES + [(2, 0, [0, 1], [1.0, 0.0]), (2, 1, [1, 0], [0.0, 1.0])]
    summary = summarize.summarize(str(_arena_file(tmp_path / "tictactoe_known.jsonl", outcomes)))
    means = [1.0, 0.75, 1.0]
    mean = sum(means) / 3
    sd = (sum((m - mean) ** 2 for m in means) / 2) ** 0.5
    half = 4.302653 * sd / 3 ** 0.5
    assert summary["specs"]["mcts:iterations=10"]["score_rate_paired_ci95"] == [round(mean - half, 4), 1.0]
    assert summary["specs"]["random"]["score_rate_paired_ci95"] == [0.0, round(1 - mean + half, 4)]


def test_the_heuristic_match_format_and_the_game_from_the_name(tmp_path):
    folder = tmp_path / "tictactoe_2026-01-01"
    folder.mkdir()
    path = folder / "v1_vs_v0.jsonl"
    records = [{"deal": 0, "a_seat": 0, "a": "A@1", "b": "B@0", "seed": 5, "returns": [1.0, 0.0], "scores": [3, 1]},
               {"deal": 0, "a_seat": 1, "a": "A@1", "b": "B@0", "seed": 5, "returns": [1.0, 0.0], "scores": [2, 1]},
               {"deal": 0, "a_seat": 1, "a": "A@1", "b": "B@0", "seed": 5, "returns": [0.0, 1.0], "scores": [0, 9]}]
    path.write_text("".join(json.dumps(r) + "\n" for r in records))   # the last line repeats a game: ignored
    summary = summarize.summarize(str(path))
    assert (summary["game"], summary["games"], summary["bots"]) == ("tictactoe", 2, ["A@1", "B@0"])
    a = summary["specs"]["A@1"]
    assert (a["wins"], a["losses"], a["score_rate"], a["score_rate_by_seat"]) == (1, 1, 0.5, [1.0, 0.0])
    assert a["mean_points"] == 2.0 and a["margin"] == 0.5   # 3 - 1 in seat 0, 1 - 2 in seat 1
    assert "seconds_per_move" not in a                        # this format records no times


def test_a_real_match_small_deterministic_and_the_same_compressed(tmp_path):
    out = tmp_path / "tictactoe_random_vs_heuristic.jsonl"
    run_arena("tictactoe", ["random", "heuristic"], games=6, out=str(out), progress=False)
    header, games = read_results(str(out))
    written = summarize.write_summary(str(out), command="cavemind arena tictactoe ...", commit="0123456789ab")
    assert written == str(tmp_path / "tictactoe_random_vs_heuristic.summary.json")
    first = Path(written).read_bytes()
    assert len(first) < 2048
    summary = json.loads(first)
    assert summary["games"] == len(games) == 6 and summary["bots"] == header["bots"]
    assert summary["command"] == "cavemind arena tictactoe ..." and summary["commit"] == "0123456789ab"
    specs = summary["specs"]
    assert sum(s["wins"] for s in specs.values()) + specs["random"]["draws"] == 6
    assert summarize.write_summary(str(out), command="cavemind arena tictactoe ...", commit="0123456789ab")
    assert Path(written).read_bytes() == first                          # byte-identical when made again
    assert list(summary) == sorted(summary)

    compressed = tmp_path / "gz" / "tictactoe_random_vs_heuristic.jsonl.gz"
    compressed.parent.mkdir()
    with open(out, "rb") as raw, gzip.open(compressed, "wb") as packed:
        shutil.copyfileobj(raw, packed)
    assert read_results(str(compressed)) == (header, games)              # the arena reads kept logs compressed
    again = json.loads(Path(summarize.write_summary(str(compressed), command="cavemind arena tictactoe ...",
                                                    commit="0123456789ab")).read_bytes())
    assert again == {**summary, "results": "tictactoe_random_vs_heuristic.jsonl.gz"}


def test_names_that_are_not_results_files_are_refused(tmp_path):
    with pytest.raises(ValueError):
        summarize.summary_path("notes.md")
    path = tmp_path / "unknowngame_x.jsonl"
    path.write_text(json.dumps({"deal": 0, "a_seat": 0, "a": "x", "b": "y", "returns": [1, 0], "scores": [1, 0]})
                    + "\n")
    with pytest.raises(ValueError, match="no game"):
        summarize.summarize(str(path))
