"""Build or serve the whole site: run MkDocs, whose hook validates and generates ``build/docs``.

The build writes into a temporary folder and replaces ``site/`` only when MkDocs succeeded, so an
invalid spell file or a strict-mode warning never leaves a half-built site behind.
"""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path

__all__ = ["BuildError", "build_site", "serve_site"]


class BuildError(Exception):
    """The site could not be built; the message is French and meant for the reader."""


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
    try:
        build(_mkdocs_config(root, site_dir=str(staging), strict=True))
    except (MkDocsException, SystemExit) as error:
        shutil.rmtree(staging, ignore_errors=True)
        problems = getattr(error, "problems", None)
        if problems:
            raise BuildError("\n".join(problems)) from None
        raise BuildError(f"la construction du site a échoué : {error}") from None
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
