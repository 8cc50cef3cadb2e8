"""`cavemind review`: decisions searched again from the mover's own view, losses, flags and summaries."""
import json
import random

import pytest

import cavemind
from cavemind import cli
from cavemind.records import RecordBuilder
from cavemind.review import LOWER_BOUND_Z, Thresholds, mover_view, review_record

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
    assert "ismcts, 50 iterations per search, from each mover's own view" in out
    assert "entry  player  played" in out and "average loss" in out and "accuracy" in out
    summary = out.split("average loss")[1].strip().splitlines()[1:]     # after the header line
    assert [line.split()[0] for line in summary] == ["0", "1", "2"]


def test_review_command_json_and_markdown_agree(played_record, capsys):
    assert cli.main(["review", str(played_record), "--iterations", "50", "--json", "--search-seed", "4"]) == 0
    doc = json.loads(capsys.readouterr().out)
    record = cavemind.read_record(played_record)
    choices = [i for i, _, before in record.decisions() if len(before.legal_actions()) > 1]
    assert [m["entry"] for m in doc["moves"]] == choices
    assert doc["settings"]["iterations"] == 50 and doc["settings"]["search_seed"] == 4
    assert sum(s["decisions"] for s in doc["summary"]) == len(choices)
    for move in doc["moves"]:
        assert move["loss"] == pytest.approx(max(0, move["best_value"] - move["played_value"]), abs=1e-9)
        assert move["loss_bound"] == pytest.approx(max(0, move["loss"] - LOWER_BOUND_Z * move["loss_stderr"]))
        assert 0 <= move["accuracy"] <= 100 and move["best_line"]
    assert cli.main(["review", str(played_record), "--iterations", "50", "--markdown", "--search-seed", "4"]) == 0
    markdown = capsys.readouterr().out
    assert "| entry | player | played | value | best | value | loss | margin loss | flag | best line |" in markdown
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


# ---------------------------------------------------------------- how a loss is measured: proofs, paired searches

def test_a_sound_opening_is_not_flagged_where_the_game_can_be_solved():
    """Every tic-tac-toe opening draws: with proofs the corner opening loses nothing, whatever its MCTS mean."""
    game = cavemind.load_game("tictactoe")
    record = record_of(game, ["a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"])
    review = review_record(record)
    assert all(m.proven for m in review.moves)
    assert [m.flag for m in review.moves] == [None] * len(review.moves)
    assert review.summary[0].accuracy == pytest.approx(100.0) and review.summary[1].accuracy == pytest.approx(100.0)


def test_a_proven_loss_is_exact_and_shows_the_winning_line():
    game = cavemind.load_game("tictactoe")
    record = record_of(game, ["a1", "b1", "a2", "b2", "c3"])     # X misses a3
    last = review_record(record, players=[0]).moves[-1]
    assert last.proven and last.best == "a3" and last.best_value == 1.0
    assert last.loss == last.loss_bound == 1.0 and last.loss_stderr == 0.0 and last.flag == "blunder"
    assert last.best_line == ["a3"]
    searched = review_record(record, players=[0], proofs=False, iterations=2000).moves[-1]
    assert not searched.proven and searched.best == "a3" and searched.flag == "blunder"
    assert 0 < searched.loss_bound < searched.loss and searched.loss_stderr > 0


def test_the_played_and_the_best_move_are_each_searched_alone(monkeypatch):
    """A move the first search hardly tried is searched again alone with the whole budget, and so is the best."""
    import cavemind.review as review_module
    calls = []
    real = review_module.analyse

    def counting(state, *args, allowed_moves=None, **kwargs):
        calls.append(allowed_moves)
        return real(state, *args, allowed_moves=allowed_moves, **kwargs)

    monkeypatch.setattr(review_module, "analyse", counting)
    game = cavemind.load_game("tictactoe")
    record = record_of(game, ["a1", "b1", "a2", "b2", "c3"])
    state = record.state_at(4)
    review = review_record(record, players=[0], proofs=False, iterations=1500)
    last = review.moves[-1]
    played, best = state.string_to_action("c3"), state.string_to_action("a3")
    assert calls[-3:] == [None, [best], [played]] and last.flag == "blunder"
    # Each decision: one search of every move, then, only where the played move is not its best, the two alone.
    plain = [i for i, c in enumerate(calls) if c is None]
    assert len(plain) == len(review.moves)
    for move, start, end in zip(review.moves, plain, [*plain[1:], len(calls)], strict=True):
        assert end - start == (1 if move.best == move.played else 3)


class Measured:
    """A move as the reviewer's searches measured it: a value and a name."""

    def __init__(self, value):
        self.value, self.name = value, "x"


@pytest.fixture(scope="module")
def stone_age_reviewer():
    """A search-only reviewer of a Stone Age game, an opening it searched, and the game's points_per_game."""
    from cavemind.review import _Reviewer
    game = cavemind.load_game("stone_age")
    reviewer = _Reviewer(record_of(game, []), cavemind.SearchSettings(iterations=10), 0, Thresholds(), proofs=False)
    view = game.new_initial_state(seed=1)
    while view.is_chance_node():
        view.apply(view.legal_actions()[0])
    return reviewer, view, cavemind.analyse(view, iterations=20), cavemind.games.game_info("stone_age").points_per_game


def test_a_flag_needs_the_loss_beyond_its_noise(stone_age_reviewer):
    r, view, first, _ = stone_age_reviewer
    noisy = r._move(0, 0, view, Measured(0.40), Measured(0.55), 0.15, 0.08, None, first)
    assert noisy.loss == pytest.approx(0.15) and noisy.flag is None      # 0.15 - 1.645 * 0.08 < 0.05
    clear = r._move(0, 0, view, Measured(0.40), Measured(0.55), 0.15, 0.01, None, first)
    assert clear.flag == "mistake" and clear.loss_bound == pytest.approx(0.15 - LOWER_BOUND_Z * 0.01)


def test_margins_flag_moves_once_the_game_is_decided(stone_age_reviewer):
    """Win probability saturates in a decided game; the score margin then still shows what a move cost."""
    r, view, first, points = stone_age_reviewer
    assert points
    decided = r._move(0, 0, view, Measured(0.99), Measured(1.0), 0.01, 0.001, 0.3 * points, first)
    assert decided.flag == "blunder" and decided.margin_loss == pytest.approx(0.3 * points)
    open_game = r._move(0, 0, view, Measured(0.59), Measured(0.6), 0.01, 0.001, 0.3 * points, first)
    assert open_game.flag is None            # while the game is open, win probability speaks


def test_review_writes_the_evaluation_graph(played_record, tmp_path, capsys):
    svg, png = tmp_path / "graph.svg", tmp_path / "graph.png"
    assert cli.main(["review", str(played_record), "--iterations", "30", "--svg", str(svg), "--png", str(png)]) == 0
    assert svg.read_text().startswith("<svg") and "polyline" in svg.read_text()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert cli.main(["review", str(played_record), "--iterations", "30", "--svg", str(tmp_path / "no" / "g.svg")]) == 2
    assert "No such file or directory" in capsys.readouterr().err


def test_no_proofs_measures_a_solvable_game_by_search(tmp_path, capsys):
    game = cavemind.load_game("tictactoe")
    path = tmp_path / "ttt.jsonl"
    record_of(game, ["a1", "b1", "a2", "b2", "c3"]).write(str(path))
    for extra, proven in (([], True), (["--no-proofs"], False)):
        assert cli.main(["review", str(path), "--iterations", "400", "--json", *extra]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert {m["proven"] for m in doc["moves"]} == {proven} and doc["settings"]["proofs"] is proven
