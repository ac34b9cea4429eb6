"""Find mentions of one spell in the text of another.

A mention is a spell's name (or alias) introduced by the word « sort » — « sort de détection de
l'invisibilité », « un sort absolu », « le sort "trouver un familier" », « sort d'éclair ». Bare
words are never linked: « la force » or « en vol » are not the spells Force and Vol.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Mention", "MentionFinder"]

_APOSTROPHE = "['’]"


@dataclass(frozen=True)
class Mention:
    """A mention of spell ``slug`` at ``text[start:end]``."""

    start: int
    end: int
    slug: str


def _name_pattern(name: str) -> str:
    words = re.split(r"(['’]|\s+)", name)
    out = []
    for word in words:
        if word in ("'", "’"):
            out.append(_APOSTROPHE)
        elif word.isspace():
            out.append(r"\s+")
        elif word:
            out.append(re.escape(word))
    return "".join(out)


class MentionFinder:
    """Finds spell mentions; built once for the whole compendium."""

    def __init__(self, spells: list[dict]):
        self._slugs: dict[str, str] = {}
        names: list[tuple[str, str]] = []
        for spell in spells:
            for name in (spell["name"], *spell["aliases"]):
                core = re.sub(r"(?i)^sort\s+", "", name)
                key = core.casefold().replace("’", "'")
                self._slugs.setdefault(key, spell["slug"])
                names.append((core, spell["slug"]))
        names.sort(key=lambda item: -len(item[0]))
        alternatives = "|".join(f"(?:{_name_pattern(core)})" for core, _ in names)
        self._pattern = re.compile(
            rf"\bsorts?\s+(?:du\s+\d+\^?(?:er|eme|e)\s+)?(?:(?:de|du)\s+|d{_APOSTROPHE}\s*)?"
            rf"[\"“«]?\s*(?P<name>{alternatives})(?![\w-])",
            re.IGNORECASE,
        )

    def find(self, text: str, *, exclude: str = "") -> list[Mention]:
        """Mentions in ``text``, in order, skipping the spell ``exclude`` (a page's own spell)."""
        found = []
        for match in self._pattern.finditer(text):
            key = match.group("name").casefold().replace("’", "'")
            key = re.sub(r"\s+", " ", key)
            slug = self._slugs.get(key)
            if slug is None or slug == exclude:
                continue
            start = match.start("name")
            if self._is_sort_named(slug):
                start = match.start()  # « sort absolu »: the word « sort » is part of the name
            found.append(Mention(start, match.end("name"), slug))
        return found

    def _is_sort_named(self, slug: str) -> bool:
        return slug.startswith("sort-")
