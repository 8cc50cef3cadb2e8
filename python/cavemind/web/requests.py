"""Reading what a browser sends: bodies bounded in size and depth, JSON fields checked one by one. Every fault is
a RequestError naming the field, which the application answers with a 4xx JSON document and no change."""
from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any

from starlette.requests import Request

from cavemind.botspec import HUMAN, BotSpec, BotSpecError, parse_bot_spec
from cavemind.experts import expert_games
from cavemind.inputs import MAX_NESTING, TOO_DEEP, nesting_depth

MAX_BODY_BYTES = 1_000_000        # an upload (a whole game's record) or a JSON request, at most
MAX_DEAL_SEED = 2**47
# A bot's budget on this server: a seat's search may not hold a core for minutes or ask for more threads than
# the machine has.
MAX_BOT_SECONDS = 30.0
MAX_BOT_ITERATIONS = 5_000_000


class RequestError(Exception):
    """A request that cannot be answered as asked: `status` (400 bad field, 404 no such game, 409 not now,
    413 too large, 422 well-formed but not a game), the field at fault (None: the request as a whole)."""

    def __init__(self, status: int, field: str | None, message: str):
        super().__init__(message)
        self.status, self.field = status, field

    def document(self) -> dict[str, Any]:
        return {"error": str(self), "field": self.field}


async def body_text(request: Request) -> str:
    """The body as text, refused past MAX_BODY_BYTES (read no further than that) or when not UTF-8."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise RequestError(413, "body", f"body: {int(declared):,} bytes; at most {MAX_BODY_BYTES:,} are accepted")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise RequestError(413, "body", f"body: more than {MAX_BODY_BYTES:,} bytes; at most that is accepted")
        chunks.append(chunk)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise RequestError(400, "body", "body: not UTF-8 text") from None


async def json_body(request: Request, fields: Sequence[str]) -> dict[str, Any]:
    """The body as a JSON object with no fields but `fields` (an empty body is an empty object)."""
    text = await body_text(request)
    if not text.strip():
        return {}
    return json_object(text, fields)


def json_object(text: str, fields: Sequence[str]) -> dict[str, Any]:
    if nesting_depth(text) > MAX_NESTING:
        raise RequestError(400, "body", f"body: JSON {TOO_DEEP}")
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise RequestError(400, "body", f"body: not valid JSON ({error})") from None
    if not isinstance(doc, dict):
        raise RequestError(400, "body", "body: expected a JSON object")
    unknown = sorted(set(doc) - set(fields))
    if unknown:
        raise RequestError(400, unknown[0], f"{unknown[0]}: unknown field; fields are {', '.join(fields) or 'none'}")
    return doc


def integer(doc: dict[str, Any], key: str, low: int, high: int) -> int:
    value = doc[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(400, key, f"{key}: expected an integer, got {json.dumps(value)}")
    if not low <= value <= high:
        raise RequestError(400, key, f"{key}: {value} is out of range ({low} to {high})")
    return value


def number(doc: dict[str, Any], key: str, low: float, high: float) -> float:
    value = doc[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise RequestError(400, key, f"{key}: expected a number from {low:g} to {high:g}, got {json.dumps(value)}")
    return float(value)


def query_integer(request: Request, key: str, low: int, high: int) -> int | None:
    """An integer in the query string (None when absent)."""
    text = request.query_params.get(key)
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        raise RequestError(400, key, f"{key}: expected an integer, got {text!r}") from None
    if not low <= value <= high:
        raise RequestError(400, key, f"{key}: {value} is out of range ({low} to {high})")
    return value


def seat_specs(value: Any, field: str = "seats") -> list[BotSpec]:
    """Seats: a list of "human" or bot specifications ("ismcts:seconds=1"), each parsed and within this server's
    budget."""
    if not isinstance(value, list) or not value or not all(isinstance(s, str) for s in value):
        raise RequestError(400, field, f"{field}: expected a list of seats, each \"human\" or a bot specification")
    specs = []
    for index, text in enumerate(value):
        try:
            spec = parse_bot_spec(text)
        except BotSpecError as error:
            raise RequestError(400, f"{field}[{index}]", f"{field}[{index}]: {error}") from None
        _check_budget(spec, f"{field}[{index}]")
        specs.append(spec)
    return specs


def check_bots_play(specs: Sequence[BotSpec], game: str) -> None:
    """Refuses a bot that cannot play `game` (the expert bots exist for some games only)."""
    for index, spec in enumerate(specs):
        if spec.kind == "expert" and game not in expert_games():
            raise RequestError(400, f"seats[{index}]", f"seats[{index}]: no expert bot for {game}; experts exist "
                                                       f"for {', '.join(expert_games())}")


def _check_budget(spec: BotSpec, field: str) -> None:
    if spec.kind == HUMAN:
        return
    seconds, iterations, threads = (spec.options.get(k) for k in ("seconds", "iterations", "threads"))
    if seconds is not None and seconds > MAX_BOT_SECONDS:
        raise RequestError(400, field, f"{field}: seconds={seconds:g}; a bot here thinks at most "
                                       f"{MAX_BOT_SECONDS:g} seconds a move")
    if iterations is not None and iterations > MAX_BOT_ITERATIONS:
        raise RequestError(400, field, f"{field}: iterations={iterations}; a bot here searches at most "
                                       f"{MAX_BOT_ITERATIONS:,} iterations a move")
    cores = os.cpu_count() or 1
    if threads is not None and threads > cores:
        raise RequestError(400, field, f"{field}: threads={threads}; this machine has {cores} cores")
