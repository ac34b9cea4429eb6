"""MkDocs integration: generate ``docs_dir`` from the spell files before every build.

``on_pre_build`` is the one place a build generates the pages (``python -m generator build`` and
``serve`` only run MkDocs and turn :class:`InvalidSpells` into French output).

This is the only module that knows about MkDocs; the generator itself writes plain Markdown and
JSON (``python -m generator generate``), so any MkDocs-compatible builder can take over.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mkdocs.exceptions import Abort

from generator.pages.site import GenerationError, fold, generate

WORD = re.compile(r"[^\W_]+")
_TAG = re.compile(r"<[^>]+>")


class InvalidSpells(Abort):
    """The build stopped before writing anything: ``problems`` lists every located French message."""

    def __init__(self, problems: list[str]):
        super().__init__("Fichiers de sorts invalides :\n" + "\n".join(problems))
        self.problems = problems


def on_config(config):
    """Every page carries the site's Content-Security-Policy (``generator/security.py``)."""
    from generator.security import policy_for

    config.extra["content_security_policy"] = policy_for(_command)
    return config


def on_pre_build(config) -> None:
    """Write the pages (the build's only generation); abort (no half-built site) on invalid spells."""
    root = Path(config.config_file_path).parent
    try:
        generate(root, Path(config.docs_dir))
    except GenerationError as error:
        raise InvalidSpells(error.problems) from None


# A generated page is a heading (Markdown, or a spell page's escaped HTML title), then one block
# of finished HTML (no blank line inside, see site._html_block). Markdown would only parse that
# block to copy it unchanged, and that parsing was the largest part of the build: the block is set aside and put back into the page's HTML.
_HTML_BODY = re.compile(r"\A((?:# [^\n]*|<h1 [^\n]*</h1>)\n\n)(<[^\n]*(?:\n(?![ \t]*\n)[^\n]*)*\n?)\Z")
_BODY_MARK = "<!-- grimoire-html-body -->"
_bodies: dict[str, str] = {}


def on_page_markdown(markdown, page, **kwargs) -> str:
    """Keep a generated page's HTML block out of Markdown; ``on_page_content`` puts it back."""
    match = _HTML_BODY.match(markdown)
    if not match or _BODY_MARK in markdown:
        return markdown
    _bodies[page.file.src_uri] = match[2].rstrip("\n")
    return match[1] + _BODY_MARK + "\n"


def on_page_content(html, page, **kwargs) -> str:
    """Put back the HTML block ``on_page_markdown`` set aside, byte for byte."""
    body = _bodies.pop(page.file.src_uri, None)
    return html if body is None else html.replace(_BODY_MARK, body, 1)


def _fold_search_index(config) -> None:
    """Make the site search ignore accents: « eclair » must find « Éclair ».

    The theme's search matches words as written; each indexed section therefore also gets the
    accent-free form of its accented words (and of its title), appended to its text.
    """
    index_path = Path(config.site_dir) / "search" / "search_index.json"
    if not index_path.exists():
        return
    index = json.loads(index_path.read_text(encoding="utf-8"))
    for doc in index.get("docs", []):
        written = set(WORD.findall(_TAG.sub(" ", f"{doc.get('title', '')} {doc.get('text', '')}")))
        folded = sorted({fold(word) for word in written if not word.isascii()} - written)
        if folded:
            doc["text"] = f"{doc.get('text', '')} {' '.join(folded)}".strip()
    index_path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")),
                          encoding="utf-8")


_command = "build"


def on_startup(*, command, dirty) -> None:
    """``mkdocs serve`` gets a service worker that caches nothing (generator/offline/) and a
    policy that lets its live-reload script run."""
    from generator.offline import set_command

    global _command
    _command = command
    set_command(command)


def on_post_build(config) -> None:
    """Fold the search index, then write the offline files, which hash the finished site."""
    from generator.offline import write_offline_files

    _fold_search_index(config)
    write_offline_files(Path(config.site_dir), config)
