"""Which scripts and style sheets each page loads: a page names the bundles it uses.

A page's front matter lists bundle names (``grimoire_assets: [calculators, spellbook]``); every
page also gets :data:`BASE` (the site's own behaviour and the offline support). The MkDocs hook
resolves the names into ``page.meta["grimoire_css"]`` and ``page.meta["grimoire_js"]`` (paths
relative to the site root, in a stable order, without duplicates), which the theme
(``generator/theme/main.html``) prints. A script may be an ES module (``"module": True``, printed
as ``type="module"``); a classic script may run in the page's head, before the theme's scripts
(``"head": True``). Nothing else loads a script of the site: a page without a calculator never
fetches the calculators' entry.

An ES module's static imports are fetched only once the module has arrived and been read, one
round trip per level of imports. :func:`module_preloads` names every module a page's modules
import, directly or not, read from the built files, and the theme asks for them all at once right
after the page's scripts (``<link rel="modulepreload">``): the same files, without the round
trips. A module imported on demand (``import(…)``) is not among them.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

__all__ = ["BASE", "BUNDLES", "UnknownBundle", "module_preloads", "resolve", "static_imports"]

# name -> style sheets and scripts, in loading order. A bundle may need another one first.
BUNDLES: dict[str, dict] = {
    "site": {
        "css": ["assets/site/site.css"],
        "js": [{"src": "assets/site/site.js", "module": True}],
    },
    # The index of all spells: its filters and sorting.
    "index": {
        "css": ["assets/site/spell-index.css"],
        "js": [
            {"src": "assets/site/index-address.js", "head": True},
            {"src": "assets/site/spell-index.js", "module": True},
        ],
    },
    "offline": {
        "css": ["assets/site/offline.css"],
        "js": [{"src": "assets/site/offline.js", "module": True}],
    },
    # The calculators' entry fetches their script (calculators.js) only as one nears the screen.
    "calculators": {
        "css": ["assets/widgets/calculators.css"],
        "js": [{"src": "assets/widgets/calculators-loader.js", "module": True}],
    },
    "spellbook": {
        "css": ["assets/grimoire/grimoire.css"],
        "js": [{"src": "assets/grimoire/grimoire.js", "module": True}],
    },
    # « La table », the MJ's page: the party's spellbooks, from the spellbook's modules.
    "table": {
        "css": ["assets/grimoire/grimoire.css"],
        "js": [{"src": "assets/grimoire/table.js", "module": True}],
    },
    # On the index: the rows' buttons at once, the spellbook's scripts on the first tap of one.
    "spellbook-index": {
        "css": ["assets/grimoire/grimoire.css"],
        "js": [{"src": "assets/grimoire/grimoire-index.js", "module": True}],
    },
    # On a spell page: the spellbook's scripts load on the first tap of its button.
    "spellbook-lazy": {
        "css": ["assets/grimoire/grimoire.css"],
        "js": [{"src": "assets/grimoire/grimoire-lazy.js", "module": True}],
    },
    # The cards get the stored spellbook from its room's grimoire-cards.js (run first, it writes
    # it on the page; its model only, not the spellbook page's modules).
    "cards": {
        "css": ["assets/site/cards.css"],
        "js": [
            {"src": "assets/grimoire/grimoire-cards.js", "module": True},
            {"src": "assets/site/cards.js", "module": True},
        ],
    },
}

# Loaded on every page, first.
BASE = ("site", "offline")

# Scripts run in this order whatever order a page lists its bundles in.
# The index's table takes its phone layout before site.js names the tables that still scroll.
_ORDER = (
    "index",
    "site",
    "calculators",
    "spellbook",
    "table",
    "spellbook-index",
    "spellbook-lazy",
    "cards",
    "offline",
)


class UnknownBundle(ValueError):
    """A page names a bundle that does not exist (French message)."""


def _expand(names, seen: set[str]) -> None:
    for name in names:
        if name in seen:
            continue
        if name not in BUNDLES:
            raise UnknownBundle(
                f"grimoire_assets : lot inconnu « {name} » "
                f"(attendu l'un de {', '.join(sorted(BUNDLES))})"
            )
        seen.add(name)
        _expand(BUNDLES[name].get("needs", []), seen)


def resolve(names=()) -> dict[str, list]:
    """The style sheets and scripts of a page naming ``names`` (plus :data:`BASE`)."""
    if isinstance(names, str):
        names = [names]
    seen: set[str] = set()
    _expand([*BASE, *(names or [])], seen)
    css: list[str] = []
    js: list[dict] = []
    for name in sorted(seen, key=_ORDER.index):
        css += [href for href in BUNDLES[name]["css"] if href not in css]
        js += [
            dict(script)
            for script in BUNDLES[name]["js"]
            if all(script["src"] != known["src"] for known in js)
        ]
    return {"css": css, "js": js}


# A static import or re-export at the start of a line (the project's formatter writes them so):
# ``import … from "./x.js"``, ``export … from "../y/z.js"``, ``import "./x.js"``.
_STATIC_IMPORT = re.compile(
    r'^(?:import|export)\b[^;"]*?\bfrom\s*"(\.{1,2}/[^"\n]+)"|^import\s*"(\.{1,2}/[^"\n]+)"', re.M
)


def static_imports(source: str) -> list[str]:
    """The relative addresses a module's source imports statically, in order."""
    return [match[1] or match[2] for match in _STATIC_IMPORT.finditer(source)]


def module_preloads(site_dir: Path, scripts: list[dict], cache: dict | None = None) -> list[str]:
    """Every module the ES modules of ``scripts`` import statically, directly or not (paths
    relative to the site root, in the order they are first met), read from the files of
    ``site_dir``; the modules of ``scripts`` themselves are not listed, nor an address outside
    the site. ``cache`` keeps each module's imports between calls of one build."""
    cache = {} if cache is None else cache
    entries = [script["src"] for script in scripts if script.get("module")]
    found: list[str] = []
    seen = set(entries)
    pending = list(entries)
    while pending:
        path = pending.pop(0)
        if path not in cache:
            file = site_dir / path
            source = file.read_text(encoding="utf-8") if file.is_file() else ""
            folder = posixpath.dirname(path)
            targets = [
                posixpath.normpath(posixpath.join(folder, n)) for n in static_imports(source)
            ]
            cache[path] = [name for name in targets if not name.startswith("../")]
        for name in cache[path]:
            if name not in seen:
                seen.add(name)
                found.append(name)
                pending.append(name)
    return found
