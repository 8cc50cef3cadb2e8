"""docs/strength.md is a page for users and docs/research/ the journal behind it: the page stays short, every
summary file it or a journal entry cites exists, the page's tables are the ones benchmarks/plot_strength.py makes
from the summaries, and every journal entry ends with the commands that made its figures."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import load_benchmark

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "strength.md"
RESULTS = ROOT / "benchmarks" / "results"
ENTRIES = sorted((ROOT / "docs" / "research").glob("*.md"))
SUMMARY = re.compile(r"[\w./+-]+\.summary\.json")
COMMAND = re.compile(r"`(python3? benchmarks/\S+\.py[^`]*|cavemind [a-z]+ [^`]*|python -m [^`]*)`")


def cited_summaries(text: str) -> set[str]:
    return {name for name in SUMMARY.findall(text) if "NAME" not in name and "FILE" not in name}


def resolve(name: str) -> Path:
    """A cited summary: a path from the repository's root, or one relative to benchmarks/results."""
    return ROOT / name if name.startswith("benchmarks/") else RESULTS / name


def test_the_page_is_short_and_its_summary_files_exist():
    text = PAGE.read_text(encoding="utf-8")
    assert len(text.split("\n")) <= 300
    cited = cited_summaries(text)
    assert len(cited) >= 20
    missing = sorted(name for name in cited if not resolve(name).is_file())
    assert not missing, missing


def test_the_page_tables_are_generated_from_the_summaries():
    plot = load_benchmark("plot_strength")
    text = PAGE.read_text(encoding="utf-8")
    assert plot.page_with_table(text) == text, "run python benchmarks/plot_strength.py"
    for path in plot.cited():
        summary = json.loads((ROOT / path).read_text(encoding="utf-8"))
        assert summary["games"] > 0 and summary["bots"][0] in summary["specs"]


def test_the_plot_is_small_and_linked():
    assert (ROOT / "docs" / "strength.svg").stat().st_size < 100_000
    assert "](strength.svg)" in PAGE.read_text(encoding="utf-8")


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry.name for entry in ENTRIES])
def test_every_research_entry_is_dated_titled_and_ends_with_its_commands(entry):
    assert re.fullmatch(r"\d{4}-\d\d-\d\d-[a-z0-9-]+\.md", entry.name)
    text = entry.read_text(encoding="utf-8")
    assert text.startswith("# ")
    ending = text[text.rindex("\n## Commands and summaries"):]
    assert COMMAND.search(ending), f"{entry.name}: no command at its end"
    missing = sorted(name for name in cited_summaries(ending) if not resolve(name).is_file())
    assert not missing, missing


def test_the_page_links_every_research_entry():
    text = PAGE.read_text(encoding="utf-8")
    assert ENTRIES
    unlinked = [entry.name for entry in ENTRIES if f"(research/{entry.name})" not in text]
    assert not unlinked, unlinked
