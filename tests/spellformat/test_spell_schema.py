"""The JSON Schema file itself: valid, closed, documented in French, usable by an editor."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from jsonschema import Draft202012Validator

import rules
from generator.spellformat.validate import SCHEMA_PATH, load_schema

SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def subschemas(node: Any, where: str = "#") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from subschemas(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from subschemas(value, f"{where}/{index}")


def test_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["$id"] and SCHEMA["title"] and SCHEMA["description"]
    assert load_schema() == SCHEMA


def test_every_key_has_a_french_description() -> None:
    # (`if` subschemas are conditions on `kind`, not shapes: nothing to document there.)
    missing = [
        f"{where}/properties/{key}"
        for where, node in subschemas(SCHEMA)
        if isinstance(node.get("properties"), dict) and "/if" not in where
        for key, prop in node["properties"].items()
        if not prop.get("description")
    ]
    assert missing == []
    assert all(d["description"] for d in SCHEMA["$defs"].values())


def test_every_object_is_closed() -> None:
    open_objects = [
        where
        for where, node in subschemas(SCHEMA)
        if node.get("type") == "object"
        and node.get("additionalProperties") is not False
        and "/if" not in where
    ]
    assert open_objects == []
    # The parsed unions are closed by their branches: one `then` per kind, each closed.
    for name in ("casting_time_parsed", "range_parsed", "duration_parsed"):
        union = SCHEMA["$defs"][name]
        kinds = union["properties"]["kind"]["enum"]
        branches = [b["then"]["$ref"].rsplit("/", 1)[1] for b in union["allOf"]]
        assert branches == [f"{name.rsplit('_', 1)[0]}_{k}" for k in kinds]
        for branch in branches:
            assert SCHEMA["$defs"][branch]["additionalProperties"] is False
            assert SCHEMA["$defs"][branch]["properties"]["kind"]["const"] in kinds


def test_the_schema_s_bounds_are_the_rules() -> None:
    """The schema is written by hand: its elements, difficulties and spell levels, and the
    sentences that name them, are read here against rules/ (their only home)."""
    props = SCHEMA["properties"]
    assert props["element"]["enum"] == list(rules.ELEMENTS)
    assert all(name in props["element"]["description"] for name in rules.ELEMENTS)
    difficulty = props["difficulty"]
    assert (difficulty["minimum"], difficulty["maximum"]) == (
        rules.MIN_DIFFICULTY,
        rules.MAX_DIFFICULTY,
    )
    assert (
        f"de {rules.MIN_DIFFICULTY} (facile) à {rules.MAX_DIFFICULTY}"
        in (difficulty["description"])
    )
    level = SCHEMA["$defs"]["spell_level"]
    assert (level["minimum"], level["maximum"]) == (rules.MIN_SPELL_LEVEL, rules.MAX_SPELL_LEVEL)
    span = f"{rules.MIN_SPELL_LEVEL} à {rules.MAX_SPELL_LEVEL}"
    assert span in level["description"]


def test_format_enumerations() -> None:
    props = SCHEMA["properties"]
    assert props["element"]["enum"] == list(rules.ELEMENTS)
    assert (
        props["element_status"]["enum"]
        == props["difficulty_status"]["enum"]
        == ["editorial", "author"]
    )
    assert SCHEMA["$defs"]["spell_level"]["type"] == "integer"
    assert (
        props["target"]["properties"].keys()
        == props["saving_throw"]["properties"].keys()
        == {"label", "raw"}
    )
    assert sorted(SCHEMA["required"]) == sorted(props)


def test_the_limits_it_checks_are_the_rules_engines() -> None:
    import rules

    defs, props = SCHEMA["$defs"], SCHEMA["properties"]
    assert props["element"]["enum"] == list(rules.ELEMENTS)
    assert (props["difficulty"]["minimum"], props["difficulty"]["maximum"]) == (
        rules.MIN_DIFFICULTY,
        rules.MAX_DIFFICULTY,
    )
    assert (defs["spell_level"]["minimum"], defs["spell_level"]["maximum"]) == (
        rules.MIN_SPELL_LEVEL,
        rules.MAX_SPELL_LEVEL,
    )
