"""Each move's standard error and score margin, the best-two comparison, and searches restricted to some root
moves (allowed_moves): the statistics analyse, review and the engine report with their uncertainty."""
import json
import math
from pathlib import Path

import pytest

import cavemind
from cavemind.analysis_output import SEPARATION_Z, best_two, format_table, json_record
from cavemind.arena import run_arena
from cavemind.testing import bot_decisions

SCHEMA = json.loads((Path(__file__).parent.parent / "docs" / "engine-protocol.schema.json").read_text())


def kuhn_after(*moves: str, deal: tuple[int, int] = (0, 1)) -> cavemind.State:
    """Kuhn poker with player 0 dealt card deal[0] and player 1 deal[1], then `moves`."""
    state = cavemind.load_game("kuhn_poker").new_initial_state()
    for card in deal:
        state.apply(card if card in state.legal_actions() else state.legal_actions()[0])
    for move in moves:
        state.apply(move)
    return state


def test_a_move_with_one_outcome_has_no_spread_and_a_binary_one_the_binomial_error():
    # Player 1 holds the queen facing a bet: folding always loses the ante (one result); calling wins against the
    # jack and loses against the king, so each sampled return is 0 or 1 and the sample error is sqrt(p(1-p)/(n-1)).
    state = kuhn_after("bet", deal=(0, 1))
    info = cavemind.analyse(state, cavemind.Limit(iterations=4000), seed=3)
    moves = {m.name: m for m in info.moves}
    assert moves["fold"].stderr == 0.0 and moves["fold"].margin == pytest.approx(-2.0)
    assert moves["fold"].margin_stderr == 0.0
    # Calling wins or loses two chips each time: the margins are +4 or -4 (the winner's 2 against the loser's -2).
    p = (moves["call"].margin / 4 + 1) / 2
    assert moves["call"].margin_stderr == pytest.approx(8 * math.sqrt(p * (1 - p) / (moves["call"].visits - 1)),
                                                        rel=1e-3)
    call = moves["call"]
    assert 0.3 < call.value < 0.7
    assert call.stderr == pytest.approx(math.sqrt(call.value * (1 - call.value) / (call.visits - 1)), rel=1e-4)


def test_the_error_shrinks_as_a_move_is_searched_more():
    state = cavemind.load_game("stone_age").new_initial_state(seed=5)
    while state.is_chance_node():
        state.apply(state.legal_actions()[0])
    errors = []
    for iterations in (500, 8000):
        info = cavemind.analyse(state, cavemind.Limit(iterations=iterations), seed=1, allowed_moves=[info_best(state)])
        errors.append(info.moves[0].stderr)
    assert errors[0] is not None and errors[1] is not None and errors[1] < errors[0] / 2


def info_best(state: cavemind.State) -> int:
    return cavemind.analyse(state, cavemind.Limit(iterations=300), seed=0).best.action


def test_the_margin_is_the_movers_score_margin_where_the_playouts_end():
    # X to move can win at once on c3 (a1, b2 taken by X; O on a2, a3): the winning move's every playout ends there.
    state = cavemind.load_game("tictactoe").new_initial_state()
    for move in ("a1", "a2", "b2", "a3"):
        state.apply(move)
    info = cavemind.analyse(state, cavemind.Limit(iterations=3000), algorithm="mcts", seed=0)
    win = next(m for m in info.moves if m.name == "c3")
    assert win.value == 1.0 and win.stderr == 0.0 and win.margin == pytest.approx(1.0)


@pytest.mark.parametrize("algorithm", ["mcts", "ismcts", "mo-ismcts", "pimc"])
def test_allowed_moves_gives_the_whole_budget_to_the_moves_named(algorithm):
    state = cavemind.load_game("tictactoe").new_initial_state()
    info = cavemind.analyse(state, cavemind.Limit(iterations=2000), algorithm=algorithm, seed=2,
                            allowed_moves=["a1", 4])
    assert {m.name for m in info.moves} == {"a1", "b2"}
    assert sum(m.visits for m in info.moves) == 2000
    alone = cavemind.analyse(state, cavemind.Limit(iterations=2000), algorithm=algorithm, seed=2, allowed_moves=["c3"])
    assert [m.name for m in alone.moves] == ["c3"] and alone.moves[0].visits == 2000


@pytest.mark.parametrize("moves, message", [
    ([], "non-empty list"), ("a1", "non-empty list"), (["z9"], "'z9' is not a legal move"),
    ([99], "99 is not a legal move"), ([1.5], "neither a move id nor a name"), ([True], "neither"),
])
def test_bad_allowed_moves_are_refused_by_name(moves, message):
    state = cavemind.load_game("tictactoe").new_initial_state()
    with pytest.raises(cavemind.SearchError, match="allowed_moves") as error:
        cavemind.analyse(state, cavemind.Limit(iterations=10), allowed_moves=moves)
    assert message in str(error.value)


def test_allowed_moves_cannot_continue_a_kept_tree():
    state = cavemind.load_game("tictactoe").new_initial_state()
    with pytest.raises(cavemind.SearchError, match="kept tree"):
        cavemind.analyse(state, cavemind.Limit(iterations=10), allowed_moves=["a1"], tree=cavemind.SearchTree())


def test_the_core_checks_allowed_moves_itself():
    state = cavemind.load_game("tictactoe").new_initial_state()
    state.apply("b2")
    settings = cavemind.search.resolve(cavemind.SearchSettings(iterations=10), state.game)
    with pytest.raises(ValueError, match="not a legal action"):
        cavemind._core.search(state, settings, 0, allowed_moves=[4])     # b2 is taken


def test_best_two_says_when_the_search_cannot_tell_them_apart():
    # O's four edge answers to X's corners all draw: a small search cannot separate the best two.
    state = cavemind.load_game("tictactoe").new_initial_state()
    for move in ("a1", "b2", "c3"):
        state.apply(move)
    even = best_two(cavemind.analyse(state, cavemind.Limit(iterations=4000), seed=1))
    assert even is not None and not even.separated and "cannot be told apart" in even.statement()
    # A win against anything else is told apart.
    for move in ("a3",):
        state.apply(move)
    clear = best_two(cavemind.analyse(state, cavemind.Limit(iterations=4000), algorithm="mcts", seed=1))
    assert clear is not None and clear.separated and clear.difference > SEPARATION_Z * clear.stderr
    assert "cannot" not in clear.statement()


def test_the_table_and_the_json_record_carry_the_errors():
    jsonschema = pytest.importorskip("jsonschema")
    state = cavemind.load_game("stone_age").new_initial_state(seed=2)
    while state.is_chance_node():
        state.apply(state.legal_actions()[0])
    info = cavemind.analyse(state, cavemind.Limit(iterations=1500), seed=4)
    table = format_table(info, "stone_age")
    assert "± se" in table and "margin" in table and "\nbest two: " in table
    record = json_record(info)
    for move in record["moveInfos"]:
        assert move["valueStderr"] is None or move["valueStderr"] >= 0
        assert "scoreMargin" in move
    assert record["rootInfo"]["bestTwo"]["moves"] == [info.moves[0].name, info.moves[1].name]
    validator = jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/moveInfo"})
    for move in record["moveInfos"]:
        validator.validate(move)
    jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/rootInfo"}).validate(record["rootInfo"])


def test_a_length_discount_makes_an_earlier_win_worth_more_once_the_game_is_decided():
    """length_discount D: once the most visited move's value is decided (at least 0.9 or at most 0.1), a playout's
    values shrink toward 0.5 by (1 - D) per decision from the root, so an immediate win is worth 0.5 + 0.5 (1 - D)
    and a longer one less (issue 36: finish won games); in an open game nothing changes."""
    state = cavemind.load_game("tictactoe").new_initial_state()
    for move in ("a1", "a2", "b2", "a3"):
        state.apply(move)
    plain = {m.name: m.value for m in cavemind.analyse(state, iterations=20000, algorithm="mcts", seed=1).moves}
    hurried = cavemind.analyse(state, iterations=20000, algorithm="mcts", seed=1, length_discount=0.05).moves
    win = next(m for m in hurried if m.name == "c3")
    assert plain["c3"] == 1.0 and hurried[0].name == "c3"
    # The first 256 iterations, before the search knew the game decided, count whole.
    assert 0.5 + 0.5 * 0.95 < win.value < 0.5 + 0.5 * 0.95 + 256 / win.visits * 0.025 + 1e-6
    opening = cavemind.load_game("tictactoe").new_initial_state()
    first, second = (cavemind.analyse(opening, iterations=3000, seed=2, length_discount=d) for d in (0.0, 0.05))
    assert [(m.name, m.visits, m.value) for m in first.moves] == [(m.name, m.visits, m.value) for m in second.moves]
    with pytest.raises(cavemind.SearchError, match="length_discount"):
        cavemind.analyse(state, iterations=10, length_discount=0.5)


def test_the_passive_bot_ends_its_turn_or_plays_its_first_move():
    kuhn = kuhn_after()
    bot = cavemind.botspec.parse_bot_spec("passive").make(seed=3)
    assert kuhn.action_to_string(bot.step(kuhn)) == "pass"
    board = cavemind.load_game("tictactoe").new_initial_state()
    assert bot.step(board) == board.legal_actions()[0]


@pytest.mark.parametrize("name, hurries", [("dino_jagd", True), ("stone_age", True), ("honga", True),
                                           ("jaeger_und_spaeher", True), ("prehistory", False)])
def test_a_bot_hurries_to_finish_a_won_game_and_an_analysis_does_not(name, hurries, monkeypatch):
    """A bot takes its game's own settings (cavemind.games.bot_defaults) where its settings leave them unset: the
    length discount 0.0005 in the four games where it did not cost strength in 200 games (issue 36, point 1), not
    in Prehistory, which ends after its fifth round whatever anyone does; an analysis's values stay undiscounted,
    and a bot given discount=0 keeps 0."""
    searched = []

    def recording_analyse(state, *, settings, **kwargs):
        searched.append(cavemind.search.resolve(settings, state.game).length_discount)
        return real_analyse(state, settings=settings, **kwargs)

    real_analyse = cavemind.bots.analyse
    monkeypatch.setattr(cavemind.bots, "analyse", recording_analyse)
    game = cavemind.load_game(name)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply(state.sample_chance(1) if state.is_chance_node() else state.legal_actions()[0])
    cavemind.ISMCTSBot(iterations=20).step(state)
    cavemind.ISMCTSBot(iterations=20, length_discount=0.0).step(state)
    assert searched == [0.0005 if hurries else 0.0, 0.0]
    assert cavemind.search.resolve(cavemind.SearchSettings(), game).length_discount == 0.0


def bot_turn(position_file: str, seat: int) -> list[str]:
    """The moves a default ISMCTSBot (seed 0) plays in its turn, at most 4, from `seat`'s own view of a Dino Jagd
    position in tests/games (its hidden parts sampled: the bot reads nothing hidden from it)."""
    doc = json.loads((Path(__file__).parent / "games" / position_file).read_text(encoding="utf-8"))
    game = cavemind.load_game("dino_jagd", players=doc["players"], **doc["options"])
    view = game.state_from_dict(doc["state"], observer=seat, seed=3)
    bot = cavemind.ISMCTSBot(seed=0)
    played: list[str] = []
    while not view.is_terminal() and view.current_player() == seat and len(played) < 4:
        played.append(view.action_to_string(bot.step(view)))
        view.apply(played[-1])
    return played


def test_a_bot_that_has_won_finishes_the_game_instead_of_waiting():
    """Issue 36, point 1: Dino Jagd, play deck empty, one creature left (in LK), seat 1 ahead 58 to 14 (a
    position from a self-play game that ran to the safety cap). Every move wins, so the search's values differ by
    thousandths and it ended turn after turn; the bot plays the game's rollout-policy move instead (travel to the
    creature, hunt it), which ends the game (rulebook: it ends when no creature is left in the play deck and the
    hunting area). From the bot's own view: nothing hidden from seat 1 is read."""
    assert bot_turn("dino_jagd_won_endgame.json", seat=1)[:2] == ["travel LK", "hunt Edmontosaurus LK3"]
    doc = json.loads((Path(__file__).parent / "games" / "dino_jagd_won_endgame.json").read_text(encoding="utf-8"))
    game = cavemind.load_game("dino_jagd", **doc["options"])
    searched = cavemind.analyse(game.state_from_dict(doc["state"], observer=1, seed=3), seed=0,
                                length_discount=0.0005)
    assert searched.best.value > 0.95    # decided: the bot's rule applies


def test_a_three_player_leader_goes_for_the_last_creature_when_the_others_wait():
    """Dino Jagd, 3 players, play deck empty, one creature left (Utahraptor in EK), seat 2 ahead 48 to 42 and 22
    (from a game of self-play that reached the safety cap). The two players behind delay their losses (a later
    loss is worth more to them), and the leader's search valued ending its turn some 0.02 above travelling to the
    creature, whose hunt they can spoil: all three ended turn after turn. The bot finishes: it travels to the
    creature and hunts it, the game's rollout-policy moves (rulebook: the game ends when no creature is left in
    the play deck and the hunting area). From seat 2's own view."""
    assert bot_turn("dino_jagd_won_endgame_3p.json", seat=2)[:2] == ["travel EK", "hunt Utahraptor EK1"]


def test_a_won_bot_whose_search_rolls_out_with_mast_finishes_by_its_search():
    """Jäger und Späher ends when a player reaches 24 points (rulebook: "as soon as ... the game ends"). Its
    search rolls out with MAST; a won bot that played the game's own rollout policy instead (the finishing rule)
    scored 1 point in 4,009 moves against the passive bot, until the safety cap. The finishing rule follows the
    policy only where the search's rollouts do, so this game ends with 24 points, far from the cap."""
    game = run_arena("jaeger_und_spaeher", ["ismcts", "passive"], games=1, progress=False).games[0]
    assert max(game["scores"]) >= 24 and game["length"] < 1500


def test_a_four_player_leader_hunts_when_its_model_of_the_rivals_makes_waiting_look_as_good():
    """Dino Jagd, 4 players, play deck empty, creatures left in every period, seat 3 ahead 16 to 0 against three
    passive players (from a game against the passive bot that reached the safety cap). Its search values every
    move about 0.93 (the rivals it models, holding many cards, could spoil any hunt), below the 0.95 where the
    finishing rule started, and it ended turn after turn for 900 turns. From 0.9, where the search's own length
    discount starts, it plays the game's rollout-policy moves: travel to creatures it can send home, and hunt
    (rulebook: the game ends when no creature is left in the play deck and the hunting area). From its own view."""
    played = bot_turn("dino_jagd_won_waiting_4p.json", seat=3)
    assert played[0].startswith("travel ") and played[1].startswith("hunt "), played


def test_a_won_bot_without_the_games_rollout_policy_plays_for_points():
    """Jäger und Späher ends only when a player reaches 24 (rulebook: "as soon as ... the game ends"). Against the
    passive bot, whose score stays 0, every move of the search's reads as the same win once it leads by a dozen
    points, and a bot picking among them stayed between 12 and 22 points for hundreds of turns (4 of 200 games
    reached the 1,000-turn cap). Where its search does not roll out with the game's policy, a won bot plays the
    near-best move with the highest score margin: this deal (one of those four) ends at 24 in under 200 turns
    (343 turns without the rule, with the same seeds)."""
    game = cavemind.load_game("jaeger_und_spaeher")
    state = game.new_initial_state(seed=1826728605)
    for _ in bot_decisions(state, [cavemind.ISMCTSBot(seed=0), cavemind.bots.PassiveBot()], 1826728605):
        pass
    assert state.scores()[0] >= 24 and state.to_dict()["state"]["turn"] < 200


def test_scoring_move_takes_the_highest_margin_among_the_near_best_moves_read_often_enough():
    """The rule's choice, by itself: within FINISHING_TOLERANCE of the best value and from at least AT_ONCE_VISITS
    playouts, the highest mean margin; nothing where no move qualifies."""
    def move(action, visits, value, margin):
        return cavemind.MoveInfo(action=action, name=str(action), visits=visits, value=value, available=1000,
                                 margin=margin)

    def info(*moves):
        return cavemind.AnalysisInfo(player=0, algorithm="ismcts", moves=list(moves), iterations=1000, seconds=0.1,
                                     nodes=1000)

    best, near, far, rare = move(1, 400, 0.99, 12.0), move(2, 300, 0.96, 14.0), move(3, 250, 0.93, 20.0), \
        move(4, 10, 0.99, 30.0)
    assert cavemind.bots.scoring_move(info(best, near, far, rare)) is near
    assert cavemind.bots.scoring_move(info(best, far, rare)) is best
    assert cavemind.bots.scoring_move(info(move(1, 400, 0.99, None))) is None


def test_a_bot_that_has_lost_stops_holding_the_game_up():
    """Dino Jagd, 3 players, one creature left (Edmontosaurus in LK), seat 0 hunting it at 56 points, seat 1 at
    18 (from a game of self-play that reached the safety cap after 7,024 moves). Seat 1, lost, spoiled every hunt
    with Stoerfeld or Stoersender (rulebook: a rival may play them in the hunt's window), each a few thousandths
    better for it than letting the hunt go on, since a later loss is worth more. A bot that has lost concedes:
    it passes, the move the search values lowest among the near-best ones (the soonest end)."""
    doc = json.loads((Path(__file__).parent / "games" / "dino_jagd_lost_window_3p.json").read_text(encoding="utf-8"))
    game = cavemind.load_game("dino_jagd", players=3, **doc["options"])
    view = game.state_from_dict(doc["state"], observer=1, seed=3)
    assert {"Stoerfeld", "Stoersender", "pass"} <= {view.action_to_string(a) for a in view.legal_actions()}
    assert view.action_to_string(cavemind.ISMCTSBot(seed=0).step(view)) == "pass"
    assert cavemind.analyse(view, seed=0, length_discount=0.0005).best.value < 0.05    # lost: the rule applies


def test_a_bot_that_has_won_takes_the_move_that_ends_the_game_at_once():
    """Dino Jagd, play deck empty, the last creature in T out of reach of seat 1's energy this turn, seat 1 ahead
    102 to 0 with Aussterben in hand (from a game against the passive bot that reached the safety cap). The
    game's rollout policy takes a step toward the creature; Aussterben T removes the last creature and ends the
    game now (rulebook: it ends when no creature is left in the play deck and the hunting area), and the bot
    plays it."""
    doc = json.loads((Path(__file__).parent / "games" / "dino_jagd_won_endgame_aussterben.json")
                     .read_text(encoding="utf-8"))
    game = cavemind.load_game("dino_jagd", **doc["options"])
    view = game.state_from_dict(doc["state"], observer=1, seed=3)
    assert view.action_to_string(view.determinize(1, 0).rollout_action(0)) == "travel EK"
    assert view.action_to_string(cavemind.ISMCTSBot(seed=0).step(view)) == "Aussterben T"
