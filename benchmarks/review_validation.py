"""How far review's flags can be trusted (issue 37): flags against exact values where they are known, agreement
between two reviews of one game, who collects the flags, and review's speed. The figures are in docs/records.md.

    python benchmarks/review_validation.py tictactoe --games 500          # against minimax values (solver)
    python benchmarks/review_validation.py tictactoe --games 100 --no-proofs
    python benchmarks/review_validation.py kuhn                           # against the equilibrium's exact values
    python benchmarks/review_validation.py boards --games 2               # every board game: seeds and who is flagged

Every game played here is seeded (--seed), and so is every review, so a run repeats exactly. Reviews run at
review's defaults (1,000 iterations per search, thresholds 0.05/0.10/0.20) unless --iterations is given.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import cavemind
from cavemind.botspec import parse_bot_spec
from cavemind.records import GameRecord, RecordBuilder
from cavemind.review import Review, equilibrium_solver, review_record
from cavemind.solver import ExactSolver

BOARD_GAMES = ("stone_age", "honga", "jaeger_und_spaeher", "dino_jagd", "prehistory")


def play_record(game: cavemind.Game, seats: Sequence[str], seed: int) -> GameRecord:
    """One seeded game between bot specifications, as a record."""
    rng = random.Random(seed)
    bots = [parse_bot_spec(spec).make(seed=rng.getrandbits(32)) for spec in seats]
    builder = RecordBuilder(game, list(seats), deal_seed=seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance(rng.getrandbits(32))
        else:
            action = bots[state.current_player()].step(state)
        builder.add(state, action, seconds=0.0)
        state.apply(action)
    return builder.record(state)


def reviewed(record: GameRecord, args: argparse.Namespace, seed: int = 0) -> tuple[Review, float]:
    started = time.perf_counter()
    options: dict[str, Any] = {"iterations": args.iterations} if args.iterations else {}
    review = review_record(record, seed=seed, proofs=not args.no_proofs, **options)
    return review, time.perf_counter() - started


# ------------------------------------------------------------------------------------------------ tic-tac-toe

def tictactoe(args: argparse.Namespace) -> dict[str, Any]:
    """Flags against minimax: a move loses value when its exact value for the mover is below the best move's."""
    game = cavemind.load_game("tictactoe")
    solver = ExactSolver(game)
    figures: dict[str, Any] = {}
    for kind, seats in (("random", ["random", "random"]), ("weak_vs_strong", [args.weak, args.strong])):
        flagged = losing = both = decisions = 0
        seconds = 0.0
        for n in range(args.games):
            lineup = seats if n % 2 == 0 else seats[::-1]
            record = play_record(game, lineup, args.seed + n)
            review, took = reviewed(record, args, seed=n)
            seconds += took
            states = {index: state for index, _, state in record.decisions()}
            for move in review.moves:
                state = states[move.entry]
                values = solver.move_values(state, move.player)
                assert values is not None
                played = state.string_to_action(move.played)
                loses = values[played] < max(values.values())
                decisions += 1
                flagged += move.flag is not None
                losing += loses
                both += loses and move.flag is not None
        figures[kind] = {"games": args.games, "decisions": decisions, "flagged": flagged, "value_losing": losing,
                         "flagged_and_losing": both,
                         "precision": both / flagged if flagged else None, "recall": both / losing if losing else None,
                         "seconds_per_decision": seconds / decisions if decisions else None}
        print(f"tictactoe {kind}: {decisions} decisions, {flagged} flagged, {losing} lose value; precision "
              f"{_share(both, flagged)}, recall {_share(both, losing)}; {figures[kind]['seconds_per_decision']:.4f} "
              f"s per decision", flush=True)
    return figures


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} = {part / whole:.1%}" if whole else "-"


# ------------------------------------------------------------------------------------------------ Kuhn poker

CARDS = "JQK"
MOVE_NAMES = {"p": "pass", "b": "bet", "f": "fold", "c": "call"}


def kuhn_equilibrium(alpha: float) -> dict[str, dict[str, float]]:
    """Kuhn's equilibrium family (Kuhn 1950) by player 0's bluffing parameter alpha in [0, 1/3]: the probability
    of betting or calling, by card. Player 0 bets the jack with alpha, never the queen, the king with 3 alpha, and
    after passing calls a bet with the queen with alpha + 1/3 and with the king. Player 1 (whose strategy is unique)
    calls a bet with the king and a third of the time with the queen, and after a pass bets the king and bluffs the
    jack a third of the time."""
    return {"p0_bets": {"J": alpha, "Q": 0.0, "K": 3 * alpha}, "p0_calls": {"J": 0.0, "Q": alpha + 1 / 3, "K": 1.0},
            "p1_calls": {"J": 0.0, "Q": 1 / 3, "K": 1.0}, "p1_bets": {"J": 1 / 3, "Q": 0.0, "K": 1.0}}


def kuhn_chips(card0: str, card1: str, history: str, strategy: dict[str, dict[str, float]]) -> float:
    """Player 0's winnings in chips after `history` (p pass, b bet, f fold, c call), the rest by `strategy`."""
    higher = 1 if CARDS.index(card0) > CARDS.index(card1) else -1
    ends = {"pp": higher, "bf": 1, "pbf": -1, "bc": 2 * higher, "pbc": 2 * higher}
    if history in ends:
        return ends[history]
    choice = {"": strategy["p0_bets"][card0], "p": strategy["p1_bets"][card1], "b": strategy["p1_calls"][card1],
              "pb": strategy["p0_calls"][card0]}[history]
    yes, no = ("b", "p") if history in ("", "p") else ("c", "f")
    return (choice * kuhn_chips(card0, card1, history + yes, strategy)
            + (1 - choice) * kuhn_chips(card0, card1, history + no, strategy))


def kuhn_move_values(card: str, history: str, player: int, strategy: dict[str, dict[str, float]]) -> dict[str, float]:
    """Each move's expected chips for `player` holding `card` after `history`, against `strategy`: the opponent's
    cards weighed by how likely the opponent's own play in `history` makes each."""
    weights, totals = {}, {}
    for other in (c for c in CARDS if c != card):
        cards = (card, other) if player == 0 else (other, card)
        weight = 1.0
        for i, move in enumerate(history):            # the opponent's moves so far, by their strategy
            if i % 2 != player:
                key = {"": "p0_bets", "p": "p1_bets", "b": "p1_calls", "pb": "p0_calls"}[history[:i]]
                p = strategy[key][cards[i % 2]]
                weight *= p if move in "bc" else 1 - p
        weights[other] = weight
    total = sum(weights.values()) or 1.0
    moves = "pb" if history in ("", "p") else "fc"
    sign = 1 if player == 0 else -1
    for move in moves:
        totals[move] = sum(weights[o] / total * sign * kuhn_chips(*((card, o) if player == 0 else (o, card)),
                                                                   history + move, strategy) for o in weights)
    return totals


def kuhn(args: argparse.Namespace) -> dict[str, Any]:
    """Every decision of Kuhn poker (card and history) with every move, reviewed in a game where that move was
    played; the exact loss is against the closed-form equilibrium (kuhn_equilibrium) with the bluffing parameter of
    the equilibrium review's solver found, in result units (a chip is a quarter)."""
    game = cavemind.load_game("kuhn_poker")
    probe = game.new_initial_state()
    for outcome in (2, 3):                            # player 0 holds the jack
        probe.apply(outcome)
    solved = equilibrium_solver(game).strategy(probe, 0)
    assert solved is not None
    alpha = min(1 / 3, solved[probe.string_to_action("bet")])
    strategy = kuhn_equilibrium(alpha)
    rows, agree = [], 0
    for card in CARDS:
        for history, player in (("", 0), ("p", 1), ("b", 1), ("pb", 0)):
            values = kuhn_move_values(card, history, player, strategy)
            other = next(c for c in CARDS if c != card)
            for move, value in values.items():
                exact_loss = (max(values.values()) - value) / 4
                deal = (card, other) if player == 0 else (other, card)
                names = [f"deal {deal[0]}", f"deal {deal[1]}", *(MOVE_NAMES[m] for m in history + move)]
                builder = RecordBuilder(game, ["human", "human"])
                state = game.new_initial_state()
                for name in names:
                    action = state.string_to_action(name)
                    builder.add(state, action, seconds=0.0)
                    state.apply(action)
                review, _ = reviewed(builder.record(state), args)
                last = review.moves[-1]
                same = (last.flag is not None) == (exact_loss >= review.thresholds.inaccuracy)
                agree += same
                rows.append({"card": card, "history": history, "player": player, "move": MOVE_NAMES[move],
                             "exact_loss": round(exact_loss, 4), "review_loss": round(last.loss, 4),
                             "flag": last.flag, "agrees": same})
                print(f"kuhn {card} {history or '-':3} p{player} {MOVE_NAMES[move]:5} exact loss {exact_loss:.3f}, "
                      f"review {last.loss:.3f} ± {last.loss_stderr:.3f} {last.flag or '-'}"
                      f"{'' if same else '  DISAGREES'}", flush=True)
    print(f"kuhn (alpha {alpha:.3f}): flags agree with the exact losses on {agree} of {len(rows)} moves")
    return {"alpha": round(alpha, 4), "agree": agree, "moves": len(rows), "rows": rows}


# ------------------------------------------------------------------------------------------------ board games

def boards(args: argparse.Namespace) -> dict[str, Any]:
    """Per board game: games between the default search and random (seats rotated), each reviewed twice with
    different search seeds: the share of decisions with the same flag, and the flags each side collects."""
    figures = {}
    for name in args.game or BOARD_GAMES:
        game = cavemind.load_game(name)
        same = decisions = 0
        flags = {"search": 0, "random": 0}
        moves = {"search": 0, "random": 0}
        seconds = 0.0
        for n in range(args.games):
            seats = ["random"] * game.num_players
            seats[n % game.num_players] = args.strong
            record = play_record(game, seats, args.seed + n)
            first, took = reviewed(record, args, seed=0)
            second, _ = reviewed(record, args, seed=1_000_003)
            seconds += took
            for a, b in zip(first.moves, second.moves, strict=True):
                decisions += 1
                same += a.flag == b.flag
                side = "search" if seats[a.player] == args.strong else "random"
                moves[side] += 1
                flags[side] += a.flag is not None
        figures[name] = {"games": args.games, "decisions": decisions, "same_flag": same,
                         "agreement": same / decisions if decisions else None, "flags": flags, "moves": moves,
                         "seconds_per_decision": seconds / decisions if decisions else None}
        print(f"{name}: {decisions} decisions, the same flag in both reviews on {_share(same, decisions)}; flags: "
              f"search {flags['search']} of {moves['search']} moves, random {flags['random']} of "
              f"{moves['random']}; {figures[name]['seconds_per_decision']:.3f} s per decision", flush=True)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["tictactoe", "kuhn", "boards"])
    parser.add_argument("--games", type=int, default=20, help="games per kind (tictactoe) or per game (boards)")
    parser.add_argument("--game", action="append", choices=BOARD_GAMES, help="boards: only these games")
    parser.add_argument("--seed", type=int, default=0, help="the first game's deal seed (then +1 per game)")
    parser.add_argument("--iterations", type=int, help="the review's iterations per search (default: review's)")
    parser.add_argument("--no-proofs", action="store_true", help="measure every decision by search")
    parser.add_argument("--weak", default="ismcts:iterations=30", help="tictactoe: the weak bot")
    parser.add_argument("--strong", default="ismcts", help="the strong bot (boards: the default search)")
    parser.add_argument("--out", help="also write the figures as JSON to this file")
    args = parser.parse_args()
    figures = {"tictactoe": tictactoe, "kuhn": kuhn, "boards": boards}[args.what](args)
    if args.out:
        command = "python benchmarks/review_validation.py " + " ".join(sys.argv[1:])
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump({"command": command, "figures": figures}, out, indent=1, sort_keys=True)
            out.write("\n")


if __name__ == "__main__":
    main()
