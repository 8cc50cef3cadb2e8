"""cavemind.solver: exact values where review can prove them: minimax on small perfect-information positions, and
values against an equilibrium in small games with hidden information (Kuhn poker)."""
import pytest
from conftest import load_benchmark

import cavemind
from cavemind.solver import EquilibriumSolver, ExactSolver


def test_tictactoe_is_a_draw_and_the_solver_knows_which_answers_lose():
    game = cavemind.load_game("tictactoe")
    solver = ExactSolver(game)
    state = game.new_initial_state()
    assert solver.solve(state) == (0.5, 0.5)
    assert set(solver.move_values(state, 0).values()) == {0.5}          # every opening draws
    state.apply("b2")                                                    # after the centre, only corners hold
    values = {state.action_to_string(a): v for a, v in solver.move_values(state, 1).items()}
    assert {m for m, v in values.items() if v == 0.5} == {"a1", "a3", "c1", "c3"}
    assert {m for m, v in values.items() if v == 0.0} == {"a2", "b1", "b3", "c2"}


def test_a_tree_over_the_budget_and_games_with_hidden_information_are_not_solved():
    game = cavemind.load_game("tictactoe")
    assert ExactSolver(game, max_positions=50).solve(game.new_initial_state()) is None
    late = game.new_initial_state()
    for move in ("a1", "b2", "c3", "a3", "c1", "b1", "b3"):
        late.apply(move)
    assert ExactSolver(game, max_positions=50).solve(late) is not None    # a small end still is
    for name in ("kuhn_poker", "stone_age", "dino_jagd"):
        assert not ExactSolver(cavemind.load_game(name)).solvable
    assert not EquilibriumSolver(cavemind.load_game("stone_age")).solvable   # far too long a game
    assert not EquilibriumSolver(game).solvable                              # nothing hidden: ExactSolver's


@pytest.fixture(scope="module")
def kuhn():
    game = cavemind.load_game("kuhn_poker")
    return game, EquilibriumSolver(game)


def kuhn_state(game, cards, moves=()):
    state = game.new_initial_state()
    for card in cards:
        state.apply(f"deal {card}")
    for move in moves:
        state.apply(move)
    return state


def test_kuhn_poker_solves_to_the_known_equilibrium(kuhn):
    """Player 1's equilibrium strategy is unique (Kuhn 1950): call a bet with the queen a third of the time, bluff
    the jack a third of the time after a pass, always bet and call with the king; the game is worth -1/18 of a chip
    to player 0, 0.5 - 1/72 in result units."""
    game, solver = kuhn
    facing_bet = solver.strategy(kuhn_state(game, "JQ", ["bet"]), 1)
    after_pass = solver.strategy(kuhn_state(game, "QJ", ["pass"]), 1)
    names = kuhn_state(game, "JQ", ["bet"])
    assert facing_bet[names.string_to_action("call")] == pytest.approx(1 / 3, abs=0.02)
    assert after_pass[kuhn_state(game, "QJ", ["pass"]).string_to_action("bet")] == pytest.approx(1 / 3, abs=0.02)
    king = solver.strategy(kuhn_state(game, "QK", ["bet"]), 1)
    assert king[names.string_to_action("call")] == pytest.approx(1.0, abs=0.01)
    assert solver._value(solver._root)[0] == pytest.approx(0.5 - 1 / 72, abs=0.002)


def test_kuhn_move_values_are_the_closed_form_values_against_that_equilibrium(kuhn):
    """The values the review uses, against the closed-form equilibrium with the solver's bluffing parameter."""
    game, solver = kuhn
    validation = load_benchmark("review_validation")
    jack = kuhn_state(game, "JQ")
    alpha = min(1 / 3, solver.strategy(jack, 0)[jack.string_to_action("bet")])
    strategy = validation.kuhn_equilibrium(alpha)
    for card in "JQK":
        other = next(c for c in "JQK" if c != card)
        for history, player in (("", 0), ("p", 1), ("b", 1), ("pb", 0)):
            cards = card + other if player == 0 else other + card
            state = kuhn_state(game, cards, [validation.MOVE_NAMES[m] for m in history])
            solved = {state.action_to_string(a)[0]: v for a, v in solver.move_values(state, player).items()}
            exact = validation.kuhn_move_values(card, history, player, strategy)
            for move, chips in exact.items():
                # result units: a chip is a quarter around the even 0.5
                assert solved[move] == pytest.approx(0.5 + chips / 4, abs=0.012), (card, history, move)


def test_the_values_depend_only_on_what_the_mover_sees(kuhn):
    game, solver = kuhn
    with_jack, with_king = kuhn_state(game, "QJ", ["pass", "bet"]), kuhn_state(game, "QK", ["pass", "bet"])
    assert solver.move_values(with_jack, 0) == solver.move_values(with_king, 0)
