"""The theme's stylesheet without the selectors that restyle a whole list when one row moves.

mkdocs-material's ``assets/stylesheets/main.*.min.css`` holds selectors ending in a bare ``*``
after ``+`` (``table:not([class])+*``) or in ``>:nth-child(n)`` (content tabs, which the site does
not use). Chromium tests every element against them and then restyles every row of a list, with
all their cells, each time one row is inserted or removed: on the index (/sorts/), a keystroke
that redraws the list restyled every row drawn. ``trim_theme_style`` rewrites the built file in
place, once per build: content tabs' selectors dropped, the table's next sibling never a table row.
"""

from __future__ import annotations

from pathlib import Path

#: Where mkdocs-material writes its stylesheet in the site.
THEME_STYLES = "assets/stylesheets"
#: Selectors of a component the site never uses (no ``pymdownx.tabbed``).
UNUSED = (".tabbed-",)
#: Rewritten selectors: the same elements, but never tested against a table row.
REWRITTEN = {".md-typeset table:not([class])+*": ".md-typeset table:not([class])+:not(tr)"}


class ThemeStyleError(Exception):
    """The theme's stylesheet is missing or not as expected (French message)."""


def _block_end(css: str, start: int) -> int:
    """The index just after the ``}`` closing the block whose ``{`` is at ``start`` (quotes and
    nested blocks skipped)."""
    depth, i, quote = 0, start, ""
    while i < len(css):
        c = css[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ThemeStyleError("feuille de style du thème : bloc non fermé")


def _split_selectors(prelude: str) -> list[str]:
    """A selector list split at its top-level commas (not those inside parentheses)."""
    parts, depth, last = [], 0, 0
    for i, c in enumerate(prelude):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(prelude[last:i])
            last = i + 1
    parts.append(prelude[last:])
    return parts


def trim_css(css: str) -> str:
    """``css`` (minified) with UNUSED selectors dropped (a rule left without any goes) and
    REWRITTEN ones replaced; the rest byte for byte."""
    out: list[str] = []
    i = 0
    while i < len(css):
        if css[i] == "}":  # the end of an at-rule's block
            out.append("}")
            i += 1
            continue
        brace = css.find("{", i)
        semicolon = css.find(";", i)
        if brace < 0 or (0 <= semicolon < brace and css[i] == "@"):  # @charset, @import…
            end = len(css) if semicolon < 0 else semicolon + 1
            out.append(css[i:end])
            i = end
            continue
        prelude = css[i:brace]
        if prelude.lstrip().startswith("@"):
            if prelude.lstrip().startswith(("@media", "@supports", "@layer", "@container")):
                out.append(prelude + "{")  # its rules are read one by one
                i = brace + 1
            else:  # @keyframes, @font-face…: kept whole
                end = _block_end(css, brace)
                out.append(css[i:end])
                i = end
            continue
        end = _block_end(css, brace)
        selectors = [
            REWRITTEN.get(s.strip(), s)
            for s in _split_selectors(prelude)
            if not any(unused in s for unused in UNUSED)
        ]
        if selectors:
            out.append(",".join(selectors) + css[brace:end])
        i = end
    return "".join(out)


def trim_theme_style(site_dir: Path) -> Path:
    """Rewrite the built theme stylesheet (``main.*.min.css``) in place; returns its path."""
    files = sorted((Path(site_dir) / THEME_STYLES).glob("main.*.min.css"))
    if len(files) != 1:
        raise ThemeStyleError(
            f"{THEME_STYLES} : une seule feuille de style du thème attendue, trouvé "
            f"{len(files)} ({', '.join(p.name for p in files) or 'aucune'})"
        )
    path = files[0]
    css = path.read_text(encoding="utf-8")
    trimmed = trim_css(css)
    if trimmed != css:
        path.write_text(trimmed, encoding="utf-8")
    return path
