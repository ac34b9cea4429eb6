"""Validation of spell files: JSON Schema, rules between fields, rules across files.

Each problem is rendered ``path:line: field: message`` in French, the field being the
dotted path of the value (``levels.max``, ``per_level[2].level``, ``-`` for the whole
file) and the message saying what was expected and what was received. All problems
are collected before being rendered; nothing stops at the first one.

Use from code (the site build step)::

    from generator.spellformat.validate import load_dir

    spells, problems = load_dir("spells")
    if problems:            # refuse to build
        ...
"""

from __future__ import annotations

import functools
import json
import os
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import description as description_syntax
from .slug import SLUG_PATTERN, SLUG_RE, slugify
from .spellfile import MAX_BYTES, DataPath, LoadError, load_bytes, load_path

if TYPE_CHECKING:  # jsonschema is imported when a file must be checked (a build of unchanged
    # files, known valid, does without it)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

__all__ = [
    "SCHEMA_PATH",
    "Problem",
    "Spell",
    "check_dir",
    "check_file",
    "load_dir",
    "load_schema",
    "shown_path",
    "spell_files",
]

#: The JSON Schema of the format (also usable by an editor, through yaml-language-server).
SCHEMA_PATH = Path(__file__).resolve().parent / "spell.schema.json"

#: Extension of spell files; other files in the directory are ignored.
SPELL_SUFFIX = ".yaml"


@dataclass(frozen=True)
class Problem:
    """A located problem. ``line`` is None for a directory or read problem."""

    path: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.field}: {self.message}"


@dataclass(frozen=True)
class Spell:
    """A loaded spell file: displayed path, data and the line of every value."""

    path: str
    data: dict[str, Any]
    lines: dict[DataPath, int]


# --------------------------------------------------------------------------- entry points


def check_file(path: str | os.PathLike[str]) -> list[Problem]:
    """Return every problem of the file *path* on its own (cross-file rules excluded)."""
    problems, _ = _check_one(Path(path), shown_path(os.fspath(path)))
    return _sorted(problems)


def check_dir(path: str | os.PathLike[str]) -> list[Problem]:
    """Return every problem of the ``*.yaml`` files in *path*, sorted by path then line."""
    return load_dir(path)[1]


def load_dir(
    path: str | os.PathLike[str], *, shown: str | None = None
) -> tuple[list[Spell], list[Problem]]:
    """Load and validate the spell directory *path*, which messages name *shown* (default: *path*
    as given), in every path they hold: the file of a problem and the other file it names.

    Return the spells read (sorted by file name) and every problem. The data can only
    be trusted if the list of problems is empty. Every file is read and checked at every call:
    nothing read from a cache can stand in for a check that protects the pages.
    """
    shown = shown_path(os.fspath(path) if shown is None else shown)
    directory = Path(path)
    if not directory.exists():
        return [], [
            Problem(shown, None, "-", "attendu un dossier de sorts, reçu un chemin inexistant")
        ]
    if not directory.is_dir():
        return [], [Problem(shown, None, "-", "attendu un dossier de sorts, reçu un fichier")]
    files = spell_files(directory)
    if not files:
        return [], [
            Problem(
                shown,
                None,
                "-",
                f"attendu au moins un fichier de sort *{SPELL_SUFFIX}, reçu un dossier qui n'en contient aucun",
            )
        ]
    spells: list[Spell] = []
    problems: list[Problem] = []
    for file in files:
        file_problems, spell = _check_one(file, os.path.join(shown, shown_path(file.name)))
        problems += file_problems
        if spell is not None:
            spells.append(spell)
    problems += _across_files(spells)
    return spells, _sorted(problems)


def shown_path(path: str) -> str:
    """A file's path as a message shows it, printable on any terminal and in any page: a byte of
    its name that is not UTF-8 (which Python reads as a lone surrogate, U+DC80 to U+DCFF) as
    ``\\xff``, any other character that is not printable (control, invisible, bidirectional
    control, lone surrogate) as ``<U+XXXX>``, as in the texts of a spell."""
    return "".join(
        f"\\x{ord(c) - 0xDC00:02x}"
        if "\udc80" <= c <= "\udcff"
        else c
        if c.isprintable()
        else f"<{_codepoint(c)}>"
        for c in path
    )


def spell_files(directory: Path) -> list[Path]:
    """Return the ``*.yaml`` files of *directory*, sorted (not recursive, hidden files excluded)."""
    return sorted(
        (
            p
            for p in directory.iterdir()
            if p.suffix == SPELL_SUFFIX and not p.name.startswith(".") and p.is_file()
        ),
        key=lambda p: p.name,
    )


def _sorted(problems: Iterable[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.path, p.line or 0))


# --------------------------------------------------------------------------- one file


@functools.cache
def load_schema() -> dict[str, Any]:
    """Return the JSON Schema of spell files (read once, then cached)."""
    with open(SCHEMA_PATH, encoding="utf-8") as stream:
        return json.load(stream)


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


def _read(file: Path) -> bytes | None:
    """The bytes of a spell file, or None when it cannot be read or is too big (the loader says why)."""
    try:
        with open(file, "rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
    except OSError:
        return None
    return raw if len(raw) <= MAX_BYTES else None


def _check_one(file: Path, shown: str) -> tuple[list[Problem], Spell | None]:
    raw = _read(file)
    loaded = load_bytes(raw) if raw is not None else load_path(file)  # the bytes read once
    if not loaded.ok:
        return [_from_load_error(shown, error) for error in loaded.errors], None
    data, lines = loaded.data, loaded.lines
    if not isinstance(data, dict):
        return [
            Problem(
                shown,
                lines[()],
                "-",
                "attendu un objet (clé: valeur, avec les clés schema, slug, name…) au premier niveau du document, "
                f"reçu {_received(data)}",
            )
        ], None
    problems = [
        Problem(shown, _line_of(lines, path), _field(path), message)
        for path, message in _schema_messages(data)
    ]
    problems += [
        Problem(shown, _line_of(lines, path), _field(path), message)
        for path, message in _within_file(data, file.name)
    ]
    problems += _description_problems(data, lines, shown, raw)
    return problems, Spell(shown, data, lines)


def _description_problems(
    data: dict[str, Any], lines: dict[DataPath, int], shown: str, raw: bytes | None
) -> list[Problem]:
    """The description's blocks the renderer could not render whole, and its lines too long, each
    at its line in the file when the description is a literal block (``description: |``), else
    at the key's line with the line's number in the description."""
    description = data.get("description")
    if not isinstance(description, str) or ("description",) not in lines:
        return []
    found = description_syntax.problems(description, _short)
    found += [
        (
            index,
            f"attendu une ligne d'au plus {_thousands(MAX_LINE)} caractères, "
            f"reçu {_thousands(len(line))} caractères",
        )
        for index, line in enumerate(description.split("\n"))
        if len(line) > MAX_LINE
    ]
    if not found:
        return []
    key_line = lines[("description",)]
    literal = False
    if raw is not None:
        text_lines = raw.split(b"\n", key_line)
        if len(text_lines) >= key_line:
            literal = (
                re.fullmatch(rb"description:\s*\|[-+1-9]*\s*", text_lines[key_line - 1]) is not None
            )
    problems = []
    for index, message in sorted(found):
        if literal:
            problems.append(Problem(shown, key_line + 1 + index, "description", message))
        else:
            problems.append(
                Problem(
                    shown,
                    key_line,
                    "description",
                    f"{message} (ligne {index + 1} de la description)",
                )
            )
    return problems


def _thousands(n: int) -> str:
    return f"{n:,}".replace(",", "\u202f")


def _from_load_error(shown: str, error: LoadError) -> Problem:
    return Problem(shown, error.line, _field(error.path or ()), error.message)


def _field(path: DataPath) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out or "-"


def _line_of(lines: dict[DataPath, int], path: DataPath) -> int:
    while path not in lines:
        path = path[:-1]
    return lines[path]


# --------------------------------------------------------------------------- schema errors in French


def _schema_messages(data: dict[str, Any]) -> Iterator[tuple[DataPath, str]]:
    seen: set[tuple[DataPath, str]] = set()
    for error in _validator().iter_errors(data):
        for item in _translate(error):
            if item not in seen:
                seen.add(item)
                yield item


def _translate(error: ValidationError) -> list[tuple[DataPath, str]]:
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
        firsts: dict[str, int] = {}
        for index, item in enumerate(instance):
            key = json.dumps(item, sort_keys=True)
            if key in firsts:
                return [
                    (
                        path + (index,),
                        f"attendu des éléments tous différents, reçu {_received(item)} "
                        f"une deuxième fois (déjà à l'indice {firsts[key]})",
                    )
                ]
            firsts[key] = index
        return []  # pragma: no cover - jsonschema found a duplicate
    if keyword in _VALUE_KEYWORDS:
        return [(path, f"attendu {_expected(schema)}, reçu {_received(instance)}")]
    # Not used by the schema today: a generic wording rather than jsonschema's English.
    return [
        (
            path,
            f"attendu une valeur conforme à la règle « {keyword} » du schéma, reçu {_received(instance)}",
        )
    ]


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
        return f"la valeur {_literal(schema['const'])}"
    if "enum" in schema:
        return "l'une des valeurs " + ", ".join(_literal(v) for v in schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " ou ".join(_expected({**schema, "type": k}) for k in kind)
    if kind == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return f"un entier de {low} à {high}"
        if low is not None:
            return f"un entier supérieur ou égal à {low}"
        return "un entier"
    if kind == "number":
        if schema.get("exclusiveMinimum") == 0:
            return "un nombre strictement positif"
        return "un nombre"
    if kind == "string":
        if "pattern" in schema:
            return _PATTERNS.get(schema["pattern"], f"un texte de la forme {schema['pattern']}")
        return "un texte non vide" if schema.get("minLength") else "un texte"
    if kind == "array":
        return "une liste"
    if kind == "object":
        if schema.get("required") == ["kind"] and "allOf" in schema:
            return "un objet avec une clé « kind »"
        return "un objet"
    if kind == "null":
        return "null"
    return "une valeur"  # pragma: no cover


def _literal(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def _received(value: Any) -> str:
    """What was received, in French (texts quoted « », long ones cut)."""
    if value is None:
        return "une valeur vide (null)"
    if isinstance(value, bool):
        return f"le booléen {'true' if value else 'false'}"
    if isinstance(value, (int, float)):
        return f"le nombre {value}"
    if isinstance(value, str):
        return f"« {_short(value)} »" if value else "un texte vide"
    if isinstance(value, list):
        return "une liste" if value else "une liste vide"
    if isinstance(value, dict):
        return "un objet"
    return type(value).__name__  # pragma: no cover


def _short(text: str, limit: int = 60) -> str:
    # Invisible and control characters are shown as « <U+XXXX> »: a message never reorders or
    # recolours the terminal it is printed in.
    # Only the start is looked at: a character's visible form is never shorter than it.
    head = text[: limit + 1]
    shown = _visible(head)
    first = shown.split("\n", 1)[0]
    if len(first) > limit:
        return first[: limit - 1].rstrip() + "…"
    return first + ("…" if first != shown or len(head) < len(text) else "")


# --------------------------------------------------------------------------- rules within one file


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


#: The fields with the {label, raw} shape, in source order (the first field, « Niveau », is ``levels``).
FIELDS = ("casting_time", "range", "target", "duration", "saving_throw")


def _within_file(data: dict[str, Any], file_name: str) -> Iterator[tuple[DataPath, str]]:
    """Rules a JSON Schema cannot state; each runs only on values of the right type."""
    # levels.min <= levels.max
    low, high = _get(data, "levels", "min"), _get(data, "levels", "max")
    if _is_int(low) and _is_int(high) and 1 <= low <= 9 and 1 <= high <= 9 and low > high:
        yield (
            ("levels", "max"),
            f"attendu un entier supérieur ou égal à levels.min ({low}), reçu le nombre {high}",
        )

    # slug == slugify(name) and slug == file name
    slug, name = data.get("slug"), data.get("name")
    if isinstance(slug, str) and SLUG_RE.fullmatch(slug):
        if isinstance(name, str) and _plain_name(name) and slugify(name) and slug != slugify(name):
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

    # an alias is a spelling different from the name, with an address of its own
    aliases = data.get("aliases")
    if isinstance(aliases, list) and isinstance(name, str):
        for index, alias in enumerate(aliases):
            if alias == name:
                yield (
                    ("aliases", index),
                    f"attendu une graphie différente du nom, reçu « {alias} », identique à name",
                )
    for path, text in _names(data):
        if text and _plain_name(text) and not slugify(text):
            yield (
                path,
                (
                    f"attendu un nom avec au moins une lettre ou un chiffre (il donne l'adresse sorts/<slug>/), "
                    f"reçu « {_short(text)} »"
                ),
            )

    # plain text: no control or bidirectional character anywhere, one line but for the description,
    # names made of letters and simple punctuation only (never markup)
    yield from _plain_text(data)

    # per_level: level_to >= level, and label + text is (part of) one line of the description
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
                        f"attendu un texte qui, après « {_short(label)} », forme une ligne de la description, "
                        f"reçu « {_short(text)} », introuvable dans la description"
                    ),
                )

    # errata: the fragment is in the spell's own text
    errata = data.get("errata")
    if isinstance(errata, list):
        haystack = _spell_texts(data)
        for index, erratum in enumerate(errata):
            text = _get(erratum, "text")
            if isinstance(text, str) and text and not any(text in h for h in haystack):
                yield (
                    ("errata", index, "text"),
                    (
                        f"attendu un fragment présent tel quel dans le sort (nom, champs ou description), "
                        f"reçu « {_short(text)} », introuvable"
                    ),
                )

    # source: first_line <= title_line <= last_line
    first, title, last = (
        _get(data, "source", k) for k in ("first_line", "title_line", "last_line")
    )
    if _is_int(first) and _is_int(last) and first >= 1 and last >= 1:
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


#: Punctuation a name, an alias or the index's name may hold besides letters, digits and spaces.
NAME_PUNCTUATION = "'’-–—/,.:!?()"

#: Invisible characters that reorder the text around them (Unicode bidirectional controls).
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)

#: Line and paragraph separators other than the newline.
SEPARATORS = frozenset("\r\u0085\u2028\u2029")


#: Noncharacters (U+FDD0–U+FDEF and the last two code points of every plane, U+FFFE, U+FFFF,
#: U+1FFFE…): permanently reserved, refused by YAML readers (MkDocs reads a page's title with one).
NONCHARACTERS = "\ufdd0-\ufdef" + "".join(
    f"{chr(plane + 0xFFFE)}{chr(plane + 0xFFFF)}" for plane in range(0, 0x110000, 0x10000)
)
#: Surrogates: halves of a UTF-16 pair, never a character on their own (a YAML escape « \\uD800 »
#: makes one); no UTF-8 file can hold them.
SURROGATES = "\ud800-\udfff"

#: Any character the loop of :func:`_plain_text` could refuse, the newline aside (control
#: characters are the Unicode category Cc: U+0000–U+001F and U+007F–U+009F). One character at a
#: time: linear in the text's length.
_SUSPECT = re.compile(
    "["
    + re.escape("".join(sorted(BIDI_CONTROLS | SEPARATORS)))
    + "\x00-\x09\x0b-\x1f\x7f-\x9f"
    + NONCHARACTERS
    + SURROGATES
    + "]"
)
_RESERVED = re.compile(f"[{NONCHARACTERS}{SURROGATES}]")

#: Longest texts, far above the longest of the 110 spells (name 46 characters, one-line text
#: 293, description 9,856, description line 529): a text past them is a mistake or an attack.
MAX_NAME = 200
MAX_TEXT = 2_000
MAX_DESCRIPTION = 60_000
MAX_LINE = 5_000


def _names(data: dict[str, Any]) -> Iterator[tuple[DataPath, str]]:
    """The name, the aliases and the index's name: texts shown as titles and links."""
    if isinstance(data.get("name"), str):
        yield ("name",), data["name"]
    aliases = data.get("aliases")
    for index, alias in enumerate(aliases if isinstance(aliases, list) else []):
        if isinstance(alias, str):
            yield ("aliases", index), alias
    if isinstance(_get(data, "index", "name"), str):
        yield ("index", "name"), data["index"]["name"]


def _name_char_ok(char: str) -> bool:
    return char == " " or char in NAME_PUNCTUATION or unicodedata.category(char)[0] in "LMN"


def _plain_name(text: str) -> bool:
    return all(_name_char_ok(char) for char in text)


def _strings(value: Any, path: DataPath = ()) -> Iterator[tuple[DataPath, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, path + (index,))


def _codepoint(char: str) -> str:
    return f"U+{ord(char):04X}"


def _visible(text: str) -> str:
    """The text with its invisible or control characters shown as « U+XXXX »."""
    return "".join(
        f"<{_codepoint(c)}>"
        if c in BIDI_CONTROLS
        or c in SEPARATORS
        or _RESERVED.match(c)
        or (unicodedata.category(c) == "Cc" and c != "\n")
        else c
        for c in text
    )


def _limit(path: DataPath, names: set[DataPath]) -> int:
    if path == ("description",):
        return MAX_DESCRIPTION
    return MAX_NAME if path in names else MAX_TEXT


def _plain_text(data: dict[str, Any]) -> Iterator[tuple[DataPath, str]]:
    names = {path for path, _ in _names(data)}
    for path, text in _strings(data):
        limit = _limit(path, names)
        if len(text) > limit:
            yield (
                path,
                (
                    f"attendu un texte d'au plus {_thousands(limit)} caractères, "
                    f"reçu {_thousands(len(text))} caractères (« {_short(text)} »)"
                ),
            )
            continue
        if not _SUSPECT.search(text) and (path == ("description",) or "\n" not in text):
            continue  # nothing to refuse: the loop below would find nothing
        for char in text:
            if _RESERVED.match(char):
                what = (
                    "demi-codet isolé (surrogate)"
                    if "\ud800" <= char <= "\udfff"
                    else "non-caractère"
                )
                yield (
                    path,
                    (
                        f"attendu un texte fait de caractères Unicode ordinaires, reçu « {_short(text)} » "
                        f"({what} {_codepoint(char)}, qu'aucune page ne peut porter)"
                    ),
                )
                break
            if char in BIDI_CONTROLS:
                yield (
                    path,
                    (
                        f"attendu un texte sans caractère de contrôle bidirectionnel (il inverserait "
                        f"l'affichage), reçu « {_short(text)} » (caractère {_codepoint(char)})"
                    ),
                )
                break
            if char in SEPARATORS or (unicodedata.category(char) == "Cc" and char != "\n"):
                yield (
                    path,
                    (
                        f"attendu un texte sans caractère de contrôle, reçu « {_short(text)} » "
                        f"(caractère {_codepoint(char)})"
                    ),
                )
                break
            if char == "\n" and path != ("description",):
                yield path, f"attendu un texte d'une seule ligne, reçu « {_short(text)} »"
                break
    for path, text in _names(data):
        bad = next(
            (
                char
                for char in text
                if not _name_char_ok(char)
                and unicodedata.category(char) != "Cc"
                and char not in BIDI_CONTROLS
                and char not in SEPARATORS
                and not _RESERVED.match(char)
            ),
            None,
        )
        if bad is not None:
            yield (
                path,
                (
                    f"attendu un nom fait de lettres, de chiffres, d'espaces et de la ponctuation "
                    f"{' '.join(NAME_PUNCTUATION)}, reçu « {_short(text)} » (caractère « {bad} » interdit)"
                ),
            )
            continue
        odd = _not_latin(text)
        if odd:
            shown = ", ".join(
                f"« {char} » {_codepoint(char)} {unicodedata.name(char, '')}".rstrip()
                for char in odd
            )
            yield (
                path,
                (
                    f"attendu un nom d'une seule écriture, l'alphabet latin (accents compris), avec les "
                    f"chiffres 0 à 9, reçu « {_short(text)} » (d'une autre écriture : {shown})"
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


# --------------------------------------------------------------------------- rules across files


def _across_files(spells: list[Spell]) -> list[Problem]:
    """Unique slug, name (names and aliases together) and index position."""
    problems: list[Problem] = []
    slugs: dict[str, tuple[Spell, DataPath]] = {}
    names: dict[str, tuple[Spell, DataPath]] = {}
    reported: set[tuple[str, DataPath]] = set()
    positions: dict[int, tuple[Spell, DataPath]] = {}

    def where(spell: Spell, path: DataPath) -> str:
        return f"{spell.path}:{_line_of(spell.lines, path)}"

    def role(path: DataPath) -> str:
        return "le nom" if path == ("name",) else "un alias"

    for spell in spells:
        slug = spell.data.get("slug")
        if isinstance(slug, str) and slug:
            if slug in slugs:
                other, other_path = slugs[slug]
                problems.append(
                    Problem(
                        spell.path,
                        _line_of(spell.lines, ("slug",)),
                        "slug",
                        f"attendu un slug propre à ce sort, reçu « {slug} », "
                        f"déjà celui de {where(other, other_path)}",
                    )
                )
            else:
                slugs[slug] = (spell, ("slug",))

        candidates: list[tuple[DataPath, str]] = []
        if isinstance(spell.data.get("name"), str):
            candidates.append((("name",), spell.data["name"]))
        aliases = spell.data.get("aliases")
        if isinstance(aliases, list):
            candidates += [(("aliases", i), a) for i, a in enumerate(aliases) if isinstance(a, str)]
        for path, text in candidates:
            if not text:
                continue
            if text in names and names[text][0] is not spell:
                reported.add((spell.path, path))
                other, other_path = names[text]
                what = "un nom" if path == ("name",) else "un alias"
                problems.append(
                    Problem(
                        spell.path,
                        _line_of(spell.lines, path),
                        _field(path),
                        f"attendu {what} distinct des noms et alias des autres sorts, reçu « {text} », "
                        f"déjà {role(other_path)} de {where(other, other_path)}",
                    )
                )
            elif text not in names:
                names[text] = (spell, path)

        position = _get(spell.data, "index", "position")
        if _is_int(position):
            if position in positions:
                other, other_path = positions[position]
                problems.append(
                    Problem(
                        spell.path,
                        _line_of(spell.lines, ("index", "position")),
                        "index.position",
                        f"attendu une position propre à ce sort, reçu le nombre {position}, "
                        f"déjà celle de {where(other, other_path)}",
                    )
                )
            else:
                positions[position] = (spell, ("index", "position"))

    # Each alias gets the address sorts/<its slug>/, which must lead to its own spell only.
    owners: dict[str, tuple[Spell, DataPath]] = {}
    for spell in spells:
        name = spell.data.get("name")
        if isinstance(name, str) and _plain_name(name) and slugify(name):
            owners.setdefault(slugify(name), (spell, ("name",)))
    for spell in spells:
        aliases = spell.data.get("aliases")
        for index, alias in enumerate(aliases if isinstance(aliases, list) else []):
            path = ("aliases", index)
            if (
                not isinstance(alias, str)
                or not _plain_name(alias)
                or (spell.path, path) in reported
            ):
                continue
            address = slugify(alias)
            owner = owners.setdefault(address, (spell, path)) if address else (spell, path)
            if owner[0] is not spell:
                owner_role = "du nom" if owner[1] == ("name",) else "d'un alias"
                problems.append(
                    Problem(
                        spell.path,
                        _line_of(spell.lines, path),
                        _field(path),
                        f"attendu un alias dont l'adresse sorts/{address}/ mène à ce sort, "
                        f"reçu « {alias} », adresse déjà celle {owner_role} de {where(*owner)}",
                    )
                )
    return problems
