"""The site's stylesheets as served: the theme's without the selectors that restyle a whole list
when one row moves, the site's own without their comments.

mkdocs-material's ``assets/stylesheets/main.*.min.css`` holds selectors ending in a bare ``*``
after ``+`` (``table:not([class])+*``) or in ``>:nth-child(n)`` (content tabs, which the site does
not use). Chromium tests every element against them and then restyles every row of a list, with
all their cells, each time one row is inserted or removed: on the index (/sorts/), a keystroke
that redraws the list restyled every row drawn. ``trim_theme_style`` rewrites the built file in
place, once per build: content tabs' selectors dropped, the table's next sibling never a table row.

The site's own stylesheets (``assets/site``, ``assets/widgets``, ``assets/grimoire``…) are
written to be read, with a comment per block: ``compact_styles`` serves them without comments,
indentation or blank lines, about a third less to download on a spell page.
"""

from __future__ import annotations

from pathlib import Path

#: Where mkdocs-material writes its stylesheet in the site.
THEME_STYLES = "assets/stylesheets"
#: Selectors of a component the site never uses (no ``pymdownx.tabbed``).
UNUSED = (".tabbed-",)
#: The theme's own stylesheets, already minified (every other ``.css`` of the site is compacted).
THEME_FOLDERS = ("assets/stylesheets", "assets/javascripts")
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


def compact_css(css: str) -> str:
    """``css`` without its comments (a space where one stood between two words, as CSS reads it;
    those inside quotes kept), indentation and blank lines; the rest as written. A second pass
    changes nothing."""
    out: list[str] = []
    i, quote = 0, ""
    while i < len(css):
        c = css[i]
        if quote:
            if c == "\\":
                out.append(css[i : i + 2])
                i += 2
                continue
            if c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif css.startswith("/*", i):
            end = css.find("*/", i + 2)
            if end < 0:
                raise ThemeStyleError("feuille de style : commentaire non fermé")
            i = end + 2
            if out and not out[-1].isspace() and i < len(css) and not css[i].isspace():
                out.append(" ")
            continue
        out.append(c)
        i += 1
    lines = (line.strip() for line in "".join(out).splitlines())
    return "".join(f"{line}\n" for line in lines if line)


def compact_styles(site_dir: Path) -> list[Path]:
    """Rewrite in place every stylesheet of the site but the theme's (THEME_FOLDERS) with
    ``compact_css``; returns the paths rewritten (ThemeStyleError naming the file when one has an
    unclosed comment)."""
    site_dir = Path(site_dir)
    theme = tuple(site_dir / folder for folder in THEME_FOLDERS)
    rewritten = []
    for path in sorted(site_dir.rglob("*.css")):
        if any(path.is_relative_to(folder) for folder in theme):
            continue
        css = path.read_text(encoding="utf-8")
        try:
            compact = compact_css(css)
        except ThemeStyleError as error:
            raise ThemeStyleError(f"{path.relative_to(site_dir).as_posix()} : {error}") from None
        if compact != css:
            path.write_text(compact, encoding="utf-8")
            rewritten.append(path)
    return rewritten
