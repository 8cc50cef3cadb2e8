"""The `cavemind` command line (also `python -m cavemind`). One module per command (positions: games, new,
show and examples; analyse, play, review, engine, bench, arena, serve), analyse_game for `analyse --all/--turns`
(the decisions of a whole game), interruptible for the search Ctrl-C stops, the flags they share in arguments, the
top-level parser in parser, the progress lines in output (drawn with cavemind.progress). The library never
imports this package: each command only reads its arguments and calls the library."""
from __future__ import annotations

import sys

from cavemind.cli.arguments import use_new_flags
from cavemind.cli.parameter_flags import command_message
from cavemind.cli.parser import build_parser
from cavemind.errors import CavemindError

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        notes = use_new_flags(args)
        code: int = args.run(args)
        # After the run, so that bad input still gets exactly one line.
        for note in notes:
            print(f"cavemind {args.command}: {note}", file=sys.stderr)
        return code
    except CavemindError as error:
        print(f"cavemind {args.command}: error: {command_message(args.command, str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:          # `cavemind ... | head` closed the pipe; nothing left to say
        return 1
    except Exception as error:       # a bug: still one line, but say it is ours
        print(f"cavemind {args.command}: internal error ({type(error).__name__}: {error}); please report it",
              file=sys.stderr)
        return 3

