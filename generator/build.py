"""Build or serve the whole site: validate, generate ``build/docs``, then run MkDocs.

The build writes into a temporary folder and replaces ``site/`` only when MkDocs succeeded, so an
invalid spell file or a strict-mode warning never leaves a half-built site behind.
"""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path

from .site import GenerationError, generate

__all__ = ["BuildError", "build_site", "serve_site"]


class BuildError(Exception):
    """The site could not be built; the message is French and meant for the reader."""


def _mkdocs_config(root: Path, **overrides):
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    from mkdocs.config import load_config

    return load_config(str(root / "mkdocs.yml"), **overrides)


def build_site(root: Path, site_dir: Path | None = None) -> Path:
    """Build the site of the project at ``root`` into ``site_dir`` (default ``root/site``)."""
    from mkdocs.commands.build import build
    from mkdocs.exceptions import MkDocsException

    root = root.resolve()
    site_dir = (site_dir or root / "site").resolve()
    docs = root / "build" / "docs"
    try:
        generate(root, docs)
    except GenerationError as error:
        raise BuildError("\n".join(error.problems)) from None
    staging = site_dir.with_name(site_dir.name + ".en-cours")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        build(_mkdocs_config(root, site_dir=str(staging), strict=True))
    except (MkDocsException, SystemExit) as error:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"la construction du site a échoué : {error}") from None
    if site_dir.exists():
        shutil.rmtree(site_dir)
    staging.rename(site_dir)
    return site_dir


def serve_site(root: Path, host: str, port: int) -> None:
    """Generate, then serve with live rebuild on every change of a spell, template or page."""
    from mkdocs.commands.serve import serve

    root = root.resolve()
    try:
        generate(root, root / "build" / "docs")
    except GenerationError as error:
        raise BuildError("\n".join(error.problems)) from None
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    serve(str(root / "mkdocs.yml"), dev_addr=f"{host}:{port}", livereload=True)
