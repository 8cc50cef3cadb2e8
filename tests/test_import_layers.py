"""The library imports one way: the registry of games (cavemind.games and the records beside it) imports neither
the game API (cavemind.game), the pictures (cavemind.svg) nor the experts; cavemind.game imports no picture; and
finding the games imports no game's compiled module, picture or strategy, which load when first used. The sources
are read for imports anywhere (inside functions too), and fresh interpreters show what importing really loads."""
import ast
import json
import subprocess
import sys
from pathlib import Path

import cavemind

PACKAGE = Path(cavemind.__file__).resolve().parent
ABOVE_THE_REGISTRY = ("cavemind.game", "cavemind.svg", "cavemind.experts")


def imported_modules(path):
    """The modules a source file imports when it runs, inside functions too; a block under `if TYPE_CHECKING:`
    is for annotations only and never runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    type_only = {id(node) for block in ast.walk(tree)
                 if isinstance(block, ast.If) and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
                 for statement in block.body for node in ast.walk(statement)}
    names = set()
    for node in ast.walk(tree):
        if id(node) in type_only:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def within(names, packages):
    return sorted(name for name in names for package in packages
                  if name == package or name.startswith(package + "."))


def loaded_modules(script):
    """The cavemind modules in sys.modules after `script` runs in a fresh interpreter."""
    report = "\nimport json, sys\nprint(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'cavemind')))"
    done = subprocess.run([sys.executable, "-c", script + report], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_the_registry_sources_import_nothing_above_them():
    for path in sorted((PACKAGE / "games").glob("*.py")):
        assert not within(imported_modules(path), ABOVE_THE_REGISTRY), path.name


def test_the_game_api_source_imports_no_picture():
    assert not within(imported_modules(PACKAGE / "game.py"), ("cavemind.svg",))


def test_finding_the_games_loads_the_registry_alone():
    # The registry package without cavemind/__init__.py (which imports the whole library), as a plugin would use it.
    script = f"""
import importlib.util, sys
spec = importlib.util.spec_from_file_location("cavemind", {str(PACKAGE / "__init__.py")!r},
                                              submodule_search_locations=[{str(PACKAGE)!r}])
sys.modules["cavemind"] = importlib.util.module_from_spec(spec)     # the package, its __init__ not run
import cavemind.games as games
names = games.game_names()
assert names and all(games.game_info(name).module == "cavemind.games._" + name for name in names), names
"""
    loaded = loaded_modules(script)
    assert not within(loaded, ABOVE_THE_REGISTRY)
    # No game's compiled module loads; the search core does, since the records' search defaults are checked by
    # the settings table, whose bounds (the determinization maximum, the 32-bit visit count) the core owns.
    assert not [name for name in loaded if name.startswith("cavemind.games._")]
    assert {"cavemind.games", "cavemind.games.stone_age", "cavemind.games.tictactoe"} <= loaded
    loaded = loaded_modules(script + "games.game_module('honga')\n")
    assert not within(loaded, ABOVE_THE_REGISTRY) and "cavemind.games._honga" in loaded


def test_playing_loads_only_the_game_played_and_a_picture_only_when_drawn():
    script = """
import cavemind
state = cavemind.load_game("honga").new_initial_state(seed=1)
cavemind.analyse(state, cavemind.Limit(iterations=50), seed=1)
state.to_dict(), state.render()
"""
    loaded = loaded_modules(script)
    assert "cavemind.games._honga" in loaded and "cavemind.games._stone_age" not in loaded
    assert not within(loaded, ("cavemind.svg",)) and not [n for n in loaded if n.startswith("cavemind.experts.")]
    loaded = loaded_modules(script + "state.to_svg(observer=0)\ncavemind.ExpertBot().step(state)\n")
    assert {"cavemind.svg", "cavemind.svg.honga", "cavemind.experts.honga"} <= loaded
    assert "cavemind.svg.stone_age" not in loaded and "cavemind.experts.stone_age" not in loaded
