"""`cavemind review`: decisions searched again from the mover's own view, losses, flags and summaries."""
import json
import random

import pytest

import cavemind
from cavemind import cli
from cavemind.records import RecordBuilder
from cavemind.review import Thresholds, mover_view, review_record

SMALL = cavemind.Limit(iterations=60)


def record_of(game, moves, seats=None):
    """A record of `moves` (notation, chance outcomes included) from the raw initial state."""
    builder = RecordBuilder(game, seats or ["human"] * game.num_players)
    state = game.new_initial_state()
    for move in moves:
        action = state.string_to_action(move)
        builder.add(state, action, seconds=1.0)
        state.apply(action)
    return builder.record(state)


def test_a_missed_win_is_a_blunder_and_the_summary_counts_it():
    game = cavemind.load_game("tictactoe")
    # X has a1 and a2; a3 wins at once. X plays c3 instead, and O could then win with b3.
    record = record_of(game, ["a1", "b1", "a2", "b2", "c3"])
    review = review_record(record, cavemind.Limit(iterations=2000), players=[0])
    last = review.moves[-1]
    assert last.entry == 4 and last.played == "c3" and last.best == "a3"
    assert last.best_value > 0.9 and last.loss >= 0.2 and last.flag == "blunder"
    summary = review.summary[0]
    assert summary.decisions == 3 and summary.counts["blunder"] >= 1 and summary.average_loss > 0
    assert review.summary[1].decisions == 0          # only seat 0 was asked for


def test_decisions_with_a_single_legal_move_are_skipped():
    game = cavemind.load_game("stone_age")
    state = game.new_initial_state(seed=3)
    rng = random.Random(3)
    for _ in range(60):
        state.apply(state.sample_chance(rng.getrandbits(32)) if state.is_chance_node()
                    else rng.choice(state.legal_actions()))
    builder = RecordBuilder(game, ["random"] * game.num_players)
    builder.add_history(state)
    record = builder.record(state)
    review = review_record(record, cavemind.Limit(iterations=10))
    choices = [i for i, entry, before in record.decisions() if len(before.legal_actions()) > 1]
    forced = [i for i, entry, before in record.decisions() if len(before.legal_actions()) == 1]
    assert forced, "the sample game should have forced moves to skip"
    assert [m.entry for m in review.moves] == choices


def test_the_review_never_uses_what_the_mover_could_not_see():
    """Two Kuhn poker games that differ only in the opponent's card: player 0's decisions get the same
    review, although a search that sees the cards (MCTS on the true states) values them differently."""
    game = cavemind.load_game("kuhn_poker")
    with_jack = record_of(game, ["deal Q", "deal J", "pass", "bet", "call"])
    with_king = record_of(game, ["deal Q", "deal K", "pass", "bet", "call"])
    first, second = (review_record(r, SMALL, players=[0]) for r in (with_jack, with_king))
    assert [m.entry for m in first.moves] == [2, 4]
    assert first.moves == second.moves
    # The control: the true states differ in a way that matters to a search that sees them.
    true_values = [cavemind.analyse(r.state_at(4), cavemind.Limit(iterations=300), algorithm="mcts").moves
                   for r in (with_jack, with_king)]
    call = [next(m.value for m in moves if m.name == "call") for moves in true_values]
    assert call[0] > 0.9 and call[1] < 0.1


@pytest.mark.parametrize("name", cavemind.game_names())
def test_the_mover_view_is_the_same_in_every_world_the_mover_cannot_tell_apart(name):
    """What the review searches depends only on the mover's information set: loading the true state and
    another world of the same information set from the mover's view gives the same bytes."""
    game = cavemind.load_game(name)
    rng = random.Random(7)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 80:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng.getrandbits(32)))
            continue
        mover = state.current_player()
        other_world = state.determinize(mover, rng.getrandbits(32))
        view = mover_view(state, mover, seed=5)
        assert view.to_bytes() == mover_view(other_world, mover, seed=5).to_bytes()
        assert view.legal_actions() == state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1


def test_thresholds_flag_by_loss_and_refuse_nonsense():
    thresholds = Thresholds(inaccuracy=0.05, mistake=0.1, blunder=0.3)
    assert [thresholds.flag(x) for x in (None, 0.0, 0.05, 0.12, 0.3, 1.0)] == \
        [None, None, "inaccuracy", "mistake", "blunder", "blunder"]
    with pytest.raises(cavemind.InvalidOptionError, match="ordered"):
        Thresholds(inaccuracy=0.2, mistake=0.1)
    with pytest.raises(cavemind.InvalidOptionError, match="blunder threshold"):
        Thresholds(blunder=2)


@pytest.fixture
def played_record(tmp_path):
    game = cavemind.load_game("kuhn_poker", players=3)
    rng = random.Random(1)
    state = game.new_initial_state()
    builder = RecordBuilder(game, ["random"] * 3)
    while not state.is_terminal():
        action = (state.sample_chance(rng.getrandbits(32)) if state.is_chance_node()
                  else rng.choice(state.legal_actions()))
        builder.add(state, action, seconds=0.1)
        state.apply(action)
    path = tmp_path / "game.jsonl"
    builder.record(state).write(str(path))
    return path


def test_review_command_table(played_record, capsys):
    assert cli.main(["review", str(played_record), "--iterations", "50"]) == 0
    out = capsys.readouterr().out
    assert "ismcts, 50 iterations per decision, from each mover's own view" in out
    assert "entry  player  played" in out and "average loss" in out
    summary = out.split("average loss")[1].strip().splitlines()[1:]     # after the header line
    assert [line.split()[0] for line in summary] == ["0", "1", "2"]


def test_review_command_json_and_markdown_agree(played_record, capsys):
    assert cli.main(["review", str(played_record), "--iterations", "50", "--json", "--seed", "4"]) == 0
    doc = json.loads(capsys.readouterr().out)
    record = cavemind.read_record(played_record)
    choices = [i for i, _, before in record.decisions() if len(before.legal_actions()) > 1]
    assert [m["entry"] for m in doc["moves"]] == choices
    assert doc["settings"]["iterations"] == 50 and doc["settings"]["seed"] == 4
    assert sum(s["decisions"] for s in doc["summary"]) == len(choices)
    for move in doc["moves"]:
        assert move["loss"] is None or move["loss"] == pytest.approx(max(0, move["best_value"] - move["played_value"]))
    assert cli.main(["review", str(played_record), "--iterations", "50", "--markdown", "--seed", "4"]) == 0
    markdown = capsys.readouterr().out
    assert "| entry | player | played | value | best | value | loss | flag |" in markdown
    rows = [line for line in markdown.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert len(rows) == len(choices) + 3          # the decisions, then one summary row per player


def test_review_command_rejects_bad_settings(played_record, capsys):
    assert cli.main(["review", str(played_record), "--mistake", "0.01"]) == 2
    assert "ordered" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["review", str(played_record), "--json", "--markdown"])
    with pytest.raises(SystemExit):
        cli.main(["review", str(played_record), "--blunder", "5"])
    assert cli.main(["review", str(played_record), "--player", "7", "--iterations", "10"]) == 2
    assert "cavemind review: error: --player [7]: seats are 0 to 2" in capsys.readouterr().err
