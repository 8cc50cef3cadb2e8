"""Adding a game touches only the game's own files (src/games/README.md, "Adding a game"). Dice hunt is defined
only under tests/newgame/: its C rules (dice_hunt.pyx, compiled here with Cython and setuptools into a temporary
folder), its record, picture and expert. Registered through the same record as the built-in games, with no entry in
any shared list, it passes the contract suite, soaks, fuzzing, the picture and gallery, the expert and playthrough
machinery, and the search."""
from __future__ import annotations

import dataclasses
import importlib
import inspect
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import test_contract as contract
import test_playthroughs

import cavemind
from cavemind import games, testing
from cavemind.experts import ExpertBot, expert_games
from cavemind.svg import pictured_games, position_svg
from cavemind.svg.gallery import gallery_views, write_gallery

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "newgame" / "dice_hunt.pyx"
PLAYTHROUGH = HERE / "newgame" / "dice_hunt.txt"
NAME = "dice_hunt"
SVG = "{http://www.w3.org/2000/svg}"


def compile_game(folder: Path) -> None:
    """dice_hunt.pyx as the extension module _dice_hunt in `folder`: the game's .pyx against the contract's .pxd
    files in src/, as CMake builds the built-in games."""
    from Cython.Build import cythonize
    from setuptools import Extension
    from setuptools.dist import Distribution

    extension = Extension("_dice_hunt", [str(SOURCE)], extra_compile_args=["-O1"])
    modules = cythonize([extension], include_path=[str(HERE.parent / "src")], build_dir=str(folder / "c"),
                        compiler_directives={"language_level": 3, "boundscheck": False, "wraparound": False,
                                             "cdivision": True}, quiet=True)
    build = Distribution({"ext_modules": modules}).get_command_obj("build_ext")
    build.build_lib, build.build_temp = str(folder), str(folder / "temp")
    build.ensure_finalized()
    build.run()


@pytest.fixture(scope="module")
def dice_hunt(tmp_path_factory):
    """The game, compiled and registered for the tests of this module, and unregistered after them."""
    folder = tmp_path_factory.mktemp("dice_hunt")
    compile_game(folder)
    sys.path.insert(0, str(folder))
    record = importlib.import_module("newgame").GAME
    games.register(record)
    yield record
    games.unregister(NAME)
    sys.path.remove(str(folder))


def test_the_record_is_the_registration(dice_hunt):
    assert NAME in cavemind.game_names() and cavemind.game_info(NAME) is dice_hunt
    assert games.compiled_module(NAME).__name__ == "_dice_hunt" and games.game_module(NAME).NAME == NAME
    assert isinstance(games.game_module(NAME), games.GameModule)
    info = cavemind.game_info(NAME)
    assert info.player_counts == (2, 3) and info.hidden_information and info.chance
    assert cavemind.search_defaults(NAME, 3).exploration == 0.5
    assert NAME in expert_games() and NAME in pictured_games()
    assert games.register(dice_hunt) is dice_hunt               # the same record again: nothing changes
    with pytest.raises(ValueError, match="'dice_hunt' is registered already"):
        games.register(dataclasses.replace(dice_hunt, expert=None))


def test_a_malformed_record_is_refused_naming_what_is_wrong():
    with pytest.raises(ValueError, match=r"GameInfo.drawer: 'newgame.picture.draw' is not a reference"):
        games.GameInfo("_dice_hunt", drawer="newgame.picture.draw")
    with pytest.raises(ValueError, match="GameInfo.expert"):
        games.GameInfo("_dice_hunt", expert=":choose")
    with pytest.raises(ValueError, match="GameInfo.module"):
        games.GameInfo("")
    with pytest.raises(TypeError, match="expected a GameInfo, got dict"):
        games.register({"module": "_dice_hunt"})


CONTRACT = [getattr(contract, name) for name in sorted(dir(contract)) if name.startswith("test_")]


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("check", CONTRACT, ids=[check.__name__ for check in CONTRACT])
def test_the_contract_suite_passes(dice_hunt, check, players):
    game = cavemind.load_game(NAME, players=players)
    if "seed" in inspect.signature(check).parameters:
        for seed in contract.SEEDS:
            check(game, seed)
    else:
        check(game)


@pytest.mark.parametrize("loop", ["python", "c"])
def test_soaks_pass_with_the_record_plan(dice_hunt, loop):
    plan = testing.soak_plan(NAME)
    assert plan is dice_hunt.soak and plan.configurations == ({"players": 2}, {"players": 3})
    for params in plan.configurations:
        stats = testing.soak(cavemind.load_game(NAME, **params), 30, seed=1, loop=loop, invariants_every=1)
        assert stats.failure is None, stats.failure
        assert stats.games == 30 and stats.turns == 30 * 2 and stats.longest <= stats.steps


def test_a_soak_runs_the_record_hooks(dice_hunt):
    """The soak checks what the record says: an end condition that fails shows as the soak's failure."""
    games.register(dataclasses.replace(dice_hunt, soak=dataclasses.replace(dice_hunt.soak, ended=lambda s: "no")),
                   replace=True)
    try:
        stats = testing.soak(cavemind.load_game(NAME), 2, seed=0)
    finally:
        games.register(dice_hunt, replace=True)
    assert stats.failure == "game 0, step 10: no"


def test_mutated_positions_are_refused_or_survive(dice_hunt):
    configurations = testing.fuzz_configurations([NAME])
    assert configurations == [(NAME, {"players": 2}), (NAME, {"players": 3})]
    for name, params in configurations:
        report = testing.run_isolated(name, params, 150, seed=20261201)
        assert report.failures == [], report.failures[:3]
        assert report.rejected + report.survived == 150 and report.survived > 0 and report.rejected > 0


def test_the_picture_shows_cards_and_backs(dice_hunt):
    state = cavemind.load_game(NAME, players=3).new_initial_state(seed=4)
    text = state.to_svg(observer=1)
    root = ET.fromstring(text)
    classes = [(e.get("class") or "").split() for e in root.iter()]
    assert sum("card-back" in c for c in classes) == 2 and sum({"card", "p1"} <= set(c) for c in classes) == 1
    assert position_svg(state.to_dict(observer=1)) == text
    assert state.to_svg(size=200).startswith("<svg")


def test_the_gallery_draws_the_record_views(dice_hunt, tmp_path):
    assert [(name, number) for name, number, _ in gallery_views()][-2:] == [(NAME, 0), (NAME, 1)]
    written = write_gallery(tmp_path)
    assert {tmp_path / "dice_hunt.svg", tmp_path / "dice_hunt_2.svg"} <= set(written)
    readme = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert "## dice_hunt\n\n3 players, as seen by player 1." in readme
    assert "## dice_hunt, view 2\n\n2 players, everything face up." in readme
    assert readme.index("## kuhn_poker") < readme.index("## dice_hunt")    # after the built-in games (order 90)


def test_the_playthrough_is_unchanged(dice_hunt, tmp_path):
    expected = PLAYTHROUGH.read_text(encoding="utf-8")
    assert test_playthroughs.first_difference(expected, testing.playthrough(NAME)) is None
    [path] = testing.write_playthroughs(str(tmp_path), [NAME])
    assert Path(path).read_text(encoding="utf-8") == expected


def test_the_expert_plays_from_the_record(dice_hunt):
    game = cavemind.load_game(NAME, players=2)
    doc = game.new_initial_state(seed=1).to_dict()
    doc["state"].update(points=[4, 2], turn_of=1, round=1, rolling=False)
    doc["to_move"] = 1
    behind = cavemind.state_from_json(doc)
    assert behind.action_to_string(ExpertBot().step(behind)) == "hunt"
    doc["state"].update(points=[4, 6])
    ahead = cavemind.state_from_json(doc)
    assert ahead.action_to_string(ExpertBot().step(ahead)) == "rest"


@pytest.mark.parametrize("algorithm", cavemind.ALGORITHMS)
def test_every_search_plays_the_game(dice_hunt, algorithm):
    state = cavemind.load_game(NAME, players=3).new_initial_state(seed=2)
    info = cavemind.analyse(state, cavemind.Limit(iterations=300), algorithm=algorithm, seed=1)
    assert info.best.name in ("rest", "hunt") and sum(move.visits for move in info.moves) > 0


def test_an_unregistered_game_is_unknown(dice_hunt):
    assert games.unregister(NAME) is dice_hunt
    try:
        assert NAME not in cavemind.game_names()
        with pytest.raises(cavemind.UnknownGameError, match="unknown game 'dice_hunt'"):
            cavemind.load_game(NAME)
        with pytest.raises(cavemind.UnknownGameError):
            games.unregister(NAME)
    finally:
        games.register(dice_hunt)
