"""The compendium offline and on a phone's home screen: icons, web app manifest, service worker.

:func:`write_offline_files` runs after MkDocs has written the site (the MkDocs hook calls it at
the end of ``on_post_build``, once the search index is final). It writes into the site:

* nothing for the icons: they are committed files of the theme, drawn by :mod:`.icon`;
* ``manifest.webmanifest``: the web app manifest (:mod:`.manifest`);
* ``sw.js``, the service worker (:mod:`.service_worker`), made from ``sw.js`` (next to this
  module) with the list of the files it may keep, their content hashes and their sizes on the
  network, and how many of them a first visit downloads in the background (:mod:`.precache`);
* ``assets/site/offline-data.js``: those sizes for the offline panel, which shows them before
  any service worker runs (:func:`.precache.offline_summary`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .icon import (
    BACKGROUND_COLOR,
    ICON_DIR,
    ICON_FILES,
    ICON_SIZES,
    THEME_COLOR,
    icon_png,
    icon_svg,
    write_icon_files,
)
from .manifest import manifest
from .precache import (
    BACKGROUND_BUDGET,
    HASH_CHARS,
    background_count,
    digest,
    engine_config,
    engine_list,
    offline_summary,
    precache_list,
    search_languages,
    wire_size,
)
from .service_worker import SELF_REMOVING_SW, offline_page, service_worker

__all__ = [
    "BACKGROUND_BUDGET",
    "BACKGROUND_COLOR",
    "HASH_CHARS",
    "ICON_DIR",
    "ICON_FILES",
    "ICON_SIZES",
    "OFFLINE_DATA",
    "THEME_COLOR",
    "background_count",
    "engine_config",
    "icon_png",
    "icon_svg",
    "manifest",
    "offline_page",
    "offline_summary",
    "precache_list",
    "service_worker",
    "set_command",
    "write_icon_files",
    "write_offline_files",
]

#: The offline panel's figures (:func:`offline_summary`), written beside the panel's scripts.
OFFLINE_DATA = "assets/site/offline-data.js"

_command = "build"


def set_command(command: str) -> None:
    """Remember the MkDocs command (``serve`` gets a service worker that removes itself)."""
    global _command
    _command = command


def write_offline_files(site_dir: Path, config: Any = None) -> str:
    """Write the manifest, ``sw.js`` and the panel's figures into the built site; return the
    version."""
    site_dir = Path(site_dir)
    description = ""
    languages = ["fr"]
    if config is not None:
        description = config.get("site_description") or ""
        languages = search_languages(config)
    _write(
        site_dir / "manifest.webmanifest",
        (json.dumps(manifest(description), ensure_ascii=False, indent=1) + "\n").encode(),
    )
    if _command == "serve":
        _write(site_dir / "sw.js", SELF_REMOVING_SW.encode("utf-8"))
        return "dev"
    # The panel's figures are read by the pages that show it: computed without them, then added.
    (site_dir / OFFLINE_DATA).unlink(missing_ok=True)
    precache = precache_list(site_dir, languages)
    background = background_count(precache)
    summary = offline_summary(precache, background)
    data = (
        "// Écrit par generator/offline : ne pas modifier à la main.\n"
        f"export default {json.dumps(summary, separators=(',', ':'))};\n"
    ).encode()
    _write(site_dir / OFFLINE_DATA, data)
    precache.insert(0, (OFFLINE_DATA, digest(data), wire_size(data)))
    text, version = service_worker(precache, engine_list(site_dir), background + 1)
    _write(site_dir / "sw.js", text.encode("utf-8"))
    return version


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_bytes() == data:
        return
    path.write_bytes(data)
