"""A generated page as MkDocs reads it: its front matter written as YAML that MkDocs reads back
exactly (else the generation stops, in French), its heading in Markdown, and its body of finished
HTML in a file of its own beside it (:func:`page_files`), which MkDocs does not parse: the hook
appends it to the page's HTML (``generator/mkdocs_hooks.py``)."""

from __future__ import annotations

import re
from collections.abc import Callable

import yaml

from .compendium import GenerationError

__all__ = [
    "BODY_SUFFIX",
    "body_file",
    "check_front_matter",
    "html_block",
    "markdown_page",
    "page_files",
    "read_front_matter",
    "yaml_scalar",
]

#: The body of ``<page>.md`` is ``<page>.corps.html`` (``mkdocs.yml`` keeps these files out of the
#: site: ``exclude_docs``).
BODY_SUFFIX = ".corps.html"


def yaml_scalar(text: str) -> str:
    """``text`` as one double-quoted YAML scalar on one line, written by the YAML emitter (every
    character a YAML reader would refuse or fold is escaped)."""
    written = yaml.safe_dump(text, allow_unicode=True, default_style='"', width=float("inf"))
    return written.removesuffix("\n...\n").removesuffix("\n")


def html_block(html: str) -> str:
    """HTML safe to embed in Markdown: no blank line may end the raw block early (lines of white
    space only are dropped; string methods only, linear in the page's length)."""
    return "\n".join(line for line in html.split("\n") if line.strip()).strip() + "\n"


#: How MkDocs finds a page's front matter (mkdocs.utils.meta), read with the same YAML loader.
FRONT_MATTER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)


def read_front_matter(page: str) -> dict | None:
    """The front matter of ``page`` as MkDocs reads it: a mapping, or None when MkDocs would drop
    it and render it as Markdown."""
    match = FRONT_MATTER.match(page)
    if match is None:
        return None
    try:
        data = yaml.load(match[1], Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except Exception:  # noqa: BLE001 - MkDocs drops the front matter on any error
        return None
    return data if isinstance(data, dict) else None


def markdown_page(text: str) -> str:
    """A generated page: a template's output, its HTML kept in one Markdown block; a front matter
    that MkDocs would not read back stops the generation (:func:`check_front_matter`)."""
    front, sep, body = text.partition("\n---\n")
    if not text.startswith("---\n") or not sep:
        return html_block(text)
    page = front + sep + body
    check_front_matter(page)
    return page


def check_front_matter(
    page: str,
    where: Callable[[], str] = lambda: "generator/pages/templates:1: -",
    expected: dict | None = None,
) -> None:
    """Raise GenerationError unless the front matter of ``page`` (written by the templates, values
    through the ``meta`` filter) reads back as MkDocs reads it, with the ``expected`` values
    (``where()`` gives the ``file:line: field`` of the message): MkDocs would otherwise drop it
    and render it as Markdown."""
    meta = read_front_matter(page)
    if meta is None or any(meta.get(key) != value for key, value in (expected or {}).items()):
        raise GenerationError(
            [
                f"{where()}: attendu des métadonnées de page (titre, description) que "
                "MkDocs relit telles qu'écrites, reçu un en-tête YAML illisible ou "
                "altéré : la page n'est pas construite"
            ]
        )


#: A generated page after its front matter (and the line ends MkDocs skips): a heading (Markdown, or a spell page's escaped HTML
#: title), a blank line, then one block of finished HTML (no blank line inside: ``html_block``).
_HEADING_AND_BODY = re.compile(
    r"\n*((?:# [^\n]*|<h1 [^\n]*</h1>)\n)\n(<[^\n]*(?:\n(?![ \t]*\n)[^\n]*)*\n?)\Z"
)


def body_file(page: str) -> str:
    """Where the HTML body of the page ``page`` (``sorts/vol/index.md``) is written."""
    return page.removesuffix(".md") + BODY_SUFFIX


def page_files(relative: str, page: str) -> list[tuple[str, str]]:
    """The files of the generated ``page`` (from :func:`markdown_page`) written as ``relative``:
    the Markdown of its front matter and heading, and its HTML body in :func:`body_file`. Markdown
    would only parse that block to copy it unchanged, and that parsing was most of a build. A page
    of Markdown only (``content/index.md``) stays one file."""
    match = FRONT_MATTER.match(page)
    start = match.end() if match else 0
    parts = _HEADING_AND_BODY.match(page, start)
    if parts is None:
        return [(relative, page)]
    return [(relative, page[: parts.start(2) - 1]), (body_file(relative), parts[2])]
