"""Checks shared by the games' Python edges (positions, notation): one definition each.

The field validators read one field of a position (a JSON-ready dict, as `state_to_dict` writes it) and raise
ValueError("path: reason") naming the field's path, such as "players[1].food", always in the same words:

    players: missing
    turn: expected an integer, got "3"
    players[0].wood: -1 is out of range (must be from 0 to 255)
    finished: expected true or false, got null
    phase: "dance" is not one of: place, act, pay
    display[0]: "X99" is not a known name
    herd: expected a list, got an object
    players[1].fod: unknown field (did you mean "food"?)

They run where a position is loaded, never in the search's hot loop.
"""
from __future__ import annotations

import difflib
import enum
import json
import operator
import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final

# names are listed in an error only when there are few of them (a deck of 36 card ids would drown the message)
_LISTED_NAMES = 24
_SHOWN_CHARS = 40
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class _Required(enum.Enum):
    TOKEN = 0


REQUIRED: Final = _Required.TOKEN
"""The default of a field that must be present."""

_KIND_WORDS: Final[dict[type, str]] = {list: "a list", dict: "an object", str: "a string"}


def action_id(action: Any, limit: int, game: str) -> int:
    """`action` as an int in 0..limit-1, else ValueError naming it: never an OverflowError from a C int or a
    read outside the game's tables."""
    try:
        value = operator.index(action)
    except TypeError:
        value = None
    if value is None or isinstance(action, bool) or not 0 <= value < limit:
        raise ValueError(f"action {action!r}: not an action id of {game} (0..{limit - 1})")
    return value


def shown(value: Any) -> str:
    """`value` as an error message shows it: JSON spelling for scalars (null, true, "x"), a word for a list or
    an object, cut short when long; never raises (an int of 5000 digits cannot be printed in full)."""
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    try:
        text = json.dumps(value) if isinstance(value, (str, int, float, type(None))) else repr(value)
    except (TypeError, ValueError):     # Python refuses to print ints of more than 4300 digits
        return "a huge number"
    return text if len(text) <= _SHOWN_CHARS else text[:_SHOWN_CHARS - 3] + "..."


def key_path(path: str, key: Any) -> str:
    """The path of `key` inside the object at `path`: path.key, or path["odd key"] for a key that is not a
    plain name (never raises, whatever the key)."""
    if isinstance(key, str) and len(key) <= _SHOWN_CHARS and _PLAIN_KEY.fullmatch(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{shown(key)}]"


def known_fields(doc: Mapping[Any, Any], names: Collection[str], path: str = "") -> None:
    """Refuses the first key of `doc` that is not one of `names` (the fields of the object at `path`, "" for a
    position's top level), so that a misspelt field is an error instead of loading as its default. The error
    suggests the closest name, if one is close:

        players[1].fod: unknown field (did you mean "food"?)"""
    for key in doc:
        if key not in names:
            close = difflib.get_close_matches(key, names, n=1) if isinstance(key, str) else []
            hint = f" (did you mean {json.dumps(close[0])}?)" if close else ""
            raise ValueError(f"{key_path(path, key)}: unknown field{hint}")


def typed(value: Any, kind: type, path: str) -> Any:
    """`value` itself when it is of the JSON type `kind` (list, dict or str), else the error naming `path`."""
    if not isinstance(value, kind):
        raise ValueError(f"{path}: expected {_KIND_WORDS[kind]}, got {shown(value)}")
    return value


def field(doc: Mapping[str, Any], key: str, path: str | None = None, default: Any = REQUIRED,
          kind: type | None = None) -> Any:
    """The value of `doc[key]`, or `default` when the key is absent (a required field by default). With `kind`
    (list, dict or str) the value must be of that JSON type; `default` itself is returned unchecked."""
    name = key if path is None else path
    if key not in doc:
        if default is REQUIRED:
            raise ValueError(f"{name}: missing")
        return default
    return doc[key] if kind is None else typed(doc[key], kind, name)


def in_range(value: Any, lo: int, hi: int, path: str, none: int | None = None) -> int:
    """`value` as an integer in lo..hi (a bool is not an integer here). With `none`, null is allowed and gives
    `none` (the game's "no such thing" code)."""
    if value is None and none is not None:
        return none
    if isinstance(value, bool) or not isinstance(value, int):
        expected = "an integer or null" if none is not None else "an integer"
        raise ValueError(f"{path}: expected {expected}, got {shown(value)}")
    if not lo <= value <= hi:
        raise ValueError(f"{path}: {shown(value)} is out of range (must be from {lo} to {hi})")
    return value


def integer(doc: Mapping[str, Any], key: str, lo: int, hi: int, path: str | None = None,
            default: int | _Required = REQUIRED, none: int | None = None) -> int:
    """The integer field `doc[key]` in lo..hi; `default` when the key is absent (required by default); with
    `none`, a null value gives `none`."""
    name = key if path is None else path
    if key not in doc:
        return int(field(doc, key, name, default))
    return in_range(doc[key], lo, hi, name, none)


def boolean(doc: Mapping[str, Any], key: str, path: str | None = None,
            default: bool | _Required = REQUIRED) -> bool:
    """The true/false field `doc[key]`; `default` when the key is absent (required by default)."""
    name = key if path is None else path
    if key not in doc:
        return bool(field(doc, key, name, default))
    value = doc[key]
    if not isinstance(value, bool):
        raise ValueError(f"{name}: expected true or false, got {shown(value)}")
    return value


def one_of(names: Sequence[Any], value: Any, path: str, none: int | None = None) -> int:
    """The index of `value` in `names` (a name of the game's data, such as a phase or a card id). With `none`,
    null is allowed and gives `none`. Only a value of a name's own type matches (true is not 1)."""
    if value is None and none is not None:
        return none
    for index, name in enumerate(names):
        if type(name) is type(value) and name == value:
            return index
    if len(names) <= _LISTED_NAMES:
        raise ValueError(f"{path}: {shown(value)} is not one of: {', '.join(map(str, names))}")
    raise ValueError(f"{path}: {shown(value)} is not a known name")


def sized_list(value: Any, path: str, length: int | None = None) -> list[Any]:
    """`value` itself when it is a list (of exactly `length` entries when given), else the error naming `path`."""
    if not isinstance(value, list):
        raise ValueError(f"{path}: expected a list, got {shown(value)}")
    if length is not None and len(value) != length:
        raise ValueError(f"{path}: expected {length} entries, got {len(value)}")
    return value


def int_list(value: Any, lo: int, hi: int, path: str, length: int | None = None, max_length: int | None = None,
             distinct: bool = False) -> list[int]:
    """`value` as a list of integers in lo..hi: exactly `length` of them, or at most `max_length`; with
    `distinct`, none twice. An entry's error names it as path[i]."""
    sized_list(value, path, length)
    if max_length is not None and len(value) > max_length:
        raise ValueError(f"{path}: at most {max_length} entries, got {len(value)}")
    out = [in_range(v, lo, hi, f"{path}[{i}]") for i, v in enumerate(value)]
    if distinct and len(set(out)) != len(out):
        twice = next(v for i, v in enumerate(out) if v in out[:i])
        raise ValueError(f"{path}: {twice} is listed twice")
    return out


def counts(value: Any, names: Sequence[str], hi: int, path: str) -> list[int]:
    """A {name: count} object (names from `names`, counts 0..hi; absent names count 0) as a list of counts in
    the order of `names`. An entry's error names it as path.name."""
    if not isinstance(value, dict):
        raise ValueError(f"{path}: expected an object of name: count, got {shown(value)}")
    out = [0] * len(names)
    for name, count in value.items():
        out[one_of(names, name, path)] = in_range(count, 0, hi, f"{path}.{name}")
    return out
