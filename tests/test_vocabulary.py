"""One vocabulary (docs/settings.md): every search setting, set through Python, the CLI, the engine, a bot
specification or play's hints, reaches the search and gives the same result; the old names still work; bad
values get errors that name the setting."""
import io
import json
import subprocess
import sys

import pytest

import cavemind
from cavemind import cli
from cavemind.analysis_output import format_table
from cavemind.botspec import BotSpecError, parse_bot_spec
from cavemind.cli.positions import example_text
from cavemind.engine import Engine
from cavemind.play import Match, give_hint
from cavemind.search import DEFAULT_ITERATIONS
from cavemind.settings import SETTINGS

GAME = "jaeger_und_spaeher"          # hidden information, rollouts cut off by depth, fast to search
EXAMPLE = json.loads(example_text(GAME))
BASE = {"iterations": 300, "seed": 5}

# The vocabulary itself, read from the records (cavemind.settings): Python keyword -> CLI flag, engine field
# ("limit." inside limit), bot-spec key; observer is a position's, not a search's, and named here.
SEARCH = [s for s in SETTINGS if s.group in ("limit", "search", "seed") and not s.advanced]
CLI_FLAGS = {**{s.name: s.cli_flag for s in SEARCH}, "observer": "--observer"}
ENGINE_FIELDS = {**{s.name: s.engine_field for s in SEARCH}, "observer": "observer"}
SPEC_KEYS = {s.name: s.short_key for s in SEARCH if s.short_key is not None}

CASES = [{"exploration": 1.5}, {"rollout_depth": 3}, {"algorithm": "pimc", "determinizations": 2},
         {"memory_mb": 0.001}, {"seed": 9}, {"iterations": 120}, {"iterations": 120, "seconds": 600.0},
         {"algorithm": "mcts"}, {"observer": 1}, {"chance_branching": 64}, {"implicit_minimax": 0.3}]
CASE_IDS = ["-".join(case) for case in CASES]


def moves_of(record: dict) -> list:
    return [(m["move"], m["visits"], m["value"]) for m in record["moveInfos"]]


def python_result(settings: dict) -> list:
    seed = settings["seed"]
    state = cavemind.state_from_json(EXAMPLE, seed=seed)
    if "observer" in settings:
        state = state.determinize(settings["observer"], seed)
    limit = cavemind.Limit(**{k: settings[k] for k in ("iterations", "seconds", "threads", "memory_mb")
                              if k in settings})
    options = {k: settings[k] for k in ("algorithm", "exploration", "rollout_depth", "rollout_policy",
                                        "chance_branching", "implicit_minimax", "determinizations") if k in settings}
    info = cavemind.analyse(state, limit, seed=seed, **options)
    return [(m.name, m.visits, round(m.value, 6)) for m in info.moves]


def cli_record(args: list, capsys) -> dict:
    assert cli.main(["analyse", "--example", GAME, "--json", *map(str, args)]) == 0
    return json.loads(capsys.readouterr().out)


def cli_result(settings: dict, capsys) -> list:
    args = [part for key, value in settings.items() for part in (CLI_FLAGS[key], value)]
    return moves_of(cli_record(args, capsys))


def engine_answers(*messages) -> list[dict]:
    out = io.StringIO()
    Engine(io.StringIO("".join(json.dumps(m) + "\n" for m in messages)), out).run()
    return [json.loads(line) for line in out.getvalue().splitlines()]


def engine_query(settings: dict) -> dict:
    query = {"id": 1, "position": EXAMPLE}
    for key, value in settings.items():
        field = ENGINE_FIELDS[key]
        if field.startswith("limit."):
            query.setdefault("limit", {})[field.removeprefix("limit.")] = value
        else:
            query[field] = value
    return query


def spec_text(settings: dict, long_names: bool) -> str:
    keys = [(key if long_names else SPEC_KEYS[key], value) for key, value in settings.items()
            if key != "algorithm"]
    return settings.get("algorithm", "ismcts") + ":" + ",".join(f"{k}={v}" for k, v in keys)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_each_setting_reaches_the_search_the_same_way_everywhere(case, capsys):
    settings = {**BASE, **case}
    expected = python_result(settings)
    assert expected != python_result(BASE)              # the setting changes the search, so it can be seen
    assert cli_result(settings, capsys) == expected
    [record] = engine_answers(engine_query(settings))
    assert moves_of(record) == expected
    if "observer" not in case:                          # a bot plays its own seat: no observer to set
        for long_names in (False, True):
            limit, options = parse_bot_spec(spec_text(settings, long_names)).search_settings()
            state = cavemind.state_from_json(EXAMPLE, seed=settings["seed"])
            info = cavemind.analyse(state, limit, **options)
            assert [(m.name, m.visits, round(m.value, 6)) for m in info.moves] == expected


@pytest.mark.parametrize("policy", ["uniform", "mast", "nast"])
def test_the_rollout_policy_reaches_the_search_the_same_way_everywhere(policy, monkeypatch, capsys):
    # Jäger und Späher has no rollout policy of its own, so the setting is shown on Stone Age, which has one
    monkeypatch.setattr(sys.modules[__name__], "EXAMPLE", json.loads(example_text("stone_age")))
    monkeypatch.setattr(sys.modules[__name__], "GAME", "stone_age")
    settings = {**BASE, "rollout_policy": policy}
    expected = python_result(settings)
    assert expected != python_result(BASE)
    assert cli_result(settings, capsys) == expected
    [record] = engine_answers(engine_query(settings))
    assert moves_of(record) == expected
    for long_names in (False, True):
        limit, options = parse_bot_spec(spec_text(settings, long_names)).search_settings()
        state = cavemind.state_from_json(EXAMPLE, seed=settings["seed"])
        info = cavemind.analyse(state, limit, **options)
        assert [(m.name, m.visits, round(m.value, 6)) for m in info.moves] == expected


def test_the_vocabulary_keeps_its_names():
    """The names users have written stay what they were (the records may add names, never rename one)."""
    assert CLI_FLAGS["memory_mb"] == "--memory-mb" and CLI_FLAGS["rollout_depth"] == "--rollout-depth"
    assert ENGINE_FIELDS["memory_mb"] == "limit.memoryMb" and ENGINE_FIELDS["seed"] == "searchSeed"
    assert ENGINE_FIELDS["implicit_minimax"] == "implicitMinimax" and ENGINE_FIELDS["algorithm"] == "algorithm"
    assert SPEC_KEYS == {"iterations": "iterations", "seconds": "seconds", "threads": "threads", "memory_mb": "memory",
                         "exploration": "c", "rollout_depth": "depth", "rollout_policy": "policy",
                         "determinizations": "worlds", "chance_branching": "chance", "implicit_minimax": "minimax",
                         "prior_weight": "prior", "length_discount": "discount", "seed": "seed"}


def test_bots_built_from_either_key_get_the_setting():
    for text in ("pimc:iterations=200,c=0.4,depth=3,worlds=5,memory=7",
                 "pimc:iterations=200,exploration=0.4,rollout_depth=3,determinizations=5,memory_mb=7",
                 "pimc:iterations=200,exploration=0.4,rollout-depth=3,determinizations=5,memory-mb=7"):
        bot = parse_bot_spec(text).make()
        assert (bot.exploration, bot.rollout_depth, bot.determinizations) == (0.4, 3, 5)
        assert bot.limit == cavemind.Limit(iterations=200, memory_mb=7.0)
    # written back with the short keys, as before
    assert str(parse_bot_spec("ismcts:exploration=0.5,rollout_depth=4")) == "ismcts:c=0.5,depth=4"
    assert parse_bot_spec("ismcts:c=0").options == {"exploration": 0.0}   # 0 is a valid constant, as in Python


def hint_rows(text: str) -> list[str]:
    return text.splitlines()[1:]         # the first line says how long it took


def test_play_hints_take_every_setting():
    game = cavemind.load_game("tictactoe")
    settings = parse_bot_spec("ismcts:iterations=300,rollout_depth=1,exploration=1.2,seed=5")
    match = Match(cavemind.GameSession(game), hint=settings)
    view = match.state.determinize(0, 0)
    expected = cavemind.analyse(view, cavemind.Limit(iterations=300), rollout_depth=1, exploration=1.2, seed=5)
    rows = hint_rows(format_table(expected, "tictactoe", top=3))
    assert hint_rows(give_hint(match, 0)) == rows
    default = cavemind.analyse(view, cavemind.Limit(iterations=300), seed=5)
    assert hint_rows(format_table(default, "tictactoe", top=3)) != rows
    # 'hint KEY=VALUE,...' at the prompt changes the match's hint search for that one hint
    plain = Match(cavemind.GameSession(game))
    assert hint_rows(give_hint(plain, 0, "iterations=300,rollout-depth=1,c=1.2,seed=5")) == rows
    assert "unknown setting" in give_hint(plain, 0, "speed=3")
    assert "c=nan is not a finite number" in give_hint(plain, 0, "c=nan")


def test_play_hint_flag_from_the_command_line():
    result = subprocess.run([sys.executable, "-m", "cavemind.cli", "play", "tictactoe", "--players", "human,human",
                             "--hint", "ismcts:iterations=300,rollout_depth=1,exploration=1.2,seed=5"],
                            input="hint\nquit\n", capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stderr
    game = cavemind.load_game("tictactoe")
    view = game.new_initial_state().determinize(0, 0)
    info = cavemind.analyse(view, cavemind.Limit(iterations=300), rollout_depth=1, exploration=1.2, seed=5)
    for row in hint_rows(format_table(info, "tictactoe", top=3)):
        assert row in result.stdout
    assert "tictactoe: player 0 to move, ismcts, 300 iterations" in result.stdout


# ---------------------------------------------------------------- one default

def test_one_default_budget_and_the_games_own_settings(capsys):
    record = cli_record([], capsys)
    assert record["rootInfo"]["iterations"] == DEFAULT_ITERATIONS == 1000
    [engine_default, engine_threads] = engine_answers({"id": 1, "position": EXAMPLE},
                                                      {"id": 2, "position": EXAMPLE, "limit": {"threads": 2}})
    assert engine_default["rootInfo"]["iterations"] == engine_threads["rootInfo"]["iterations"] == 1000
    assert parse_bot_spec("ismcts").make().limit.iterations == 1000
    assert parse_bot_spec("ismcts").search_settings()[0] == cavemind.Limit(iterations=1000)
    # Unset exploration and rollout depth are the game's defaults, not a fixed 0.7
    defaults = cavemind.search_defaults(GAME, 2)
    assert defaults.exploration != 0.7
    state = cavemind.state_from_json(EXAMPLE, seed=0)
    explicit = cavemind.analyse(state, exploration=defaults.exploration, rollout_depth=defaults.rollout_depth)
    assert moves_of(record) == [(m.name, m.visits, round(m.value, 6)) for m in explicit.moves]
    assert moves_of(engine_default) == moves_of(record)


def test_iterations_and_seconds_together_the_first_to_run_out_ends_the_search(capsys):
    record = cli_record(["--iterations", 150, "--seconds", 600], capsys)
    assert record["rootInfo"]["iterations"] == 150
    [answer] = engine_answers({"id": 1, "position": EXAMPLE, "limit": {"iterations": 150, "seconds": 600}})
    assert moves_of(answer) == moves_of(record)
    assert parse_bot_spec("ismcts:iterations=150,seconds=600").make().limit == cavemind.Limit(150, 600.0)


# ---------------------------------------------------------------- the old names

def test_old_cli_flags_still_work_with_a_note(capsys, tmp_path):
    new = cli_record(["--observer", 1], capsys)
    assert cli.main(["analyse", "--example", GAME, "--json", "--as-player", "1"]) == 0
    captured = capsys.readouterr()
    assert moves_of(json.loads(captured.out)) == moves_of(new)
    assert "--as-player is deprecated here, use --observer" in captured.err
    assert cli.main(["new", "kuhn_poker", "--seed", "3", "--as-player", "1"]) == 0
    old = capsys.readouterr()
    assert cli.main(["new", "kuhn_poker", "--deal-seed", "3", "--observer", "1"]) == 0
    assert capsys.readouterr().out == old.out
    assert "--seed is deprecated here, use --deal-seed" in old.err
    assert cli.main(["analyse", "--example", GAME, "--observer", "1", "--as-player", "1"]) == 2
    assert "--as-player is the old name of --observer: give only --observer" in capsys.readouterr().err


def test_old_engine_fields_still_work_with_a_warning():
    query = {"game": "kuhn_poker", "moves": [], "limit": {"iterations": 200}}
    old, new = engine_answers({"id": 1, **query, "seed": 4, "asPlayer": 1},
                              {"id": 2, **query, "dealSeed": 4, "observer": 1})
    assert moves_of(old) == moves_of(new)
    assert old["warnings"] == ["asPlayer is deprecated: use observer", "seed is deprecated: use dealSeed"]
    assert "warnings" not in new
    [both] = engine_answers({"id": 3, **query, "seed": 4, "dealSeed": 4})
    assert both == {"error": "seed: the old name of dealSeed; give only dealSeed", "field": "seed", "id": 3}
    [bad] = engine_answers({"id": 4, **query, "dealSeed": 4, "asPlayer": 7})
    assert bad["field"] == "asPlayer" and bad["error"].startswith("asPlayer: 7 is out of range")


# ---------------------------------------------------------------- bad values

@pytest.mark.parametrize("args, message", [
    (["--exploration", "-1"], "argument --exploration: -1 must be a finite number >= 0"),
    (["--exploration", "nan"], "argument --exploration: nan must be a finite number >= 0"),
    (["--exploration", "lots"], "argument --exploration: 'lots' is not a number"),
    (["--rollout-depth", "-2"], "argument --rollout-depth: -2 must be -1 (play to the end)"),
    (["--rollout-depth", "1.5"], "argument --rollout-depth: '1.5' is not an integer"),
    (["--determinizations", "0"], "argument --determinizations: 0 must be at least 1"),
    (["--determinizations", "65"], "argument --determinizations: 65 must be at most 64"),
    (["--memory-mb", "0"], "argument --memory-mb: 0 must be a positive number"),
    (["--memory-mb", "1e12"], "Limit.memory_mb=1e+12: 1 thread(s) of that exceed this machine's memory"),
    (["--threads", "4", "--iterations", "2"], "more threads than iterations"),
    (["--chance-branching", "-1"], "argument --chance-branching: -1 must be 0 (every chance event open loop)"),
    (["--implicit-minimax", "1.5"], "argument --implicit-minimax: 1.5 must be a number from 0 (off) to 1"),
    (["--implicit-minimax", "nan"], "argument --implicit-minimax: nan must be a number from 0 (off) to 1"),
    (["--rollout-policy", "greedy"], "argument --rollout-policy: invalid choice: 'greedy' (choose from "
                                     "'game', 'uniform', 'mast', 'nast')"),
])
def test_bad_cli_values_name_the_flag(args, message, capsys):
    assert exit_code(["analyse", "--example", GAME, *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def exit_code(args: list) -> int:
    """cli.main's exit code, also when argparse exits for a bad flag value."""
    try:
        return cli.main(args)
    except SystemExit as exit:
        return exit.code


@pytest.mark.parametrize("fields, field, message", [
    ({"exploration": -1}, "exploration", "exploration: -1 must be a number >= 0"),
    ({"exploration": "high"}, "exploration", "exploration: \"high\" must be a number >= 0"),
    ({"rolloutDepth": 1.5}, "rolloutDepth", "rolloutDepth: expected an integer, got 1.5"),
    ({"rolloutDepth": -2}, "rolloutDepth", "rolloutDepth: -2 is out of range (must be from -1 to 2147483647)"),
    ({"determinizations": 65}, "determinizations", "determinizations: 65 is out of range (must be from 1 to 64)"),
    ({"limit": {"memoryMb": 0}}, "limit.memoryMb", "limit.memoryMb: 0 must be a positive number"),
    ({"limit": {"memoryMb": 1e12}}, "limit.memoryMb", "exceed this machine's memory"),
    ({"limit": {"rolloutDepth": 3}}, "limit.rolloutDepth", "'rolloutDepth' (a top-level field, not part of limit)"),
    ({"rollout_depth": 3}, "rollout_depth", "unknown field 'rollout_depth'"),
    ({"chanceBranching": -1}, "chanceBranching", "chanceBranching: -1 is out of range (must be from 0 to"),
    ({"implicitMinimax": 2}, "implicitMinimax", "implicitMinimax: 2 must be a number from 0 to 1"),
    ({"implicitMinimax": True}, "implicitMinimax", "implicitMinimax: true must be a number from 0 to 1"),
    ({"rolloutPolicy": "greedy"}, "rolloutPolicy", "rolloutPolicy: \"greedy\" must be one of \"game\", \"uniform\", \"mast\", \"nast\""),
])
def test_bad_engine_values_name_the_field(fields, field, message):
    [answer] = engine_answers({"id": 9, "position": EXAMPLE, **fields})
    assert answer["field"] == field and message in answer["error"], answer


@pytest.mark.parametrize("text, message", [
    ("ismcts:c=-1", "c must be at least 0"), ("ismcts:exploration=-1", "exploration must be at least 0"),
    ("ismcts:depth=-2", "depth must be -1 (play to the end) or more"),
    ("pimc:determinizations=0", "determinizations must be positive"),
    ("ismcts:memory_mb=0", "memory_mb must be positive"),
    ("ismcts:c=0.5,exploration=0.5", "c and exploration are the same setting"),
    ("ismcts:worlds=2,determinizations=3", "worlds and determinizations are the same setting"),
    ("random:exploration=1", "unknown setting"),
    ("ismcts:policy=greedy", "policy must be one of game, uniform, mast"),
    ("ismcts:minimax=-0.5", "minimax must be at least 0"),
    ("ismcts:chance=-1", "chance must be at least 0"), ("ismcts:chance=1.5", "chance='1.5' is not an integer"),
])
def test_bad_bot_spec_values_name_the_key(text, message):
    with pytest.raises(BotSpecError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_bot_spec(text)


def test_upper_bounds_are_checked_when_the_bot_is_made():
    spec = parse_bot_spec("ismcts:minimax=1.5")
    with pytest.raises(BotSpecError, match=r"implicit_minimax=1.5: must be None \(the game's default\) or a number"):
        spec.make()


def test_a_hint_that_is_not_a_search_is_refused(capsys):
    assert exit_code(["play", "tictactoe", "--players", "human,human", "--hint", "random"]) == 2
    assert "argument --hint: random: not a search" in capsys.readouterr().err
