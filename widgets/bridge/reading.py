"""How the bridge reads every field, as data: the pages judge a value without the engine and
word their messages exactly as :func:`.requests.handle` does."""

from __future__ import annotations

import sys
from typing import Any

import rules
from rules import errors as rules_errors

from .fields import (
    ABSENT,
    FIELD_LABELS,
    MAX_DIGITS,
    SHOWN_CHARS,
    SIGNS,
    base,
    labelled,
    shown,
    stand_in,
    too_long,
)
from .requests import handle

__all__ = ["reading"]

# The fields of each calculator in the order the engine judges them, and what each holds:
# ("integer", low, high) with None for no bound, ("choice", allowed values), ("probability",).
# Bounds are the engine's constants; the messages are asked from the bridge itself.
_ANY_INT = ("integer", None, None)
_MAGIC = ("integer", 0, None)
_LEARNING = ("integer", rules.MIN_LEARNING, rules.MAX_LEARNING)
_EXTREMES = ("choice", tuple(rules.EXTREMES))
_ELEMENT = ("choice", tuple(rules.ELEMENTS))
_SPECS: dict[str, dict[str, tuple]] = {
    "cast": {"magic": _MAGIC, "learning": _LEARNING, "modifier": _ANY_INT, "extremes": _EXTREMES},
    "duel": {
        "a_magic": _MAGIC,
        "a_learning": _LEARNING,
        "a_element": _ELEMENT,
        "b_magic": _MAGIC,
        "b_learning": _LEARNING,
        "b_element": _ELEMENT,
        "extremes": _EXTREMES,
    },
    "progression": {
        "magic": _MAGIC,
        "learning": _LEARNING,
        "difficulty": ("integer", rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY),
        "xp": ("integer", 0, "cost"),
        "extremes": _EXTREMES,
        "n": ("integer", 0, None),
    },
    "study": {
        "hours": ("integer", rules.MIN_STUDY_HOURS, rules.MAX_STUDY_HOURS),
        "p": ("probability",),
    },
}
_SPECS["roll"] = {**_SPECS["cast"], "face": ("integer", 1, rules.DIE_FACES)}

# A value no field accepts, whose description is replaced by "{}" in the message templates.
_SENTINEL = "\u2060?\u2060"


def reading() -> dict:
    """How the bridge reads every field, as JSON-ready data for the pages, which then judge a
    value without the engine and word their messages exactly as :func:`handle` does.

    ``integer``: integer text is ``whitespace``, an optional sign of ``signs``, 1 to ``digits``
    ASCII digits, ``whitespace``. ``long``: the message (``{}`` for the quoted text, cut after
    ``shown`` characters) for a field holding more than ``digits`` digits in a row. ``describe``:
    how a message names the value received (``blank`` for blank text, text cut after ``chars``
    characters). ``probability``: how a probability is written (the engine's patterns, ``\\s``
    standing for ``whitespace``). ``calcs``: per calculator, its fields in the engine's order:
    ``label`` (its visible label, which starts its messages), ``kind`` ("integer", "choice" or
    "probability"), ``low``/``high`` (None: no bound; for the
    progression's XP, ``high`` and ``message`` by "learning,difficulty", the bound being below the
    level's cost, None at the last level; ``by`` names those fields), ``allowed``, ``absent`` (the value of a field not sent),
    ``stand_in`` (the value the other fields are judged with when this one is refused), and
    ``message`` (``{}`` for the value received).
    """
    whitespace = "".join(filter(str.isspace, map(chr, range(sys.maxunicode + 1))))
    calcs = {
        calc: [_field_entry(_valid_request(calc), field, spec) for field, spec in specs.items()]
        for calc, specs in _SPECS.items()
    }
    sample = "1" * (MAX_DIGITS + 1)
    return {
        "integer": {"whitespace": whitespace, "signs": dict(SIGNS), "digits": MAX_DIGITS},
        "long": {
            "digits": MAX_DIGITS,
            "shown": SHOWN_CHARS,
            "message": {
                field: labelled(field, too_long(field, sample) or "").replace(shown(sample), "{}")
                for specs in _SPECS.values()
                for field in specs
            },
        },
        "describe": {
            "blank": rules_errors.describe(""),
            "none": rules_errors.describe(None),
            "chars": rules_errors.MAX_SHOWN,
        },
        "probability": {
            "ratio": rules_errors.PROBABILITY_RATIO,
            "decimal": rules_errors.PROBABILITY_DECIMAL,
            "percent_spaces": rules_errors.PERCENT_SPACES,
            "low": 0,
            "high": 1,
        },
        "calcs": calcs,
    }


def _field_entry(request: dict[str, str], field: str, spec: tuple) -> dict[str, Any]:
    """What a page needs to judge ``field`` (a field of the valid ``request``'s calculator)."""
    entry: dict[str, Any] = {
        "field": field,
        "label": FIELD_LABELS[base(field)],
        "kind": spec[0],
        "absent": ABSENT.get(base(field)),
        "stand_in": stand_in(field),
    }
    if spec[0] == "integer" and spec[2] == "cost":
        highs, messages = _bounds_below_cost(request, field)
        entry.update(low=spec[1], high=highs, message=messages, by=["learning", "difficulty"])
        return entry
    if spec[0] == "integer":
        entry.update(low=spec[1], high=spec[2])
    elif spec[0] == "choice":
        entry.update(allowed=list(spec[1]))
    entry["message"] = _template(request, field)
    return entry


def _bounds_below_cost(
    request: dict[str, str], field: str
) -> tuple[dict[str, int | None], dict[str, str]]:
    """``high`` and ``message`` of a field bounded below the level's cost, by
    "learning,difficulty" (``high`` None at the last level: no cost left)."""
    highs: dict[str, int | None] = {}
    messages: dict[str, str] = {}
    for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1):
        for difficulty in range(rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY + 1):
            key = f"{learning},{difficulty}"
            try:
                cost = rules.level_up_cost(learning, difficulty)
                highs[key] = None if cost is None else cost - 1
            except rules.RulesError:
                highs[key] = None  # the last level: no cost left
            messages[key] = _template(
                {**request, "learning": str(learning), "difficulty": str(difficulty)}, field
            )
    return highs, messages


def _valid_request(calc: str) -> dict[str, str]:
    request = {"calc": calc}
    for field in _SPECS[calc]:
        value = stand_in(field)
        request[field] = value if isinstance(value, str) else str(value)
    return request


def _template(request: dict[str, str], field: str) -> str:
    """The bridge's message for ``field`` holding the sentinel, with "{}" for the value."""
    errors = handle({**request, field: _SENTINEL})["errors"]
    assert isinstance(errors, list)
    message = next(e["message"] for e in errors if e["field"] == field)
    described = rules_errors.describe(_SENTINEL)
    if message.count(described) != 1:
        raise ValueError(f"message inattendu pour {field} : {message}")
    return message.replace(described, "{}")
