"""MkDocs integration: regenerate ``docs_dir`` from the spell files before every build.

This is the only module that knows about MkDocs; the generator itself writes plain Markdown and
JSON (``python -m generator generate``), so any MkDocs-compatible builder can take over.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import Abort

from generator.site import GenerationError, generate


def on_pre_build(config) -> None:
    """Write the pages; abort the build (no half-built site) when a spell file is invalid."""
    root = Path(config.config_file_path).parent
    try:
        generate(root, Path(config.docs_dir))
    except GenerationError as error:
        raise Abort("Fichiers de sorts invalides :\n" + "\n".join(error.problems)) from None
