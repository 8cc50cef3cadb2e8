"""`cavemind engine`: the JSON-lines protocol of cavemind.engine (analysis queries and games played through
it) on stdin/stdout."""
from __future__ import annotations

import argparse
from typing import Any


def command_engine(args: argparse.Namespace) -> int:
    from cavemind import engine

    return engine.main()


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    engine = commands.add_parser("engine", help="JSON-lines protocol on stdin/stdout: analysis and games",
                                 description="JSON-lines protocol on stdin/stdout: analysis queries, and games "
                                             "started, played and searched through it; see "
                                             "docs/engine-protocol.md.")
    engine.set_defaults(run=command_engine)
