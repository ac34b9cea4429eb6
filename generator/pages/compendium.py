"""Load: the spell files validated and read, and the compendium the pages are made from.

:func:`load_spells` refuses the whole set with every located French message
(:class:`GenerationError`) or returns the spells in French collation order; :class:`Compendium`
adds the lookups every page needs (a spell by its slug, the mentions of other spells in a text,
the errata a text carries).
"""

from __future__ import annotations

from pathlib import Path

from .links import MentionFinder
from .render import Span
from ..spellformat.slug import fold

__all__ = ["Compendium", "GenerationError", "load_spells"]


class GenerationError(Exception):
    """The spell files are invalid, or a page would not be read back as written: ``problems``
    lists every located French message."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def load_spells(spells_dir: Path) -> list[dict]:
    """Validate then load every spell, sorted by French collation; raise GenerationError."""

    from ..spellformat.validate import load_dir

    # Every path of a message (the file of a problem, the other file a duplicate names) is
    # relative to the project, as the person editing the files knows it, as ``make check`` says it.
    loaded, problems = load_dir(spells_dir, shown=spells_dir.name)
    if problems:
        raise GenerationError([str(problem) for problem in problems])
    spells = [spell.data for spell in loaded]
    return sorted(spells, key=lambda spell: (fold(spell["name"]), spell["name"]))


class Compendium:
    """The loaded spells and the derived lookups the pages need."""

    def __init__(self, spells: list[dict]):
        self.spells = spells
        self.by_slug = {spell["slug"]: spell for spell in spells}
        self.finder = MentionFinder(spells)

    def spans(self, spell: dict, text: str, link_prefix: str) -> tuple[Span, ...]:
        """The links to other spells and the errata in one text of ``spell``."""
        spans = [
            Span(m.start, m.end, "link", f"{link_prefix}{m.slug}/", self.by_slug[m.slug]["name"])
            for m in self.finder.find(text, exclude=spell["slug"])
        ]
        for number, erratum in enumerate(spell["errata"], start=1):
            start = text.find(erratum["text"])
            if start >= 0:
                spans.append(
                    Span(
                        start,
                        start + len(erratum["text"]),
                        "erratum",
                        f"erratum-{number}",
                        erratum["note"],
                    )
                )
        return tuple(spans)
