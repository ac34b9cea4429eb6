"""Helpers of the "nothing lost" tests: the words of a source line, of a spell's data, of a page."""

from __future__ import annotations

import html.parser
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "sources" / "001_f396c234087bc437.txt"
SUPERSCRIPT = re.compile(r"(\d)\^(er|eme|e)\b")
WORD = re.compile(r"\w+")


def source_lines() -> list[str]:
    """The spell document's lines (index 0 is line 1)."""
    return SOURCE.read_text(encoding="utf-8").split("\n")


def words(text: str) -> list[str]:
    """The words of a text as a reader sees them (``3^e`` is read « 3e »; punctuation ignored)."""
    return WORD.findall(SUPERSCRIPT.sub(r"\1\2", text))


def markdown_words(description: str) -> list[str]:
    """The words of a restricted-Markdown description, block markers removed."""
    text = re.sub(r"(?m)^(#### |- |  )", "", description)
    text = re.sub(r"!\[([^\]]*)\]\(\)", r"\1", text)
    return words(text)


def spell_data_words(spell: dict) -> list[str]:
    """Every word of a spell's data, in reading order (captions before the title first)."""
    out: list[str] = []
    for fig in spell["figures"]:
        if fig["position"] == "before_title":
            out += words(fig["caption"])
    out += words(spell["name"])
    for key in ("levels", "casting_time", "range", "target", "duration", "saving_throw"):
        out += words(spell[key]["label"]) + words(spell[key]["raw"])
    out += markdown_words(spell["description"])
    for fig in spell["figures"]:
        if fig["position"] == "after_description":
            out += words(fig["caption"])
    return out


def find_sequence(haystack: list[str], needle: list[str], start: int = 0) -> int:
    """Index of the first occurrence of ``needle`` in ``haystack`` at or after ``start``, or -1."""
    if not needle:
        return start
    first = needle[0]
    for index in range(start, len(haystack) - len(needle) + 1):
        if haystack[index] == first and haystack[index : index + len(needle)] == needle:
            return index
    return -1


class _Text(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        elif tag not in ("sup", "a", "span", "mark", "strong", "em", "abbr"):
            self.parts.append(" ")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1
        elif tag not in ("sup", "a", "span", "mark", "strong", "em", "abbr"):
            self.parts.append(" ")

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def page_text(path: Path) -> str:
    """The visible text of an HTML page (block elements separated by spaces)."""
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8"))
    return "".join(parser.parts)
