"""MkDocs integration: regenerate ``docs_dir`` from the spell files before every build.

This is the only module that knows about MkDocs; the generator itself writes plain Markdown and
JSON (``python -m generator generate``), so any MkDocs-compatible builder can take over.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mkdocs.exceptions import Abort

from generator.site import GenerationError, fold, generate

WORD = re.compile(r"[^\W_]+")
_TAG = re.compile(r"<[^>]+>")


def on_config(config):
    """Every page carries the site's Content-Security-Policy (``generator/security.py``)."""
    from generator.security import policy_for

    config.extra["content_security_policy"] = policy_for(_command)
    return config


def on_pre_build(config) -> None:
    """Write the pages; abort the build (no half-built site) when a spell file is invalid."""
    root = Path(config.config_file_path).parent
    try:
        generate(root, Path(config.docs_dir))
    except GenerationError as error:
        raise Abort("Fichiers de sorts invalides :\n" + "\n".join(error.problems)) from None


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
    """``mkdocs serve`` gets a service worker that caches nothing (generator/offline.py) and a
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
