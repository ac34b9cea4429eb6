"""Find mentions of one spell in the text of another.

A mention is a spell's name (or alias) introduced by the word « sort » — « sort de détection de
l'invisibilité », « un sort absolu », « le sort "trouver un familier" », « sort d'éclair ». Bare
words are never linked: « la force » or « en vol » are not the spells Force and Vol.

The grammar of a mention, case ignored, a run of white space written ␣::

    sort(s) ␣ [du 3^e ␣] [de ␣ | du ␣ | d' [␣]] [" or “ or «] [␣] NAME   (NAME not followed by a
                                                                      letter, digit, _ or -)

with NAME a spell's name or alias whose spaces match any run of white space and whose
apostrophes match ' or ’; the longest name wins. The scanner below reads it without a regular
expression: each « sort » looks at a bounded number of places after it, and each place reads at
most as many characters as the longest name (runs of white space counted once), so the time is
linear in the text's length whatever the text.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Mention", "MentionFinder"]

_APOSTROPHES = "'’"
_QUOTES = '"“«'
_ORDINALS = ("er", "eme", "e")
#: « sort » in any case (ſ is a long s, as a regular expression ignoring case reads it).
_SORT_CASE = str.maketrans("SORTſ", "sorts")


@dataclass(frozen=True)
class Mention:
    """A mention of spell ``slug`` at ``text[start:end]``."""

    start: int
    end: int
    slug: str


def _key(name: str) -> str:
    """The form a name is looked up by: case folded, ’ as ', white space runs as one space."""
    return " ".join(name.casefold().replace("’", "'").split())


def _word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def _starts_word(text: str, index: int) -> bool:
    return index == 0 or not _word_char(text[index - 1])


def _spaces(text: str, index: int) -> int:
    """The index after the run of white space starting at ``index``."""
    while index < len(text) and text[index].isspace():
        index += 1
    return index


def _word(text: str, index: int, word: str) -> int:
    """The index after ``word`` (ASCII, case ignored) at ``index``, or -1."""
    end = index + len(word)
    return end if text[index:end].lower() == word else -1


class MentionFinder:
    """Finds spell mentions; built once for the whole compendium."""

    def __init__(self, spells: list[dict]):
        self._slugs: dict[str, str] = {}
        for spell in spells:
            for name in (spell["name"], *spell["aliases"]):
                core = name
                if core[:4].lower() == "sort" and core[4:5].isspace():
                    core = core[_spaces(core, 4) :]
                self._slugs.setdefault(_key(core), spell["slug"])
        self._lengths = sorted({len(key) for key in self._slugs}, reverse=True)
        self._longest = self._lengths[0] if self._lengths else 0

    def find(self, text: str, *, exclude: str = "") -> list[Mention]:
        """Mentions in ``text``, in order, skipping the spell ``exclude`` (a page's own spell)."""
        found: list[Mention] = []
        lowered = text.translate(_SORT_CASE)  # the same length: one character for one
        position = 0
        while True:
            start = lowered.find("sort", position)
            if start < 0:
                return found
            match = self._mention_at(text, start) if _starts_word(text, start) else None
            if match is None:
                position = start + 1
                continue
            name_start, end, slug = match
            position = end
            if slug == exclude:
                continue
            found.append(Mention(start if self._is_sort_named(slug) else name_start, end, slug))

    def _mention_at(self, text: str, start: int) -> tuple[int, int, str] | None:
        """(name start, end, slug) of the mention whose « sort » begins at ``start``, or None."""
        after = start + 4
        for index in (after + 1, after) if text[after : after + 1].lower() == "s" else (after,):
            spaced = _spaces(text, index)
            if spaced == index:
                continue
            for place in self._name_places(text, spaced):
                named = self._name_at(text, place)
                if named is not None:
                    return (place, *named)
        return None

    def _name_places(self, text: str, index: int):
        """Where a name may start after « sort ␣ » at ``index``, in the order a regular expression
        with greedy optional parts would try them."""
        for ordinal in (self._ordinal(text, index), index):
            if ordinal < 0:
                continue
            for preposition in (*self._prepositions(text, ordinal), ordinal):
                quoted = (
                    preposition + 1
                    if text[preposition : preposition + 1] in _QUOTES
                    else preposition
                )
                places = (quoted, preposition) if quoted != preposition else (preposition,)
                for place in places:
                    yield _spaces(text, place)

    @staticmethod
    def _ordinal(text: str, index: int) -> int:
        """After « du 3^e ␣ » at ``index`` (digits, optional ^, er/eme/e, white space), or -1."""
        end = _word(text, index, "du")
        if end < 0 or _spaces(text, end) == end:
            return -1
        digits = _spaces(text, end)
        end = digits
        while end < len(text) and text[end].isdecimal():
            end += 1
        if end == digits:
            return -1
        if text[end : end + 1] == "^":
            end += 1
        for ordinal in _ORDINALS:
            after = _word(text, end, ordinal)
            if after >= 0 and _spaces(text, after) > after:
                return _spaces(text, after)
        return -1

    @staticmethod
    def _prepositions(text: str, index: int) -> list[int]:
        """After « de ␣ », « du ␣ » or « d' [␣] » at ``index`` (the one that applies), or []."""
        for word in ("de", "du"):
            end = _word(text, index, word)
            if end >= 0 and _spaces(text, end) > end:
                return [_spaces(text, end)]
        if text[index : index + 1].lower() == "d" and text[index + 1 : index + 2] in _APOSTROPHES:
            return [_spaces(text, index + 2)]
        return []

    def _name_at(self, text: str, index: int) -> tuple[int, str] | None:
        """(end, slug) of the longest name at ``index`` followed by no word character or -."""
        folded: list[str] = []  # the key form of the text read, one entry per character of it
        ends: list[int] = []  # the index in ``text`` after the characters of folded[i]
        position = index
        while position < len(text) and len(folded) < self._longest:
            char = text[position]
            if char.isspace():
                position = _spaces(text, position)
                folded.append(" ")
                ends.append(position)
                continue
            piece = "'" if char == "’" else char.casefold()
            position += 1
            folded += piece
            ends += [-1] * (len(piece) - 1) + [position]
        key = "".join(folded)
        for length in self._lengths:
            if length > len(key) or ends[length - 1] < 0 or key[length - 1] == " ":
                continue
            slug = self._slugs.get(key[:length])
            end = ends[length - 1]
            if slug is not None and not (
                end < len(text) and (_word_char(text[end]) or text[end] == "-")
            ):
                return end, slug
        return None

    def _is_sort_named(self, slug: str) -> bool:
        return slug.startswith("sort-")
