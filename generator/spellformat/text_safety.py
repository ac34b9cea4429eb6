"""Plain text only: what a spell's texts may hold.

No control or bidirectional character anywhere, one line but for the description, bounded
lengths, and names (the name, the aliases, the index's name) made of the Latin script's letters,
digits and simple punctuation only: never markup, never a letter of another script that looks
like a Latin one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any

from .spellfile import DataPath
from .texts import (
    BIDI_CONTROLS,
    NONCHARACTERS,
    RESERVED,
    SEPARATORS,
    SURROGATES,
    codepoint,
    short,
    thousands,
)

__all__ = [
    "MAX_DESCRIPTION",
    "MAX_LINE",
    "MAX_NAME",
    "MAX_TEXT",
    "NAME_PUNCTUATION",
    "SUSPECT",
    "names",
    "plain_name",
    "plain_text",
]

Message = tuple[DataPath, str]

#: Punctuation a name, an alias or the index's name may hold besides letters, digits and spaces.
NAME_PUNCTUATION = "'’-–—/,.:!?()"

#: Any character :func:`plain_text` could refuse, the newline aside (control characters are the
#: Unicode category Cc: U+0000–U+001F and U+007F–U+009F). One character at a time: linear in the
#: text's length.
SUSPECT = re.compile(
    "["
    + re.escape("".join(sorted(BIDI_CONTROLS | SEPARATORS)))
    + "\x00-\x09\x0b-\x1f\x7f-\x9f"
    + NONCHARACTERS
    + SURROGATES
    + "]"
)

#: Longest texts, far above the longest of the 110 spells (name 46 characters, one-line text
#: 293, description 9,856, description line 529): a text past them is a mistake or an attack.
MAX_NAME = 200
MAX_TEXT = 2_000
MAX_DESCRIPTION = 60_000
MAX_LINE = 5_000


def names(data: dict[str, Any]) -> Iterator[tuple[DataPath, str]]:
    """The name, the aliases and the index's name: texts shown as titles and links."""
    if isinstance(data.get("name"), str):
        yield ("name",), data["name"]
    aliases = data.get("aliases")
    for index, alias in enumerate(aliases if isinstance(aliases, list) else []):
        if isinstance(alias, str):
            yield ("aliases", index), alias
    index_entry = data.get("index")
    if isinstance(index_entry, dict) and isinstance(index_entry.get("name"), str):
        yield ("index", "name"), index_entry["name"]


def plain_name(text: str) -> bool:
    """Whether a name holds only letters, digits, spaces and :data:`NAME_PUNCTUATION`."""
    return all(_name_char_ok(char) for char in text)


def plain_text(data: dict[str, Any]) -> Iterator[Message]:
    """Every text of ``data`` too long or holding a character no page should carry, then every
    name holding more than letters, digits and simple punctuation, or another script's letters."""
    name_paths = {path for path, _ in names(data)}
    for path, text in _strings(data):
        limit = _limit(path, name_paths)
        if len(text) > limit:
            yield (
                path,
                (
                    f"attendu un texte d'au plus {thousands(limit)} caractères, "
                    f"reçu {thousands(len(text))} caractères (« {short(text)} »)"
                ),
            )
        elif SUSPECT.search(text) or (path != ("description",) and "\n" in text):
            yield from _first_refused(path, text)
    for path, text in names(data):
        yield from _name_problems(path, text)


def _name_char_ok(char: str) -> bool:
    return char == " " or char in NAME_PUNCTUATION or unicodedata.category(char)[0] in "LMN"


def _strings(value: Any, path: DataPath = ()) -> Iterator[tuple[DataPath, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, path + (index,))


def _limit(path: DataPath, name_paths: set[DataPath]) -> int:
    if path == ("description",):
        return MAX_DESCRIPTION
    return MAX_NAME if path in name_paths else MAX_TEXT


def _first_refused(path: DataPath, text: str) -> Iterator[Message]:
    """The first character of ``text`` that its field refuses, said once."""
    for char in text:
        message = _refused(char, path)
        if message:
            yield path, message.format(text=short(text), char=codepoint(char))
            return


def _refused(char: str, path: DataPath) -> str:
    """Why ``char`` may not be in the text at ``path`` ('' when it may), with ``{text}`` and
    ``{char}`` to fill."""
    if RESERVED.match(char):
        what = "demi-codet isolé (surrogate)" if "\ud800" <= char <= "\udfff" else "non-caractère"
        return (
            "attendu un texte fait de caractères Unicode ordinaires, reçu « {text} » "
            f"({what} {{char}}, qu'aucune page ne peut porter)"
        )
    if char in BIDI_CONTROLS:
        return (
            "attendu un texte sans caractère de contrôle bidirectionnel (il inverserait "
            "l'affichage), reçu « {text} » (caractère {char})"
        )
    if char in SEPARATORS or (unicodedata.category(char) == "Cc" and char != "\n"):
        return "attendu un texte sans caractère de contrôle, reçu « {text} » (caractère {char})"
    if char == "\n" and path != ("description",):
        return "attendu un texte d'une seule ligne, reçu « {text} »"
    return ""


def _name_problems(path: DataPath, text: str) -> Iterator[Message]:
    """A name's first character outside its alphabet, or the letters of another script."""
    bad = next(
        (
            char
            for char in text
            if not _name_char_ok(char)
            and unicodedata.category(char) != "Cc"
            and char not in BIDI_CONTROLS
            and char not in SEPARATORS
            and not RESERVED.match(char)
        ),
        None,
    )
    if bad is not None:
        yield (
            path,
            (
                f"attendu un nom fait de lettres, de chiffres, d'espaces et de la ponctuation "
                f"{' '.join(NAME_PUNCTUATION)}, reçu « {short(text)} » (caractère « {bad} » interdit)"
            ),
        )
        return
    odd = _not_latin(text)
    if odd:
        shown = ", ".join(
            f"« {char} » {codepoint(char)} {unicodedata.name(char, '')}".rstrip() for char in odd
        )
        yield (
            path,
            (
                f"attendu un nom d'une seule écriture, l'alphabet latin (accents compris), avec les "
                f"chiffres 0 à 9, reçu « {short(text)} » (d'une autre écriture : {shown})"
            ),
        )


def _not_latin(text: str) -> list[str]:
    """The letters and digits of a name that are not Latin letters (accented ones and ligatures
    such as œ included), ASCII digits or accents following a Latin letter, each once: a Cyrillic
    « е » in a Latin name is another address that looks the same."""
    odd: list[str] = []
    after_letter = False
    for char in text:
        category = unicodedata.category(char)
        if category[0] == "L":
            ok = unicodedata.name(char, "").startswith("LATIN ")
        elif category[0] == "N":
            ok = "0" <= char <= "9"
        elif category[0] == "M":
            ok = after_letter
        else:
            ok = True
        if not ok and char not in odd:
            odd.append(char)
        after_letter = category[0] == "L" or (category[0] == "M" and after_letter)
    return odd
