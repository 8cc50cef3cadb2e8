"""The library's errors name Python parameters, in keyword syntax (`out='x': is a directory`, `bot_specs[1]=
'nobot': unknown bot`, `scheduler= needs Dask`); a command shows them with the flag its user typed instead
(`--out 'x': is a directory`). Each command lists which of its flags feed which library parameter."""
from __future__ import annotations

import re
from collections.abc import Mapping

# command -> {library parameter: the command's flag}
PARAMETER_FLAGS: dict[str, dict[str, str]] = {
    "arena": {"bot_specs": "--bot", "games": "--games", "players": "--players", "options": "--option",
              "jobs": "--jobs", "seed": "--match-seed", "out": "--out", "scheduler": "--scheduler",
              "time_limit": "--time-limit", "sprt": "--sprt", "records": "--records"},
    "play": {"seats": "--seats", "move": "--move", "game": "--game"},
    "review": {"players": "--player", "game": "--game"},
    "show": {"move": "--move", "game": "--game"},
    "analyse": {"move": "--move", "game": "--game"},
}
PARAMETER_FLAGS["analyze"] = PARAMETER_FLAGS["analyse"]


def flag_message(message: str, flags: Mapping[str, str]) -> str:
    """`message` with each parameter of `flags` written as `name=` (or `name[i]=` for an entry of a list) at
    the start or after a space or a parenthesis replaced by its flag: `out='x': ...` -> `--out 'x': ...`.
    Text inside a value, such as the `seed=3` of a quoted bot specification, follows no space and stays."""
    if not flags:
        return message
    names = "|".join(re.escape(name) for name in sorted(flags, key=len, reverse=True))
    pattern = re.compile(rf"(?:^|(?<=[\s(]))({names})(?:\[\d+\])?=(?!=)(\S?)")

    def as_flag(match: re.Match[str]) -> str:
        value = match.group(2)
        separator = " " if value and value not in ",;:)" else ""
        return flags[match.group(1)] + separator + value

    return pattern.sub(as_flag, message)


def command_message(command: str, message: str) -> str:
    """A library error's message as the command `command` shows it: in its flags."""
    return flag_message(message, PARAMETER_FLAGS.get(command, {}))
