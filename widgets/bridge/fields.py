"""The calculators' fields: raw text in, engine arguments out, and every faulty field's error.

Text that looks like an integer becomes an ``int``; anything else is passed through unchanged,
so that the engine's own French message is the one shown. A number of more than
:data:`MAX_DIGITS` digits is refused before Python converts it. :func:`run` calls the engine and
collects the error of each faulty field, each message starting with the field's visible label.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import rules
from rules import errors as rules_errors

__all__ = [
    "ABSENT",
    "FIELD_LABELS",
    "MAX_DIGITS",
    "SHOWN_CHARS",
    "SIGNS",
    "FieldError",
    "base",
    "fields",
    "labelled",
    "run",
    "shown",
    "stand_in",
    "to_engine",
    "too_long",
]

# The longest run of digits a field may hold. Longer numbers are refused before any int() (Python
# refuses more than 4,300 digits with an English message, and converting is slow well before).
MAX_DIGITS = 30
_LONG_NUMBER = re.compile(f"[0-9]{{{MAX_DIGITS + 1}}}")

# The signs integer text may start with (ASCII or the typographic minus), and their value.
SIGNS = {"+": 1, "-": -1, "\u2212": -1}

# Integer-looking text: whitespace, an optional sign, ASCII digits, whitespace.
_INTEGER = re.compile(rf"\s*([{re.escape(''.join(SIGNS))}]?)([0-9]{{1,{MAX_DIGITS}}})\s*")

# Raw text quoted in a message is cut after this many characters.
SHOWN_CHARS = 20

# Valid stand-ins used, after a field was found faulty, to look for errors in
# the other fields (the engine stops at the first error it meets).
_STAND_INS = {
    "magic": 0,
    "learning": rules.MIN_LEARNING,
    "modifier": 0,
    "extremes": "modified",
    "difficulty": rules.MIN_DIFFICULTY,
    "xp": 0,
    "n": 1,
    "hours": rules.MIN_STUDY_HOURS,
    "p": "1/2",
    "element": "neutre",
    "seed": "",
    "face": "",
}

#: The value of a field not sent.
ABSENT = {"modifier": 0, "extremes": "modified", "xp": 0, "n": 20}

# The visible label of each field of the calculators: the one home of these words. The templates
# show them, and every message about a field starts with its label (« Magie : attendu … »), the
# engine's name of the value being replaced by it.
FIELD_LABELS = {
    "magic": "Magie",
    "learning": "Apprentissage",
    "modifier": "Modificateur",
    "extremes": f"Lecture du 1 et du {rules.DIE_FACES}",
    "face": "Face du dé",
    "seed": "Graine",
    "element": "Élément du sort",
    "difficulty": "Difficulté du sort",
    "xp": "Expérience acquise",
    "n": "Nombre de lancers",
    "hours": "Heures d'étude prévues",
    "p": "Chance de réussir chaque test",
}

Values = dict[str, Any]
Answer = dict[str, Any]


def shown(raw: object) -> str:
    """Raw text as a message quotes it: « … », cut after ``SHOWN_CHARS`` characters."""
    text = str(raw)
    return f"« {text[:SHOWN_CHARS]}… »" if len(text) > SHOWN_CHARS else f"« {text} »"


def base(field: str) -> str:
    """A request key without its duel side: "a_magic" → "magic"."""
    return field.split("_", 1)[1] if field[:2] in ("a_", "b_") else field


def labelled(field: object, message: str) -> str:
    """``message`` about ``field`` starting with the field's visible label instead of the
    engine's name of the value (« magie : attendu … » → « Magie : attendu … »)."""
    short = base(field) if isinstance(field, str) else None
    label = FIELD_LABELS.get(short) if short else None
    if label is None or short is None:
        return message
    prefix = f"{_name(short)} : "
    return label + " : " + message[len(prefix) :] if message.startswith(prefix) else message


def too_long(field: str, raw: object) -> str | None:
    """The French message refusing ``raw`` when it holds a number too long, else None."""
    if not isinstance(raw, str) or not _LONG_NUMBER.search(raw):
        return None
    return (
        f"{_name(base(field))} : attendu un nombre de {MAX_DIGITS} chiffres au plus, "
        f"reçu {shown(raw)}"
    )


def _name(short: str) -> str:
    """How the engine's messages name a field's value."""
    return "graine" if short == "seed" else rules_errors.PARAM_NAMES.get(short, short)


class _TooLong:
    """A field whose raw text was refused before reaching the engine."""

    def __init__(self, message: str) -> None:
        self.message = message


class FieldError(Exception):
    """An input error already attached to a request field."""

    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def to_engine(value: object) -> object:
    """Return ``value`` as the engine should receive it.

    Text that looks like an integer (" -3 ", "+5", "12") becomes an ``int``;
    everything else is returned unchanged, so the engine judges it and its
    French message names what was received.
    """
    if isinstance(value, str):
        match = _INTEGER.fullmatch(value)
        if match:
            return SIGNS.get(match.group(1), 1) * int(match.group(2))
    return value


def fields(request: Mapping[str, Any], names: tuple[str, ...]) -> Values:
    """Engine arguments for the named fields of a request."""
    values: Values = {}
    for name in names:
        raw = request.get(name)
        if raw is None:
            raw = ABSENT.get(base(name))
        message = too_long(name, raw)
        values[name] = _TooLong(message) if message else to_engine(raw)
    return values


def stand_in(field: str) -> object:
    """The valid value a refused field is replaced by, to judge the others."""
    return _STAND_INS.get(base(field))


class _Labelled(list):
    """The errors of a request, each message starting with its field's visible label."""

    def append(self, error: dict[str, Any]) -> None:
        super().append({**error, "message": labelled(error["field"], error["message"])})


def run(compute: Callable[[Values], Answer], values: Values) -> Answer:
    """Call ``compute(values)``; collect the error of every faulty field.

    The engine stops at the first invalid argument, so each faulty field is
    replaced by a valid stand-in and the computation retried, until it runs
    or an error cannot be attached to a field of this request.
    """
    values = dict(values)
    errors = _Labelled()
    for name, value in values.items():
        if isinstance(value, _TooLong):
            errors.append({"field": name, "message": value.message})
            values[name] = stand_in(name)
    field: str | None
    while True:
        try:
            result = compute(values)
        except FieldError as error:
            field, message = error.field, error.message
        except rules.RulesError as error:  # any other error gets the generic French message
            field, message = error.param, str(error)
        else:
            return {"ok": False, "errors": list(errors)} if errors else result
        if field not in values or any(e["field"] == field for e in errors):
            errors.append({"field": field if field in values else None, "message": message})
            return {"ok": False, "errors": list(errors)}
        errors.append({"field": field, "message": message})
        replacement = stand_in(field) if field is not None else None
        if replacement is None:
            return {"ok": False, "errors": list(errors)}
        values[field] = replacement
