"""The top-level parser of the `cavemind` command: one subcommand per module of this package, in the order
`cavemind --help` lists them."""
from __future__ import annotations

import argparse
from typing import NoReturn

import cavemind
from cavemind.cli import analyse, arena, bench, engine, play, positions, review, serve

# The description of `cavemind --help`.
DESCRIPTION = """The `cavemind` command: positions, analysis, play against the AI and an engine protocol.

    cavemind games | new | show | examples | analyse | play | review | engine | bench | arena | serve

Every command works for every registered game. Bad input gets a one-line error and exit code 2.
The search settings have the same names as in Python and the engine: see docs/settings.md.
"""


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error: argparse would print the whole usage block first."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="cavemind", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"cavemind {cavemind.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    positions.add_parsers(commands)     # games, new, show, examples
    for command in (analyse, play, engine, bench, arena, review, serve):
        command.add_parser(commands)
    return parser
