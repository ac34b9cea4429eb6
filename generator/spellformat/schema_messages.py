"""The JSON Schema of spell files, and its errors said in French.

Each error of jsonschema becomes ``(path of the value, message)``, the message saying what the
schema expected and what the file holds, never jsonschema's English.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .slug import SLUG_PATTERN
from .spellfile import DataPath
from .texts import literal, received

if TYPE_CHECKING:  # jsonschema is imported when a file must be checked (a build of unchanged
    # files, known valid, does without it)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

__all__ = ["SCHEMA_PATH", "load_schema", "schema_messages"]

#: The JSON Schema of the format (also usable by an editor, through yaml-language-server).
SCHEMA_PATH = Path(__file__).resolve().parent / "spell.schema.json"

Message = tuple[DataPath, str]


@functools.cache
def load_schema() -> dict[str, Any]:
    """Return the JSON Schema of spell files (read once, then cached)."""
    with open(SCHEMA_PATH, encoding="utf-8") as stream:
        return json.load(stream)


def schema_messages(data: dict[str, Any]) -> Iterator[Message]:
    """Every error of the schema in ``data``, in French, each said once."""
    seen: set[Message] = set()
    for error in _validator().iter_errors(data):
        for item in _translate(error):
            if item not in seen:
                seen.add(item)
                yield item


def _is_integer(_checker: Any, instance: Any) -> bool:
    # JSON Schema counts 1.0 as an integer; the format wants a YAML int.
    return isinstance(instance, int) and not isinstance(instance, bool)


@functools.cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator, validators

    checker = validators.extend(
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
    )
    return checker(load_schema())


def _translate(error: ValidationError) -> list[Message]:
    path: DataPath = tuple(error.absolute_path)
    keyword = error.validator
    instance: Any = error.instance
    schema: Any = error.schema
    if keyword == "required":
        required: Any = error.validator_value
        return [
            (path + (key,), f"clé obligatoire « {key} » absente")
            for key in required
            if isinstance(instance, dict) and key not in instance
        ]
    if keyword == "additionalProperties":
        allowed = list(schema.get("properties", {}))
        return [
            (path + (key,), f"clé inconnue « {key} » (clés permises : {', '.join(allowed)})")
            for key in instance
            if key not in allowed
        ]
    if keyword == "uniqueItems":
        return _first_duplicate(path, instance)
    if keyword in _VALUE_KEYWORDS:
        return [(path, f"attendu {_expected(schema)}, reçu {received(instance)}")]
    # Not used by the schema today: a generic wording rather than jsonschema's English.
    return [
        (
            path,
            f"attendu une valeur conforme à la règle « {keyword} » du schéma, reçu {received(instance)}",
        )
    ]


def _first_duplicate(path: DataPath, items: list[Any]) -> list[Message]:
    firsts: dict[str, int] = {}
    for index, item in enumerate(items):
        key = json.dumps(item, sort_keys=True)
        if key in firsts:
            return [
                (
                    path + (index,),
                    f"attendu des éléments tous différents, reçu {received(item)} "
                    f"une deuxième fois (déjà à l'indice {firsts[key]})",
                )
            ]
        firsts[key] = index
    return []  # pragma: no cover - jsonschema found a duplicate


_VALUE_KEYWORDS = {
    "type",
    "enum",
    "const",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "pattern",
}

_PATTERNS = {
    SLUG_PATTERN: "un slug (lettres minuscules sans accents et chiffres, mots séparés par un seul tiret, "
    "ex. « images-miroir »)",
    "^[1-9][0-9]*d[1-9][0-9]*$": "des dés de la forme NdM (ex. « 1d4 »)",
}


def _expected(schema: dict[str, Any]) -> str:
    """What a (sub)schema accepts, in French."""
    if "const" in schema:
        return f"la valeur {literal(schema['const'])}"
    if "enum" in schema:
        return "l'une des valeurs " + ", ".join(literal(v) for v in schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " ou ".join(_expected({**schema, "type": k}) for k in kind)
    said = _BY_TYPE.get(kind) if isinstance(kind, str) else None
    return said(schema) if said else "une valeur"


def _expected_integer(schema: dict[str, Any]) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        return f"un entier de {low} à {high}"
    if low is not None:
        return f"un entier supérieur ou égal à {low}"
    return "un entier"


def _expected_number(schema: dict[str, Any]) -> str:
    return "un nombre strictement positif" if schema.get("exclusiveMinimum") == 0 else "un nombre"


def _expected_string(schema: dict[str, Any]) -> str:
    if "pattern" in schema:
        return _PATTERNS.get(schema["pattern"], f"un texte de la forme {schema['pattern']}")
    return "un texte non vide" if schema.get("minLength") else "un texte"


def _expected_object(schema: dict[str, Any]) -> str:
    if schema.get("required") == ["kind"] and "allOf" in schema:
        return "un objet avec une clé « kind »"
    return "un objet"


_BY_TYPE: dict[str, Callable[[dict[str, Any]], str]] = {
    "integer": _expected_integer,
    "number": _expected_number,
    "string": _expected_string,
    "array": lambda _schema: "une liste",
    "object": _expected_object,
    "null": lambda _schema: "null",
}
