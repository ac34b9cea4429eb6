"""Validation of spell files: JSON Schema, rules between fields, rules across files.

Each problem is rendered ``path:line: field: message`` in French, the field being the
dotted path of the value (``levels.max``, ``per_level[2].level``, ``-`` for the whole
file) and the message saying what was expected and what was received. All problems
are collected before being rendered; nothing stops at the first one.

The checks live beside this module, one job each: the schema's errors in French
(:mod:`.schema_messages`), the rules within one file (:mod:`.within_file`, its plain-text rules
in :mod:`.text_safety`), the rules across files (:mod:`.across_files`); :mod:`.texts` says how a
message shows what it received.

Use from code (the site build step)::

    from generator.spellformat.validate import load_dir

    spells, problems = load_dir("spells")
    if problems:            # refuse to build
        ...
"""

from __future__ import annotations

import os
from pathlib import Path

from .across_files import across_files
from .problems import SPELL_SUFFIX, Problem, Spell, field_name, line_of, sorted_problems
from .schema_messages import SCHEMA_PATH, load_schema, schema_messages
from .spellfile import MAX_BYTES, LoadError, load_bytes, load_path
from .texts import received, shown_path
from .within_file import description_problems, within_file

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


def check_file(path: str | os.PathLike[str]) -> list[Problem]:
    """Return every problem of the file *path* on its own (cross-file rules excluded)."""
    problems, _ = _check_one(Path(path), shown_path(os.fspath(path)))
    return sorted_problems(problems)


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
    problems += across_files(spells)
    return spells, sorted_problems(problems)


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
                f"reçu {received(data)}",
            )
        ], None
    problems = [
        Problem(shown, line_of(lines, path), field_name(path), message)
        for path, message in [*schema_messages(data), *within_file(data, file.name)]
    ]
    problems += description_problems(data, lines, shown, raw)
    return problems, Spell(shown, data, lines)


def _from_load_error(shown: str, error: LoadError) -> Problem:
    return Problem(shown, error.line, field_name(error.path or ()), error.message)
