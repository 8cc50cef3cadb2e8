"""`cavemind play` driven through standard input, as a person would type."""
import json
import subprocess
import sys

import cavemind


def play(*args, lines=(), cwd=None):
    return subprocess.run([sys.executable, "-m", "cavemind.cli", "play", *map(str, args)],
                          input="".join(line + "\n" for line in lines), capture_output=True, text=True, cwd=cwd,
                          timeout=60)


def test_a_scripted_game_with_hint_save_and_resume(tmp_path):
    saved, final = tmp_path / "saved.json", tmp_path / "final.json"
    # Human X: a move by notation, a hint, a save, then moves by number until the end.
    first = play("tictactoe", "--players", "human,mcts:iterations=200", "--seed", 1, "--record", final,
                 lines=["b2", "hint", f"save {saved}", "1", "1", "1", "1"])
    assert first.returncode == 0, first.stderr
    assert "player 0 (you): b2" in first.stdout and "  #  move" in first.stdout      # the hint's table
    assert "game over" in first.stdout and "player 0 (human): score" in first.stdout
    record = json.loads(final.read_text())
    assert record["finished"] and record["moves"][0] == "b2" and len(record["returns"]) == 2
    game = cavemind.load_game("tictactoe")
    replayed = game.new_initial_state()
    for move in record["moves"]:
        replayed.apply(move)
    assert replayed == cavemind.state_from_json(record["position"]) and replayed.is_terminal()

    halfway = json.loads(saved.read_text())
    assert not halfway["finished"] and halfway["moves"] == record["moves"][:2]
    resumed = play("--from", saved, "--record", tmp_path / "again.json", lines=["1"] * 4)
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads((tmp_path / "again.json").read_text())["moves"][:2] == halfway["moves"]


def test_a_human_sees_only_their_own_cards():
    result = play("kuhn_poker", "--players", "human,random", "--seed", 4, "--record", "/dev/null",
                  lines=["bet", "call", "call"])
    assert result.returncode == 0, result.stderr
    before_the_end = result.stdout.split("game over")[0]
    assert "chance: deal ?" in before_the_end and "player 1: card ?" in before_the_end
    assert "player 0: card ?" not in before_the_end


def test_bots_only_play_to_the_end():
    result = play("kuhn_poker", "--players", "random,ismcts:iterations=100,c=1,random", "--seed", 2)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(": score ") == 3


def test_bad_moves_are_refused_and_input_ending_is_an_error_that_saves_the_game(tmp_path):
    result = play("tictactoe", "--players", "human,random", "--seed", 1, lines=["z9", "10", "help"], cwd=tmp_path)
    assert "'z9' is not a legal move here" in result.stdout and "no move 10" in result.stdout
    assert result.returncode == 2
    saved, record = sorted(p.name for p in tmp_path.iterdir())    # the saved game and its game record
    assert saved.startswith("cavemind-tictactoe-unfinished-") and saved.endswith(".json")
    assert record == saved + "l"
    assert cavemind.read_record(tmp_path / record).result["finished"] is False
    assert result.stderr.strip() == ("cavemind play: error: input ended before the game did; the game is saved "
                                     f"to {saved}; resume with: cavemind play --from {saved}")
