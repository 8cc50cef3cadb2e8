"""`cavemind serve`: the local web application (the `web` extra) on 127.0.0.1 by default."""
from __future__ import annotations

import argparse
import sys
from typing import Any

from cavemind.cli.arguments import CommandError

LOCAL_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


def port_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port number (0 to 65535; 0 picks a free one)")
    return value


def add_parser(commands: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Registers `cavemind serve`."""
    serve: argparse.ArgumentParser = commands.add_parser(
        "serve", help="the local web application: play, watch the AI think, review a game",
        description="Start the web application and print its address: play on a board you can click, watch the "
                    "search's top moves update live, review a finished game. It listens on 127.0.0.1 only, "
                    "unless --host says otherwise. Needs the web extra: pip install \".[web]\". See docs/web.md.")
    serve.add_argument("--host", default=LOCAL_HOST,
                       help=f"the address to listen on (default {LOCAL_HOST}: this machine only; any other lets "
                            "other machines play on yours)")
    serve.add_argument("--port", type=port_number, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})")
    serve.set_defaults(run=command_serve)
    return serve


def command_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from cavemind.web.app import create_app
    except ImportError as error:
        raise CommandError(f"the web application needs the web extra ({error.name} is missing): "
                           "pip install \"cavemind[web]\"") from None
    if args.host != LOCAL_HOST:
        print(f"cavemind serve: warning: listening on {args.host}, not {LOCAL_HOST}: other machines that reach "
              "this address can use the application and this machine's processors; it has no passwords",
              file=sys.stderr)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"cavemind serve: open http://{shown}:{args.port}/ (Ctrl-C stops)", file=sys.stderr, flush=True)
    uvicorn.run(create_app(), host=args.host, port=args.port, log_level="warning")
    return 0
