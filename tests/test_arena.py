"""The arena: seat rotation and seeding, identical results on every backend, resume, forfeits, arguments."""
import json

import pytest

import cavemind
from cavemind import arena
from cavemind.arena import ArenaError, games_line, read_results, run_arena
from cavemind.ratings import SPRT, PentanomialSPRT

SEARCHERS = ["ismcts:iterations=40", "pimc:iterations=40,worlds=2", "random"]


def comparable(games):
    """A result without the wall-clock parts (thinking time), which differ between runs."""
    out = []
    for g in games:
        g = dict(g, seconds=None, moves=[m[:2] for m in g["moves"]])
        out.append(json.dumps(g, sort_keys=True))
    return out


def test_every_deal_is_played_in_every_seat_rotation_with_the_same_luck():
    result = run_arena("kuhn_poker", ["ismcts:iterations=30", "random"], games=6, progress=False)
    assert len(result.games) == 6 and result.match.deals == 3
    for deal in range(3):
        pair = [g for g in result.games if g["deal"] == deal]
        assert [g["seats"] for g in pair] == [[0, 1], [1, 0]]
        assert pair[0]["deal_seed"] == pair[1]["deal_seed"]
        # the opening deal comes from new_initial_state(seed), the same for both rotations
        opening = [cavemind.load_game("kuhn_poker").new_initial_state(seed=g["deal_seed"]).to_json() for g in pair]
        assert opening[0] == opening[1]
    assert len({g["deal_seed"] for g in result.games}) == 3  # deals differ from each other


def seat_dice(game_record):
    """Each seat's hunt dice in one Dino Jagd game: the faces of the rolls that follow its own decisions, by
    their place among the chance events drawn after that seat's decisions."""
    dice, drawn, last = {}, {}, None
    for seat, move, _ in game_record["moves"]:
        if seat >= 0:
            last = seat
        elif last is not None:
            if move.startswith("roll "):
                dice.setdefault(last, {})[drawn.get(last, 0)] = move
            drawn[last] = drawn.get(last, 0) + 1
    return dice


@pytest.mark.parametrize("streams", ["seat", "shared"])
def test_duplicate_deals_give_each_seat_its_own_dice_in_every_rotation(streams, tmp_path):
    """With chance_streams="seat" the j-th chance event after a seat's decisions is drawn from that seat's own
    stream, so in both rotations of a deal a seat's j-th roll shows the same face, whoever sits there and
    whatever the others did; with one shared stream the faces part once play differs."""
    out = str(tmp_path / "duplicate.jsonl")
    result = run_arena("dino_jagd", ["ismcts:iterations=20", "random"], games=2, progress=False, out=out,
                       chance_streams=streams)
    first, second = (seat_dice(g) for g in result.games)
    same = [first[s][j] == second[s][j] for s in (0, 1) for j in first.get(s, {}) if j in second.get(s, {})]
    assert len(same) >= 5
    assert all(same) if streams == "seat" else not all(same)
    header, _ = read_results(out)
    assert header.get("chance_streams", "shared") == streams   # resumed only by the same kind of match
    with pytest.raises(ArenaError, match="chance_streams"):
        run_arena("dino_jagd", ["ismcts:iterations=20", "random"], games=2, progress=False, out=out,
                  chance_streams="shared" if streams == "seat" else "seat")


def test_an_unknown_kind_of_chance_stream_is_refused():
    with pytest.raises(ArenaError, match="chance_streams='dice'"):
        run_arena("tictactoe", ["random", "random"], games=2, progress=False, chance_streams="dice")


def test_three_player_rotations_and_duplicate_bots_share_one_identity():
    result = run_arena("kuhn_poker", ["ismcts:iterations=30", "random", "random"], games=3, progress=False)
    assert result.bots == ["ismcts:iterations=30", "random"] and result.match.players == 3
    assert [g["seats"] for g in result.games] == [[0, 1, 1], [1, 1, 0], [1, 0, 1]]
    assert all(len(g["returns"]) == 3 and abs(sum(g["returns"]) - 1) < 1e-9 for g in result.games)


def test_more_bots_than_players_is_a_round_robin():
    result = run_arena("tictactoe", ["random", "heuristic", "mcts:iterations=20"], games=2, progress=False)
    assert sorted({tuple(sorted(g["seats"])) for g in result.games}) == [(0, 1), (0, 2), (1, 2)]
    assert len(result.games) == 6


def test_same_seeds_same_results_in_process_in_processes_and_on_dask():
    distributed = pytest.importorskip("distributed")
    kwargs = dict(game_name="kuhn_poker", bot_specs=SEARCHERS, games=4, players=2, seed=11, progress=False)
    local = run_arena(**kwargs)
    assert len(local.games) == 12
    assert comparable(run_arena(**kwargs).games) == comparable(local.games)  # reproducible in-process
    pooled = run_arena(**kwargs, jobs=2)
    assert comparable(pooled.games) == comparable(local.games)
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2,
                                  dashboard_address=None) as cluster:
        on_dask = run_arena(**kwargs, scheduler=cluster.scheduler_address)  # as --scheduler ADDRESS does
        with distributed.Client(cluster) as client:
            with_client = run_arena(**kwargs, scheduler=client)  # or a Client the caller already has
    assert comparable(on_dask.games) == comparable(local.games) == comparable(with_client.games)
    # another match seed gives other games
    assert comparable(run_arena(**dict(kwargs, seed=12)).games) != comparable(local.games)


def test_results_are_appended_and_an_interrupted_run_resumes_without_losing_or_repeating(tmp_path):
    out = str(tmp_path / "results.jsonl")
    specs = ["ismcts:iterations=30", "random"]
    seen = []

    def interrupt_after_five(record):
        seen.append(record)
        if len(seen) == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_arena("tictactoe", specs, games=12, out=out, progress=False, on_game=interrupt_after_five)
    header, games = read_results(out)
    assert header["bots"] == specs and len(games) == 5
    with open(out, "a") as handle:  # a write cut off by the interruption
        handle.write('{"type": "game", "deal": 9')
    played = []
    resumed = run_arena("tictactoe", specs, games=12, out=out, progress=False, on_game=played.append)
    assert len(played) == 7 and len(resumed.games) == 12
    keys = [arena.game_key(g) for g in read_results(out)[1]]
    assert len(keys) == len(set(keys)) == 12
    with open(out) as handle:
        assert all(json.loads(line) for line in handle)  # the partial line is gone
    fresh = run_arena("tictactoe", specs, games=12, progress=False)
    assert comparable(resumed.games) == comparable(fresh.games)
    # asking for more games extends the file; asking again plays nothing
    assert len(run_arena("tictactoe", specs, games=14, out=out, progress=False).games) == 14
    again = []
    run_arena("tictactoe", specs, games=14, out=out, progress=False, on_game=again.append)
    assert again == []


def test_a_results_file_of_another_match_is_refused(tmp_path):
    out = str(tmp_path / "results.jsonl")
    run_arena("tictactoe", ["random", "heuristic"], games=2, out=out, progress=False)
    with pytest.raises(ArenaError, match="another match"):
        run_arena("tictactoe", ["random", "mcts:iterations=10"], games=2, out=out, progress=False)
    with pytest.raises(ArenaError, match="another match"):
        run_arena("tictactoe", ["random", "heuristic"], games=2, out=out, seed=5, progress=False)


def test_a_crashing_or_cheating_bot_forfeits_and_the_run_goes_on(monkeypatch):
    calls = {"n": 0}

    def flaky(self, state):
        calls["n"] += 1
        if calls["n"] % 3 == 0:
            raise RuntimeError("segfault, nearly")
        if calls["n"] % 3 == 1:
            return 999  # not a legal action
        return state.legal_actions()[0]

    monkeypatch.setattr(cavemind.bots.HeuristicBot, "step", flaky)
    result = run_arena("tictactoe", ["heuristic", "random"], games=4, progress=False)
    assert len(result.games) == 4
    for g in result.games:
        forfeit = g["forfeit"]
        assert forfeit is not None and forfeit["bot"] == "heuristic"
        assert g["returns"][forfeit["seat"]] == 0.0 and g["returns"][1 - forfeit["seat"]] == 1.0
    reasons = " ".join(g["forfeit"]["reason"] for g in result.games)
    assert "RuntimeError: segfault, nearly" in reasons and "illegal action 999" in reasons
    from cavemind.ratings import bot_stats
    assert bot_stats(result.games, result.bots)[0].forfeits == 4


def test_a_bot_over_its_time_limit_forfeits():
    # the limit leaves the random bot room on a loaded machine (with 0.1 ms it forfeited there now and then);
    # 200,000 iterations take a tenth of a second or more
    result = run_arena("tictactoe", ["mcts:iterations=200000", "random"], games=2, time_limit=0.01, progress=False)
    assert all(g["forfeit"]["bot"] == "mcts:iterations=200000" and "over the limit" in g["forfeit"]["reason"]
               for g in result.games)


def test_sprt_stops_a_decided_match_after_a_whole_deal():
    result = run_arena("tictactoe", ["mcts:iterations=300", "random"], games=400, sprt=SPRT(0, 200),
                       progress=False)
    assert result.sprt.decision == "H1" and result.stopped_early
    assert len(result.games) < 400 and len(result.games) % 2 == 0


def test_an_sprt_given_as_text_is_the_paired_test_on_pairs_of_games():
    result = run_arena("tictactoe", ["mcts:iterations=300", "random"], games=400, sprt="0,200", progress=False)
    assert isinstance(result.sprt, PentanomialSPRT) and result.sprt.decision == "H1"
    assert result.sprt.n == len(result.games) // 2 == sum(result.sprt.counts)
    with pytest.raises(ArenaError, match="pentanomial"):
        run_arena("kuhn_poker", ["ismcts:iterations=20", "random", "random"], games=3, players=3,
                  sprt=PentanomialSPRT(0, 50), progress=False)


def test_progress_bar_shows_count_and_time_left(capsys):
    run_arena("tictactoe", ["random", "heuristic"], games=4, progress=True)
    err = capsys.readouterr().err
    # Drawn at most 10 times a second, but the last count is always shown, and the line is ended.
    assert err.startswith("\r[....") and "0/4 games" in err and err.endswith("\n")
    assert "[" + "#" * 30 + "] 4/4 games" in err and " elapsed, ~" in err and " left" in err


def test_games_line_estimates_the_time_left_from_the_games_played_in_this_run():
    assert games_line(3, 12, 0, 5.0) == "[#######.......................] 3/12 games  0m05s elapsed, estimating"
    assert games_line(6, 12, 3, 60.0).endswith("6/12 games  1m00s elapsed, ~2m00s left")


@pytest.mark.parametrize("kwargs, message", [
    (dict(bot_specs=["random"]), "at least 2 bots"),
    (dict(bot_specs=["random", "alphazero"]), "unknown bot 'alphazero'"),
    (dict(bot_specs=["random", "human"]), "bots only"),
    (dict(bot_specs=["random", "ismcts:iterations=0"]), "must be positive"),
    (dict(games=0), "games=0"),
    (dict(jobs=0), "jobs=0"),
    (dict(players=3), "players=3"),
    (dict(options={"board": "4"}), "unknown option 'board'"),
    (dict(time_limit=-1), "time_limit=-1: must be a positive finite number"),
    (dict(bot_specs=["random", "heuristic", "mcts"], sprt=SPRT()), "compares 2 bots"),
])
def test_bad_arguments_are_clear_errors(kwargs, message):
    args = {"game_name": "tictactoe", "bot_specs": ["random", "heuristic"], "games": 2, "progress": False, **kwargs}
    with pytest.raises(cavemind.CavemindError, match=message):
        run_arena(**args)


def test_unknown_game_is_an_unknown_game_error():
    with pytest.raises(cavemind.UnknownGameError, match="chess"):
        run_arena("chess", ["random", "random"], games=2, progress=False)


def test_missing_dask_scheduler_is_a_clear_error(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(arena, "DASK_CONNECT_TIMEOUT", "1s")
    with pytest.raises(ArenaError, match="cannot reach the Dask scheduler"):
        run_arena("tictactoe", ["random", "heuristic"], games=2, scheduler="tcp://127.0.0.1:1", progress=False)


# ---- bots given as objects: instances and factories (not only specifications) ----

class FirstMoveBot(cavemind.Bot):
    """A user's own bot: always the first legal action."""

    name = "first-move"

    def step(self, state):
        return state.legal_actions()[0]


def first_move_factory(seed):
    return FirstMoveBot()


def test_arena_takes_bot_instances_and_factories_next_to_specifications():
    result = run_arena("tictactoe", [FirstMoveBot(), first_move_factory, "random"], games=2, seed=3)
    assert result.match.bots == ["first-move", "first_move_factory", "random"]
    labels = {label for game in result.games for label in game["bots"]}
    assert labels == {"first-move", "first_move_factory", "random"}
    assert all(game["forfeit"] is None for game in result.games)


def test_a_factory_that_returns_no_bot_is_refused_before_any_game():
    with pytest.raises(ArenaError, match="returned 42, not a cavemind.Bot"):
        run_arena("tictactoe", [lambda seed: 42, "random"], games=2)


def test_an_unpicklable_bot_with_worker_processes_names_the_reason():
    with pytest.raises(ArenaError, match="cannot be sent to worker processes.*jobs=1"):
        run_arena("tictactoe", [lambda seed: FirstMoveBot(), "random"], games=2, jobs=2)


def test_a_bot_object_named_like_a_specification_stays_a_bot_of_its_own():
    bot = cavemind.RandomBot(seed=5)          # its name is "random", as the specification's
    result = run_arena("kuhn_poker", [bot, "random"], games=4, seed=1)
    assert len(result.match.bots) == 2 and "random" in result.match.bots
    assert all(g["forfeit"] is None for g in result.games) and len(result.games) == 4
