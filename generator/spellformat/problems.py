"""A problem of a spell file, located: its file, its line and the field of its value.

Each problem is rendered ``path:line: field: message`` in French, the field being the dotted
path of the value (``levels.max``, ``per_level[2].level``, ``-`` for the whole file).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .spellfile import DataPath

__all__ = ["SPELL_SUFFIX", "Problem", "Spell", "field_name", "line_of", "sorted_problems"]

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

    def line(self, path: DataPath) -> int:
        """The line of the value at ``path`` (of its nearest parent when it has none)."""
        return line_of(self.lines, path)

    def where(self, path: DataPath) -> str:
        """``file:line`` of the value at ``path``, as a message names another file's value."""
        return f"{self.path}:{self.line(path)}"


def field_name(path: DataPath) -> str:
    """The dotted path of a value: ``levels.max``, ``per_level[2].level``, ``-`` for the file."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out or "-"


def line_of(lines: dict[DataPath, int], path: DataPath) -> int:
    """The line of the value at ``path``, or of its nearest parent that has one."""
    while path not in lines:
        path = path[:-1]
    return lines[path]


def sorted_problems(problems: Iterable[Problem]) -> list[Problem]:
    """Problems sorted by path, then line."""
    return sorted(problems, key=lambda p: (p.path, p.line or 0))
