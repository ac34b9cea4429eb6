"""How a message shows a text it received: printable on any terminal and in any page.

Invisible and control characters are shown as « <U+XXXX> », so a message never reorders or
recolours the terminal it is printed in; long texts are cut.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

__all__ = [
    "BIDI_CONTROLS",
    "NONCHARACTERS",
    "RESERVED",
    "SEPARATORS",
    "SURROGATES",
    "codepoint",
    "literal",
    "received",
    "short",
    "shown_path",
    "thousands",
    "visible",
]

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

#: A noncharacter or a surrogate: no page can carry it.
RESERVED = re.compile(f"[{NONCHARACTERS}{SURROGATES}]")


def codepoint(char: str) -> str:
    """``U+XXXX``."""
    return f"U+{ord(char):04X}"


def visible(text: str) -> str:
    """The text with its invisible or control characters shown as « <U+XXXX> »."""
    return "".join(
        f"<{codepoint(c)}>"
        if c in BIDI_CONTROLS
        or c in SEPARATORS
        or RESERVED.match(c)
        or (unicodedata.category(c) == "Cc" and c != "\n")
        else c
        for c in text
    )


def short(text: str, limit: int = 60) -> str:
    """The text's first line, visible (:func:`visible`), cut at ``limit`` characters with « … »."""
    # Only the start is looked at: a character's visible form is never shorter than it.
    head = text[: limit + 1]
    shown = visible(head)
    first = shown.split("\n", 1)[0]
    if len(first) > limit:
        return first[: limit - 1].rstrip() + "…"
    return first + ("…" if first != shown or len(head) < len(text) else "")


def literal(value: Any) -> str:
    """A value of the schema as a message writes it (texts as they are, others in JSON)."""
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def received(value: Any) -> str:
    """What was received, in French (texts quoted « », long ones cut)."""
    if value is None:
        return "une valeur vide (null)"
    if isinstance(value, bool):
        return f"le booléen {'true' if value else 'false'}"
    if isinstance(value, (int, float)):
        return f"le nombre {value}"
    if isinstance(value, str):
        return f"« {short(value)} »" if value else "un texte vide"
    if isinstance(value, list):
        return "une liste" if value else "une liste vide"
    if isinstance(value, dict):
        return "un objet"
    return type(value).__name__  # pragma: no cover


def thousands(n: int) -> str:
    """An integer with French thousands separators (narrow no-break spaces)."""
    return f"{n:,}".replace(",", "\u202f")


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
        else f"<{codepoint(c)}>"
        for c in path
    )
