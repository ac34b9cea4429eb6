"""Rules within one spell file that a JSON Schema cannot state.

Each rule runs only on values of the right type (the schema says what is wrong with the others)
and yields ``(path of the value, message)`` in French.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from . import description as description_syntax
from .problems import SPELL_SUFFIX, Problem
from .slug import SLUG_RE, slugify
from .spellfile import DataPath
from .text_safety import MAX_LINE, names, plain_name, plain_text
from .texts import short, shown_path, thousands

__all__ = ["FIELDS", "description_problems", "within_file"]

Message = tuple[DataPath, str]

#: The fields with the {label, raw} shape, in source order (the first field, « Niveau », is ``levels``).
FIELDS = ("casting_time", "range", "target", "duration", "saving_throw")


def within_file(data: dict[str, Any], file_name: str) -> Iterator[Message]:
    """Every rule of one file beyond its schema; ``file_name`` is the file's own name."""
    yield from _levels_in_order(data)
    yield from _slug_rules(data, file_name)
    yield from _alias_rules(data)
    # plain text: no control or bidirectional character anywhere, one line but for the
    # description, names made of letters and simple punctuation only (never markup)
    yield from plain_text(data)
    yield from _per_level_rules(data)
    yield from _errata_rules(data)
    yield from _source_in_order(data)


def description_problems(
    data: dict[str, Any], lines: dict[DataPath, int], shown: str, raw: bytes | None
) -> list[Problem]:
    """The description's blocks the renderer could not render whole, and its lines too long, each
    at its line in the file when the description is a literal block (``description: |``), else
    at the key's line with the line's number in the description."""
    description = data.get("description")
    if not isinstance(description, str) or ("description",) not in lines:
        return []
    found = description_syntax.problems(description, short)
    found += [
        (
            index,
            f"attendu une ligne d'au plus {thousands(MAX_LINE)} caractères, "
            f"reçu {thousands(len(line))} caractères",
        )
        for index, line in enumerate(description.split("\n"))
        if len(line) > MAX_LINE
    ]
    if not found:
        return []
    key_line = lines[("description",)]
    if _is_literal_block(raw, key_line):
        return [
            Problem(shown, key_line + 1 + index, "description", message)
            for index, message in sorted(found)
        ]
    return [
        Problem(shown, key_line, "description", f"{message} (ligne {index + 1} de la description)")
        for index, message in sorted(found)
    ]


def _is_literal_block(raw: bytes | None, key_line: int) -> bool:
    """Whether the line ``key_line`` of the file opens the description as a literal block."""
    if raw is None:
        return False
    text_lines = raw.split(b"\n", key_line)
    return (
        len(text_lines) >= key_line
        and re.fullmatch(rb"description:\s*\|[-+1-9]*\s*", text_lines[key_line - 1]) is not None
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _get(data: Any, *keys: str | int) -> Any:
    for key in keys:
        if isinstance(key, str) and isinstance(data, dict) and key in data:
            data = data[key]
        elif isinstance(key, int) and isinstance(data, list) and 0 <= key < len(data):
            data = data[key]
        else:
            return None
    return data


def _levels_in_order(data: dict[str, Any]) -> Iterator[Message]:
    """levels.min <= levels.max."""
    low, high = _get(data, "levels", "min"), _get(data, "levels", "max")
    if _is_int(low) and _is_int(high) and 1 <= low <= 9 and 1 <= high <= 9 and low > high:
        yield (
            ("levels", "max"),
            f"attendu un entier supérieur ou égal à levels.min ({low}), reçu le nombre {high}",
        )


def _slug_rules(data: dict[str, Any], file_name: str) -> Iterator[Message]:
    """slug == slugify(name) and slug == the file's name."""
    slug, name = data.get("slug"), data.get("name")
    if not (isinstance(slug, str) and SLUG_RE.fullmatch(slug)):
        return
    if isinstance(name, str) and plain_name(name) and slugify(name) and slug != slugify(name):
        yield (
            ("slug",),
            f"attendu « {slugify(name)} » (slug du nom « {name} »), reçu « {slug} »",
        )
    stem = file_name[: -len(SPELL_SUFFIX)]
    if slug != stem:
        yield (
            ("slug",),
            f"attendu « {shown_path(stem)} » (nom du fichier {shown_path(file_name)}), "
            f"reçu « {slug} »",
        )


def _alias_rules(data: dict[str, Any]) -> Iterator[Message]:
    """An alias is a spelling different from the name; every name gives an address."""
    aliases, name = data.get("aliases"), data.get("name")
    if isinstance(aliases, list) and isinstance(name, str):
        for index, alias in enumerate(aliases):
            if alias == name:
                yield (
                    ("aliases", index),
                    f"attendu une graphie différente du nom, reçu « {alias} », identique à name",
                )
    for path, text in names(data):
        if text and plain_name(text) and not slugify(text):
            yield (
                path,
                (
                    f"attendu un nom avec au moins une lettre ou un chiffre (il donne l'adresse sorts/<slug>/), "
                    f"reçu « {short(text)} »"
                ),
            )


def _per_level_rules(data: dict[str, Any]) -> Iterator[Message]:
    """per_level: level_to >= level, and label + text is (part of) one line of the description."""
    description = data.get("description")
    description_lines = description.split("\n") if isinstance(description, str) else None
    per_level = data.get("per_level")
    for index, entry in enumerate(per_level if isinstance(per_level, list) else []):
        level, level_to = _get(entry, "level"), _get(entry, "level_to")
        if _is_int(level) and _is_int(level_to) and level >= 1 and level_to < level:
            yield (
                ("per_level", index, "level_to"),
                f"attendu un entier supérieur ou égal à level ({level}), reçu le nombre {level_to}",
            )
        label, text = _get(entry, "label"), _get(entry, "text")
        if description_lines is not None and isinstance(label, str) and isinstance(text, str):
            joined = (f"{label} {text}", f"{label}{text}")
            if not any(j in line for line in description_lines for j in joined):
                yield (
                    ("per_level", index, "text"),
                    (
                        f"attendu un texte qui, après « {short(label)} », forme une ligne de la description, "
                        f"reçu « {short(text)} », introuvable dans la description"
                    ),
                )


def _errata_rules(data: dict[str, Any]) -> Iterator[Message]:
    """An erratum's fragment is in the spell's own text."""
    errata = data.get("errata")
    if not isinstance(errata, list):
        return
    haystack = _spell_texts(data)
    for index, erratum in enumerate(errata):
        text = _get(erratum, "text")
        if isinstance(text, str) and text and not any(text in h for h in haystack):
            yield (
                ("errata", index, "text"),
                (
                    f"attendu un fragment présent tel quel dans le sort (nom, champs ou description), "
                    f"reçu « {short(text)} », introuvable"
                ),
            )


def _source_in_order(data: dict[str, Any]) -> Iterator[Message]:
    """source: first_line <= title_line <= last_line."""
    first, title, last = (
        _get(data, "source", k) for k in ("first_line", "title_line", "last_line")
    )
    if not (_is_int(first) and _is_int(last) and first >= 1 and last >= 1):
        return
    if last < first:
        yield (
            ("source", "last_line"),
            f"attendu un entier supérieur ou égal à source.first_line ({first}), reçu le nombre {last}",
        )
    elif _is_int(title) and title >= 1 and not first <= title <= last:
        yield (
            ("source", "title_line"),
            f"attendu un entier de source.first_line à source.last_line ({first} à {last}), reçu le nombre {title}",
        )


def _spell_texts(data: dict[str, Any]) -> list[str]:
    """Every verbatim text of a spell, where an erratum's fragment may be found."""
    texts = [
        data.get("name"),
        data.get("description"),
        _get(data, "levels", "label"),
        _get(data, "levels", "raw"),
        _get(data, "levels", "index_raw"),
        _get(data, "index", "name"),
    ]
    aliases = data.get("aliases")
    texts += aliases if isinstance(aliases, list) else []
    for key in FIELDS:
        texts += [_get(data, key, "label"), _get(data, key, "raw")]
    figures = data.get("figures")
    texts += [_get(f, "caption") for f in figures] if isinstance(figures, list) else []
    return [t for t in texts if isinstance(t, str)]
