"""The command line is a layer on top of the library: no library module imports cavemind.cli, and
`python -m cavemind` runs the same command as the `cavemind` script."""
import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import cavemind

PACKAGE = Path(cavemind.__file__).parent


def library_modules():
    """Every module of the installed package outside cavemind.cli (and the `python -m cavemind` entry)."""
    names = ["cavemind"]
    for info in pkgutil.walk_packages([str(PACKAGE)], prefix="cavemind."):
        if info.name == "cavemind.cli" or info.name.startswith("cavemind.cli.") or info.name == "cavemind.__main__":
            continue
        names.append(info.name)
    return names


def imported_names(source):
    """The modules a source file imports anywhere, inside functions too."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)


def test_the_library_modules_are_found():
    modules = library_modules()
    assert {"cavemind.arena", "cavemind.review", "cavemind.play", "cavemind.engine", "cavemind.search",
            "cavemind.analysis_output", "cavemind.svg.gallery", "cavemind.testing"} <= set(modules)


def test_no_library_source_imports_the_command_line():
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] == "cli" or relative.name == "__main__.py":
            continue
        cli_imports = [name for name in imported_names(path.read_text(encoding="utf-8"))
                       if name == "cavemind.cli" or name.startswith("cavemind.cli.")]
        assert not cli_imports, f"{relative} imports {cli_imports}"


def test_every_library_module_imports_with_the_command_line_blocked():
    # None in sys.modules makes any `import cavemind.cli` fail; optional extras (pyspiel, pettingzoo) may be
    # missing, which is not what this test is about.
    script = f"""
import importlib, json, sys
sys.modules["cavemind.cli"] = None
failed = {{}}
for name in {library_modules()!r}:
    try:
        importlib.import_module(name)
    except ImportError as error:
        if "cavemind.cli" in str(error):
            failed[name] = str(error)
print(json.dumps({{"failed": failed, "cli": "cavemind.cli" in sys.modules and sys.modules["cavemind.cli"] is not None}}))
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.splitlines()[-1])
    assert report == {"failed": {}, "cli": False}


def test_python_dash_m_cavemind_is_the_command():
    via_module = subprocess.run([sys.executable, "-m", "cavemind", "examples"], capture_output=True, text=True,
                                timeout=120)
    via_package = subprocess.run([sys.executable, "-m", "cavemind.cli", "examples"], capture_output=True,
                                 text=True, timeout=120)
    assert via_module.returncode == 0, via_module.stderr
    assert "cavemind analyse --example tictactoe" in via_module.stdout
    assert via_package.stdout == via_module.stdout
    bad = subprocess.run([sys.executable, "-m", "cavemind", "show", "--example", "chess"], capture_output=True,
                         text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.startswith("cavemind show: error: unknown game 'chess'")
