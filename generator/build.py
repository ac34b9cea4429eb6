"""Build or serve the whole site: run MkDocs, whose hook validates and generates ``build/docs``.

The build writes into a temporary folder and replaces ``site/`` only when MkDocs succeeded, so an
invalid spell file or a strict-mode warning never leaves a half-built site behind. MkDocs'
warnings are collected and, when strict mode aborts, reported in French with the file the page
comes from (the spell file, the page of ``content/`` or the template) and a line.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
from pathlib import Path

__all__ = ["BuildError", "build_site", "serve_site"]


class BuildError(Exception):
    """The site could not be built; the message is French and meant for the reader."""


class _Warnings(logging.Handler):
    """Collects MkDocs' warnings (and keeps its English off the reader's terminal)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


#: Where each generated page that is not a spell page comes from.
_PAGE_SOURCES = {
    "index.md": "content/index.md",
    "calculateurs/index.md": "content/calculateurs.md",
    "regles/index.md": "content/regles.md",
    "sorts/index.md": "generator/pages/templates/index.md.j2",
    "grimoire/index.md": "generator/pages/templates/grimoire.md.j2",
    "cartes/index.md": "generator/pages/templates/cartes.md.j2",
}

#: MkDocs' warnings about a page, in French (``{href}`` the link, ``{target}`` what it points to).
_WARNINGS = [
    (re.compile(r"Doc file '(?P<doc>[^']+)' contains a link '(?P<href>[^']*)', but the target "
                r"'(?P<target>[^']*)' is not found among documentation files\."),
     "lien « {href} » vers une page qui n'existe pas ({target})"),
    (re.compile(r"Doc file '(?P<doc>[^']+)' contains a link '(?P<href>[^']*)', but the doc "
                r"'(?P<target>[^']*)' does not contain an anchor '(?P<anchor>[^']*)'\."),
     "lien « {href} » vers une ancre absente de {target}"),
    (re.compile(r"Doc file '(?P<doc>[^']+)' contains an absolute link '(?P<href>[^']*)'.*"),
     "lien absolu « {href} » (les liens du site sont relatifs)"),
    (re.compile(r"Doc file '(?P<doc>[^']+)' contains an unrecognized relative link "
                r"'(?P<href>[^']*)'.*"),
     "lien relatif « {href} » non reconnu"),
    (re.compile(r"Excluding '(?P<doc>[^']+)' from the site because it conflicts with "
                r"'(?P<target>[^']*)'\."),
     "deux fichiers produisent la même page ({target})"),
]


def _line_of(path: Path, *needles: str) -> int:
    """The first line of ``path`` holding one of ``needles`` (1 when none is found)."""
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except OSError:
        return 1
    for needle in needles:
        for number, line in enumerate(lines, start=1):
            if needle and needle in line:
                return number
    return 1


def _explain(root: Path, message: str) -> str:
    """One MkDocs warning as ``file:line: page …: message`` in French."""
    for pattern, french in _WARNINGS:
        match = pattern.fullmatch(message.strip())
        if match:
            break
    else:
        return f"mkdocs.yml:1: -: avertissement de MkDocs, qui refuse de construire le site : {message}"
    fields = match.groupdict()
    doc = fields["doc"]
    text = french.format(**{k: v or "" for k, v in fields.items()})
    page = re.fullmatch(r"sorts/([a-z0-9]+(?:-[a-z0-9]+)*)/index\.md", doc)
    if page and (root / "spells" / f"{page[1]}.yaml").is_file():
        source = f"spells/{page[1]}.yaml"
        line = _line_of(root / source, fields.get("href", ""), "name:")
    else:
        source = _PAGE_SOURCES.get(doc, f"build/docs/{doc}")
        line = _line_of(root / source, fields.get("href", ""))
    url = "" if doc == "index.md" else doc[: -len("index.md")]
    return f"{source}:{line}: page /{url}: {text} (MkDocs refuse de construire le site)"


def _mkdocs_config(root: Path, **overrides):
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    from mkdocs.config import load_config

    # MkDocs requires docs_dir to exist before its hook (the one generation) fills it.
    (root / "build" / "docs").mkdir(parents=True, exist_ok=True)
    return load_config(str(root / "mkdocs.yml"), **overrides)


def build_site(root: Path, site_dir: Path | None = None) -> Path:
    """Build the site of the project at ``root`` into ``site_dir`` (default ``root/site``)."""
    from mkdocs.commands.build import build
    from mkdocs.exceptions import MkDocsException

    root = root.resolve()
    site_dir = (site_dir or root / "site").resolve()
    staging = site_dir.with_name(site_dir.name + ".en-cours")
    shutil.rmtree(staging, ignore_errors=True)
    warnings = _Warnings()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(warnings)
    try:
        build(_mkdocs_config(root, site_dir=str(staging), strict=True))
    except (MkDocsException, SystemExit) as error:
        shutil.rmtree(staging, ignore_errors=True)
        problems = getattr(error, "problems", None)
        if problems:
            raise BuildError("\n".join(problems)) from None
        problems = [_explain(root, message) for message in warnings.messages]
        raise BuildError("\n".join(problems) or f"la construction du site a échoué : {error}") from None
    finally:
        logger.removeHandler(warnings)
    if site_dir.exists():
        shutil.rmtree(site_dir)
    staging.rename(site_dir)
    return site_dir


def serve_site(root: Path, host: str, port: int) -> None:
    """Serve with live rebuild on every change of a spell, template or page (the hook generates)."""
    from mkdocs.commands.serve import serve

    root = root.resolve()
    (root / "build" / "docs").mkdir(parents=True, exist_ok=True)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    try:
        serve(str(root / "mkdocs.yml"), dev_addr=f"{host}:{port}", livereload=True)
    except Exception as error:  # noqa: BLE001 - the hook's InvalidSpells carries French problems
        problems = getattr(error, "problems", None)
        if problems:
            raise BuildError("\n".join(problems)) from None
        raise
