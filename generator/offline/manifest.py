"""The web app manifest: the compendium on a phone's home screen (French, relative ``start_url``
and ``scope``, so that the site works under any sub-path)."""

from __future__ import annotations

from .icon import BACKGROUND_COLOR, ICON_DIR, ICON_SIZES, THEME_COLOR

__all__ = ["manifest"]


def manifest(description: str = "") -> dict:
    """The web app manifest: every URL relative to the manifest, which sits at the site root."""
    icons = [
        {
            "src": f"{ICON_DIR}/grimoire.svg",
            "sizes": "any",
            "type": "image/svg+xml",
            "purpose": "any",
        }
    ]
    for size in ICON_SIZES:
        src = f"{ICON_DIR}/grimoire-{size}.png"
        icons.append({"src": src, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"})
        icons.append(
            {"src": src, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "maskable"}
        )
    return {
        "name": "Grimoire",
        "short_name": "Grimoire",
        "description": description or "Les sorts de magiciens, complets et exacts.",
        "lang": "fr",
        "dir": "ltr",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "categories": ["games", "books", "reference"],
        "icons": icons,
    }
