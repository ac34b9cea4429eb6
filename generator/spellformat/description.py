"""The restricted block syntax of a spell's description, shared by the validator and the renderer.

Blocks are separated by one blank line. A block is a sub-heading (``#### `` then the text, the
lines below it paragraphs), a pipe table (first line starting with ``|``; rows made only of
``|---|`` separators are markup), a lost image (``![caption]()``), a list (``- `` items, a line
indented by two spaces continuing the item above) or paragraphs (one per line).

:func:`problems` names every block the renderer could not render whole; a description it
accepts is always rendered without losing a character. Everything here works with string
methods only (no regular expression): the cost is linear in the description's length.
"""

from __future__ import annotations

__all__ = ["figure_caption", "is_separator_row", "problems", "split_blocks"]


def split_blocks(description: str) -> list[str]:
    """The description's blocks, in order (blocks are separated by one blank line)."""
    return [block for block in description.split("\n\n") if block.strip()]


def is_separator_row(row: str) -> bool:
    """``|---|`` or ``|---|---|``…: a table's header separator (spaces around it ignored)."""
    row = row.strip()
    if len(row) < 3 or row[0] != "|" or row[-1] != "|":
        return False
    return all(cell and cell.count("-") == len(cell) for cell in row[1:-1].split("|"))


def figure_caption(block: str) -> str | None:
    """The caption of a lost-image block ``![caption]()``, or None when the block is not one."""
    body = block[:-1] if block.endswith("\n") else block
    if not (body.startswith("![") and body.endswith("]()")):
        return None
    caption = body[2:-3]
    return caption if caption and "]" not in caption else None


def problems(description: str, shown=lambda text: text) -> list[tuple[int, str]]:
    """``(line, message)`` for each block the renderer cannot render whole (line counts from 0
    in the description), in French; ``shown(text)`` is how a quoted line is printed."""
    found: list[tuple[int, str]] = []
    line = 0
    for chunk in description.split("\n\n"):
        if chunk.strip():
            found += _block_problems(chunk, line, shown)
        line += chunk.count("\n") + 2
    return found


def _block_problems(block: str, line: int, shown) -> list[tuple[int, str]]:
    rows = block.split("\n")
    first = rows[0]
    if first.startswith("#### "):
        if not first[5:].strip():
            return [(line, "attendu un sous-titre après « #### », reçu une ligne sans texte")]
        return []
    if first.startswith("|"):
        if all(is_separator_row(row) for row in rows):
            return [
                (
                    line,
                    "attendu un tableau avec au moins une ligne de cellules, "
                    "reçu seulement des lignes de séparation « |---| »",
                )
            ]
        return []
    if first.startswith("- "):
        return [
            (
                line + index,
                "attendu dans une liste une ligne commençant par « - » ou une suite "
                f"indentée de deux espaces, reçu « {shown(row)} » (laisser une ligne vide "
                "avant un paragraphe qui suit la liste)",
            )
            for index, row in enumerate(rows)
            if not row.startswith(("- ", "  "))
        ][:1]
    return []
