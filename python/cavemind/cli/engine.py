"""`cavemind engine`: the JSON-lines analysis protocol of cavemind.engine on stdin/stdout."""
from __future__ import annotations

import argparse
from typing import Any


def command_engine(args: argparse.Namespace) -> int:
    from cavemind import engine

    return engine.main()


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    engine = commands.add_parser("engine", help="JSON-lines analysis protocol on stdin/stdout",
                                 description="JSON-lines analysis protocol on stdin/stdout; see "
                                             "docs/engine-protocol.md.")
    engine.set_defaults(run=command_engine)
