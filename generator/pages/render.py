"""Render a spell's restricted Markdown description to safe HTML.

Spell text is data: every character of it is escaped; the only markup interpreted is the
restricted block syntax of the spell format (paragraph, ``- `` list, ``#### `` sub-heading, pipe
table, ``![caption]()`` lost image) and superscript markers (``3^e``). Links between spells,
per-level anchors and errata marks are added by the generator around escaped text, never from
the text itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from ..spellformat.description import figure_caption, is_separator_row, split_blocks

__all__ = [
    "Span",
    "render_description",
    "render_inline",
    "superscripts",
    "split_blocks",
    "level_anchor",
    "level_anchors",
]

_SUPERSCRIPT_ENDINGS = ("eme", "er", "e")


@dataclass(frozen=True)
class Span:
    """A marked region of a text: ``kind`` is ``link`` (payload: URL) or ``erratum`` (payload: id)."""

    start: int
    end: int
    kind: str
    payload: str
    title: str = ""


def superscripts(escaped: str) -> str:
    """Turn ``3^e`` markers of already escaped text into ``3<sup>e</sup>`` (a digit, ``^``, then
    ``er``, ``eme`` or ``e`` ending a word). One pass over the ``^`` of the text: linear time."""
    parts = escaped.split("^")
    out = [parts[0]]
    for part in parts[1:]:
        before = out[-1]
        ending = next(
            (
                e
                for e in _SUPERSCRIPT_ENDINGS
                if part.startswith(e) and not _word_char(part[len(e) : len(e) + 1])
            ),
            None,
        )
        if ending and before[-1:].isdecimal():
            out.append(f"<sup>{ending}</sup>{part[len(ending) :]}")
        else:
            out.append("^" + part)
    return "".join(out)


def _word_char(char: str) -> bool:
    """Whether ``char`` is a word character (what ``\\w`` matches); False for ''."""
    return char.isalnum() or char == "_"


def render_inline(text: str, spans: tuple[Span, ...] = ()) -> Markup:
    """Escape ``text``, render superscripts and wrap the given non-overlapping spans."""
    out: list[str] = []
    position = 0
    for span in sorted(spans, key=lambda s: s.start):
        if span.start < position:
            continue  # overlapping marks: the first one wins
        out.append(superscripts(str(escape(text[position : span.start]))))
        inner = superscripts(str(escape(text[span.start : span.end])))
        if span.kind == "link":
            out.append(f'<a class="gr-spell-link" href="{escape(span.payload)}">{inner}</a>')
        else:
            out.append(
                f'<mark class="gr-erratum" title="{escape(span.title)}">{inner}</mark>'
                f'<a class="gr-erratum-ref" href="#{escape(span.payload)}" '
                f'aria-label="Voir l’erratum">*</a>'
            )
        position = span.end
    out.append(superscripts(str(escape(text[position:]))))
    return Markup("".join(out))


def level_anchor(entry: dict) -> str:
    """The fragment id of a per-level effect: ``niveau-5``, or ``niveau-magicien-1-2`` for bands."""
    if entry["basis"] == "caster":
        return f"niveau-magicien-{entry['level']}-{entry.get('level_to', entry['level'])}"
    return f"niveau-{entry['level']}"


def level_anchors(per_level: list[dict]) -> list[str]:
    """The fragment id of each per-level effect, in order, each once on the page: a level given
    twice gets ``niveau-5``, then ``niveau-5-2``…"""
    seen: set[str] = set()
    anchors = []
    for entry in per_level:
        base = anchor = level_anchor(entry)
        number = 1
        while anchor in seen:
            number += 1
            anchor = f"{base}-{number}"
        seen.add(anchor)
        anchors.append(anchor)
    return anchors


def level_line(entry: dict) -> str:
    """The description line a per-level entry stands for."""
    label = entry["label"]
    return f"{label}{'' if label.endswith(' ') else ' '}{entry['text']}"


def render_description(
    description: str,
    *,
    per_level: Sequence[dict] = (),
    spans_for: Callable[[str], Iterable[Any]] = lambda text: (),
    subheading: str = "h4",
) -> Markup:
    """Render the description; ``spans_for(text)`` gives the marks (links, errata) of one line.

    ``subheading`` is the element of a « #### » subtitle: the level just below the heading that
    holds the description on its page (headings never skip a level)."""
    renderer = _Description(per_level, spans_for, subheading)
    return Markup("\n".join(renderer.block(block) for block in split_blocks(description)))


class _Description:
    """The blocks of one description, its per-level lines marked where they stand."""

    def __init__(
        self,
        per_level: Sequence[dict],
        spans_for: Callable[[str], Iterable[Any]],
        subheading: str,
    ) -> None:
        # Each line a per-level entry stands for, with the entries (and their ids) not placed
        # yet: an id is written once, on the first line of its entry, never twice on the page.
        self.levels: dict[str, list[tuple[dict, str]]] = {}
        for entry, anchor in zip(per_level, level_anchors(list(per_level)), strict=True):
            self.levels.setdefault(level_line(entry), []).append((entry, anchor))
        self.spans_for = spans_for
        self.subheading = subheading

    def block(self, block: str) -> str:
        first = block.split("\n", 1)[0]
        if first.startswith("#### "):
            return self._subheading(block, first[5:])
        if first.startswith("|"):
            return _table(block)
        if (caption := figure_caption(block)) is not None:
            return figure(caption)
        if first.startswith("- "):
            return self._list(block)
        return "\n".join(self._paragraph(row) for row in block.split("\n"))

    def _subheading(self, block: str, title: str) -> str:
        """A subtitle, and the lines right under it as paragraphs."""
        html = [
            f"<{self.subheading}>{render_inline(title, tuple(self.spans_for(title)))}"
            f"</{self.subheading}>"
        ]
        html += [self._paragraph(row) for row in block.split("\n")[1:]]
        return "\n".join(html)

    def _list(self, block: str) -> str:
        items: list[str] = []
        for row in block.split("\n"):
            attrs, body = self._line(row[2:])
            if row.startswith("  ") and items:
                items[-1] = items[-1][:-5] + f"<p{attrs}>{body}</p></li>"
            else:
                items.append(f"<li{attrs}>{body}</li>")
        return "<ul>" + "".join(items) + "</ul>"

    def _paragraph(self, row: str) -> str:
        attrs, body = self._line(row)
        return f"<p{attrs}>{body}</p>"

    def _line(self, text: str) -> tuple[str, Markup]:
        """The attributes and body of one line: a per-level line gets its id and link."""
        waiting = self.levels.get(text)
        body = render_inline(text, tuple(self.spans_for(text)))
        if not waiting:
            return "", body
        entry, anchor = waiting.pop(0)
        label = (
            f"niveau {entry['level']}"
            if entry["basis"] == "spell"
            else f"niveaux {entry['level']}–{entry.get('level_to', entry['level'])} du magicien"
        )
        link = (
            f'<a class="gr-level-link" href="#{anchor}" '
            f'aria-label="Lien vers ce passage ({label})">#</a>'
        )
        return f' id="{anchor}" class="gr-level"', Markup(f"{body} {link}")


def figure(caption: str, *, note: str = "") -> str:
    """A placeholder for an image the source document lost, with its caption."""
    extra = f' <span class="gr-figure-note">({escape(note)})</span>' if note else ""
    return (
        '<figure class="gr-figure-lost"><div class="gr-figure-box" aria-hidden="true"></div>'
        f'<figcaption><span class="gr-figure-label">Image absente du document : </span>'
        f"{render_inline(caption)}{extra}</figcaption></figure>"
    )


def _table(block: str) -> str:
    rows = [
        [cell.strip() for cell in row.strip().strip("|").split("|")]
        for row in block.split("\n")
        if not is_separator_row(row)
    ]
    head, *body = rows
    out = ['<div class="gr-table-wrap"><table class="gr-table"><thead><tr>']
    out += [f'<th scope="col">{render_inline(cell)}</th>' for cell in head]
    out.append("</tr></thead><tbody>")
    for row in body:
        out.append("<tr>")
        out.append(f'<th scope="row">{render_inline(row[0])}</th>')
        out += [f"<td>{render_inline(cell)}</td>" for cell in row[1:]]
        out.append("</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)
