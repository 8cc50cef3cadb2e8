"""The documentation's code runs as written, so that a snippet that stops working fails the tests.

Fenced blocks of README.md and docs/*.md, one test case each:

- ```python blocks run in order, the blocks of one file sharing a namespace (a later block may use what an
  earlier one defined). A block with `if __name__ == "__main__":` is a script (it may start worker processes,
  which import the main script): it runs as a file in a fresh interpreter.
- ```sh and ```console blocks run when every command in them is `cavemind ...`.
- A block after `<!-- check-output -->` is a `$ command` line followed by its output: the command runs (in bash,
  80 columns wide) and must print exactly that output. Pasted `--help` texts are checked this way.
- A block after `<!-- skip: reason -->` is skipped with that reason (installs, long matches, clusters). Any
  other sh block fails: mark it, or make it cheap enough to run.
- Blocks without a language (output, synopses) and json blocks are text. The engine protocol's example
  session is replayed against the real engine (tests below).
Each test runs in its own temporary directory, so files the examples write land there.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import cavemind

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\s*$")
MARK = re.compile(r"^<!--\s*(skip|check-output)\s*:?\s*(.*?)\s*-->\s*$")
OPTIONAL = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "matplotlib", "distributed", "cairosvg")


@dataclass
class Block:
    path: Path
    line: int          # of the opening fence, 1-based
    language: str
    text: str
    mark: str | None   # "skip" or "check-output"
    reason: str

    @property
    def id(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks(path: Path) -> list[Block]:
    lines = path.read_text(encoding="utf-8").split("\n")
    found, i = [], 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        end = i + 1
        while not lines[end].startswith("```"):
            end += 1
        previous = next((lines[k] for k in range(i - 1, -1, -1) if lines[k].strip()), "")
        mark = MARK.match(previous)
        found.append(Block(path, i + 1, fence.group(1), "\n".join(lines[i + 1:end]),
                           mark.group(1) if mark else None, mark.group(2) if mark else ""))
        i = end + 1
    return found


ALL = [b for path in DOCS for b in blocks(path)]
RUNNABLE = [b for b in ALL if b.language in ("python", "sh", "console") or b.mark == "check-output"]


def _environment() -> dict[str, str]:
    """The commands of the docs say `cavemind` and `python`: this interpreter and its scripts."""
    env = dict(os.environ, COLUMNS="80", PYTHONIOENCODING="utf-8")
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


def _skip_missing_extra(error: ModuleNotFoundError) -> None:
    if (error.name or "").split(".")[0] in OPTIONAL:
        pytest.skip(f"needs the optional {error.name}")
    raise error


_namespaces: dict[Path, dict] = {}


def _run_python(block: Block, tmp_path: Path) -> None:
    if 'if __name__ == "__main__":' in block.text:
        script = tmp_path / "example.py"
        script.write_text(block.text, encoding="utf-8")
        done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=_environment(),
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"{block.id} as a script failed:\n{done.stderr[-3000:]}"
        return
    namespace = _namespaces.setdefault(block.path, {"__name__": "docs_example"})
    try:
        exec(compile(block.text, block.id, "exec"), namespace)
    except ModuleNotFoundError as error:
        _skip_missing_extra(error)


def _commands(text: str) -> list[str]:
    """The commands of a shell block: continuation lines joined, comments and blank lines dropped."""
    joined = re.sub(r"\\\n\s*", " ", text)
    commands = []
    for line in joined.split("\n"):
        line = line.strip()
        if line.startswith("$ "):
            line = line[2:]
        if line and not line.startswith("#"):
            commands.append(line)
    return commands


def _run_shell(block: Block, tmp_path: Path) -> None:
    commands = _commands(block.text)
    others = [c for c in commands if not c.startswith("cavemind ")]
    assert not others, (f"{block.id}: {others[0]!r} is not a cavemind command: mark the block with "
                        "<!-- skip: reason --> or make it one")
    for command in commands:
        done = subprocess.run([sys.executable, "-m", "cavemind", *shlex.split(command)[1:]], cwd=tmp_path,
                              env=_environment(), capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"{block.id}: `{command}` failed:\n{done.stderr[-3000:]}"


def _check_output(block: Block, tmp_path: Path) -> None:
    first, _, expected = block.text.partition("\n")
    assert first.startswith("$ "), f"{block.id}: a check-output block starts with a `$ command` line"
    done = subprocess.run(["bash", "-c", first[2:]], cwd=tmp_path, env=_environment(), capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, f"{block.id}: `{first[2:]}` failed:\n{done.stderr[-3000:]}"
    assert done.stdout.rstrip() == expected.rstrip(), f"{block.id}: the output of `{first[2:]}` has changed"


@pytest.mark.parametrize("block", RUNNABLE, ids=[b.id for b in RUNNABLE])
def test_doc_block(block: Block, tmp_path, monkeypatch):
    if block.mark == "skip":
        pytest.skip(block.reason or "marked <!-- skip -->")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", _environment()["PATH"])  # a python block may start `cavemind` itself
    if block.mark == "check-output":
        _check_output(block, tmp_path)
    elif block.language == "python":
        _run_python(block, tmp_path)
    else:
        _run_shell(block, tmp_path)


def test_the_runner_finds_the_examples():
    languages = [b.language for b in ALL]
    assert languages.count("python") >= 5 and any(b.mark == "check-output" for b in ALL)
    assert all(b.reason for b in ALL if b.mark == "skip"), "every skipped block says why"


# ----------------------------------------------------------------------------------------------- engine session

def _session() -> list[tuple[str, str]]:
    """The (direction, JSON) lines of the example session in docs/engine-protocol.md."""
    [block] = [b for b in blocks(ROOT / "docs" / "engine-protocol.md") if b.text.startswith("> ")]
    return [(line[0], line[2:]) for line in block.text.split("\n") if line[:2] in ("> ", "< ")]


def _without_timing(record: dict) -> dict:
    record = dict(record)
    if "rootInfo" in record:
        record["rootInfo"] = {k: v for k, v in record["rootInfo"].items() if k != "seconds"}
    return record


def test_engine_protocol_example_session_is_what_the_engine_answers():
    """Replays the session's queries whose answers do not depend on timing (the stopped 60 s search does)
    and compares the answers, apart from the seconds taken."""
    session = _session()
    sent = [json.loads(text) for direction, text in session if direction == ">"]
    shown = {json.loads(text)["id"]: json.loads(text) for direction, text in session if direction == "<"}
    replayed = [m for m in sent if m.get("action") is None and m.get("limit", {}).get("seconds") is None]
    assert [m["id"] for m in replayed] == ["q1", "q2", "q3"]
    queries = [m for m in sent if m.get("action") == "query_version"] + replayed
    done = subprocess.run([sys.executable, "-m", "cavemind", "engine"], input="".join(json.dumps(m) + "\n" for m in queries),
                          capture_output=True, text=True, env=_environment(), timeout=600)
    answers = {record["id"]: record for record in map(json.loads, done.stdout.splitlines())}
    for message in queries:
        assert _without_timing(answers[message["id"]]) == _without_timing(shown[message["id"]]), message["id"]


def test_engine_protocol_answer_example_matches_the_session():
    """The record shown field by field at the top of the page is the session's q1 (abridged)."""
    text = (ROOT / "docs" / "engine-protocol.md").read_text(encoding="utf-8")
    q1 = next(json.loads(t) for d, t in _session() if d == "<" and json.loads(t).get("id") == "q1")
    best = q1["moveInfos"][0]
    section = text[text.index("### The answer"):text.index("## Control messages")]
    assert f'"move": "{best["move"]}", "action": {best["action"]}, "visits": {best["visits"]}' in section
    assert f'"nodes": {q1["rootInfo"]["nodes"]}' in section


def test_docs_cite_nothing_users_do_not_have():
    """Users get the repository: no DESIGN.md of the development workspace, no rulebook files beside it (the
    game READMEs cite the published rulebooks by title, publisher and year)."""
    pages = DOCS + sorted((ROOT / "src" / "games").glob("*/README.md"))
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "DESIGN.md" not in text, page
        assert not re.search(r"shared/rules|\.rulebook\.(en|nl|de)\b|components\.md", text), page


def test_the_table_of_game_defaults_is_the_registry():
    """docs/settings.md lists every game's search defaults per player count: the table must say what
    cavemind.search_defaults gives (the registry is the one place; the table only shows it)."""
    text = (ROOT / "docs" / "settings.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\w+) \| (\d)(?:-(\d))? \| ([\d.]+) \| (-?\d+) \| (\w+) \| (\d+) \| ([\d.]+) \|",
                      text, re.M)
    listed = set()
    for game, low, high, exploration, depth, policy, chance, minimax in rows:
        for players in range(int(low), int(high or low) + 1):
            defaults = cavemind.search_defaults(game, players)
            assert (defaults.exploration, defaults.rollout_depth, defaults.rollout_policy, defaults.chance_branching,
                    defaults.implicit_minimax) == (float(exploration), int(depth), policy, int(chance),
                                                   float(minimax)), (game, players)
            listed.add((game, players))
    for game in cavemind.game_names():
        for players in cavemind.game_info(game).player_counts:
            assert (game, players) in listed, (game, players)
