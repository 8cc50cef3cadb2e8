"""docs/engine-protocol.schema.json describes the whole engine protocol: it is a valid draft 2020-12 schema, every
example of docs/engine-protocol.md fits it, and so does every answer the engine tests read (they call
check_answer), and its search fields are the settings table's."""
import json
from pathlib import Path

import jsonschema

from cavemind import engine

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "engine-protocol.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def _part(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{name}"})


MESSAGE, ANSWER = _part("message"), _part("answer")


def check_answer(record: dict) -> dict:
    """`record`, after checking that it is an answer the schema describes."""
    ANSWER.validate(record)
    return record


def test_the_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def _examples() -> list[tuple[str, dict]]:
    """(direction, JSON object) of the page's examples: the example session's > (message) and < (answer) lines,
    and the lines of json blocks, messages and answers both (?; a whole block when it is one object written over
    several lines)."""
    text = (ROOT / "docs" / "engine-protocol.md").read_text(encoding="utf-8")
    found = []
    for block in text.split("```")[1::2]:
        language, _, body = block.partition("\n")
        if language.strip() == "json":
            try:
                found.append(("?", json.loads(body)))
            except json.JSONDecodeError:
                found += [("?", json.loads(line)) for line in body.splitlines() if line.strip()]
        elif body.startswith("> "):
            found += [(line[0], json.loads(line[2:])) for line in body.splitlines() if line[:2] in ("> ", "< ")]
    return found


def test_every_example_of_the_protocol_page_fits_the_schema():
    examples = _examples()
    assert sum(d == ">" for d, _ in examples) >= 5 and sum(d == "?" for d, _ in examples) >= 20
    for direction, example in examples:
        {">": MESSAGE, "<": ANSWER, "?": VALIDATOR}[direction].validate(example)


def test_the_schema_refuses_what_the_engine_refuses():
    for bad in ({"id": 1, "action": "play", "session": 1}, {"id": 1, "action": "legal_moves"},
                {"id": True, "action": "stop"}, {"id": 1, "action": "position", "session": 1, "format": "png"},
                {"id": 1, "game": "tictactoe", "limit": {"iterations": 0}}, {"id": 1, "action": "frob"}):
        assert not MESSAGE.is_valid(bad), bad
    assert not ANSWER.is_valid({"id": 1, "action": "play", "session": 1})


def test_the_search_fields_are_the_settings_tables():
    """ai_move and the queries take the fields the settings records generate (cavemind.settings)."""
    assert set(SCHEMA["$defs"]["searchSettings"]["properties"]) == set(engine.SEARCH_FIELDS)
    assert set(SCHEMA["$defs"]["limit"]["properties"]) == set(engine.LIMIT_FIELDS)
    query = set(SCHEMA["$defs"]["query"]["properties"])
    assert query == engine.QUERY_FIELDS | set(engine.ALIASES)
    for action, fields in engine.ACTION_FIELDS.items():
        assert set(SCHEMA["$defs"][action]["properties"]) == fields | {"id", "action"}, action
