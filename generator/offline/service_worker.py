"""The service worker (``sw.js``, at the site root, whose scope is the site root) and the page it
answers for a page not stored when the network does not.

Versioning: the service worker's version is a hash of the content of every precached file (and
of the engine files it may cache later). Any change of any page, asset, JSON or of the engine
gives a new ``sw.js``, hence a new cache, filled (and checked against the hashes) before the new
version may take over; the old caches are deleted when it does.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from .precache import SPELL_PAGES, Entry, background_count, digest

__all__ = ["OFFLINE_PAGE", "SELF_REMOVING_SW", "offline_page", "service_worker"]

SW_TEMPLATE = Path(__file__).parent / "sw.js"
#: The page a page not stored answers when the network does not (« {accueil} »: the site's home,
#: put by the service worker; « {politique} »: the site's policy, put by :func:`offline_page`).
OFFLINE_PAGE = Path(__file__).parent / "offline-page.html"
SW_FORMAT = 2  # bump when the service worker's behaviour changes


def offline_page() -> str:
    """The text of the offline page (:data:`OFFLINE_PAGE`) with the site's one
    Content-Security-Policy (``generator/security.py``) in its ``<meta>`` tag, before anything
    it loads: no inline script or style, its style is the site's ``offline.css``."""
    from generator.security import CONTENT_SECURITY_POLICY

    template, marker = OFFLINE_PAGE.read_text(encoding="utf-8"), "{politique}"
    if template.count(marker) != 1:
        raise RuntimeError(f"{OFFLINE_PAGE} : marqueur {marker!r} absent ou répété")
    policy = html.escape(CONTENT_SECURITY_POLICY, quote=False).replace('"', "&quot;")
    return template.replace(marker, policy)


def service_worker(
    precache: list[Entry], engine: list[Entry], background: int | None = None
) -> tuple[str, str]:
    """The text of ``sw.js`` for these files, and its version."""
    if background is None:
        background = background_count(precache)
    version = digest(json.dumps([SW_FORMAT, precache, engine]).encode("utf-8"))[:12]
    engine_version = digest(json.dumps(engine).encode("utf-8"))[:12]
    data = {
        "version": version,
        "precache": [[url, digest, size] for url, digest, size in precache],
        "background": background,
        "spellPages": SPELL_PAGES,
        "offlinePage": offline_page(),
        "engine": {
            "version": engine_version,
            "files": [[url, digest, size] for url, digest, size in engine],
            "bytes": sum(size for _, _, size in engine),
        },
    }
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    marker = "/*@MANIFEST@*/ null"
    if marker not in template:
        raise RuntimeError(f"{SW_TEMPLATE} : marqueur {marker!r} absent")
    return (
        template.replace(marker, json.dumps(data, ensure_ascii=True, separators=(",", ":"))),
        version,
    )


SELF_REMOVING_SW = """// Grimoire : « mkdocs serve » ne met rien en cache (le site change à chaque modification).
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith("grimoire-")) await caches.delete(name);
    await self.registration.unregister();
  })());
});
"""
