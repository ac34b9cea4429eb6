"""What the service worker may keep: every file the site's pages read, with its content hash
and its size on the network, in the order a first visit downloads them.

:func:`precache_list` lists the files the pages read, never the spells' JSON files nor the
schema, which no page's script reads; :func:`background_count` says how many of them a first
visit downloads in the background (what every page needs, then the other pages, then the spell
pages, within :data:`BACKGROUND_BUDGET`; the panel offers the rest). The large Pyodide files,
found in the folder that widgets/packaging.py names in the configuration it writes
(:data:`ENGINE_CONFIG`), are listed apart (:func:`engine_list`): the service worker caches them
after the first successful boot of the engine or when the reader asks for it.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = [
    "BACKGROUND_BUDGET",
    "ENGINE_CONFIG",
    "HASH_CHARS",
    "SPELL_PAGES",
    "background_count",
    "digest",
    "engine_config",
    "engine_list",
    "is_spell_page",
    "offline_summary",
    "precache_list",
    "search_languages",
    "wire_size",
]

HASH_CHARS = 16
#: What widgets/packaging.py writes for the calculators' modules: where the engine's files are.
ENGINE_CONFIG = "assets/shared/engine-config.js"
#: The folder of the spell pages: beyond the shared files, a first visit downloads them only
#: within :data:`BACKGROUND_BUDGET`; the panel offers the rest.
SPELL_PAGES = "sorts/"
#: Bytes (gzip-compressed) a first visit may download in the background for offline reading.
BACKGROUND_BUDGET = 2_500_000

#: Besides the pages, what the pages read: scripts, styles, icons and data of assets/ (the theme's,
#: the site's, the shared modules', the spellbook's and the calculators'), the search's index and documents, the spellbook page's list
#: of spells (``data-api``), the web app manifest. Not kept: the spells' JSON files and the format's
#: schema (data for other programs, which no page's script reads), the theme's own favicon (the
#: site's icons replace it), the server's 404 page, the sitemap.
READ_BY_PAGES = (
    "assets/javascripts/",
    "assets/stylesheets/",
    "assets/icons/",
    "assets/site/",
    "assets/shared/",
    "assets/grimoire/",
    "assets/widgets/",
    "search/",
    "api/sorts.json",
    "manifest.webmanifest",
)

# Files MkDocs or mkdocs-material write that a reader never needs offline.
_SKIPPED_SUFFIXES = (".map", ".gz", ".tmp")
_SKIPPED_NAMES = {"sw.js", "sitemap.xml"}
_LUNR = "assets/javascripts/lunr/"
_NAMING = (".html", ".js", ".css", ".webmanifest")  # the files that name what the pages read

Entry = tuple[str, str, int]


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:HASH_CHARS]


def wire_size(data: bytes) -> int:
    """About the bytes a file costs on the network, served gzip-compressed (a fast, slightly
    pessimistic compression: what a server sends is at most this)."""
    return min(len(data), len(zlib.compress(data, 1)) + 18)


def _url_of(relative: str) -> str:
    """The URL a reader uses for a file, relative to the site root: pages by their folder."""
    if relative == "index.html":
        return "./"
    if relative.endswith("/index.html"):
        return relative[: -len("index.html")]
    return relative


def search_languages(config: Any) -> list[str]:
    """The languages of the search plugin (mkdocs-material registers it as material/search)."""
    plugins = config.get("plugins") or {}
    plugin = plugins.get("material/search") or plugins.get("search")
    settings = getattr(plugin, "config", None) or {}
    langs = settings.get("lang") or []
    if isinstance(langs, str):
        langs = [langs]
    return [lang for lang in langs if isinstance(lang, str)] or ["fr"]


def engine_config(site_dir: Path) -> dict:
    """What widgets/packaging.py wrote for the calculators' scripts (its ES module's object)."""
    path = Path(site_dir) / ENGINE_CONFIG
    if not path.is_file():
        return {}
    text = path.read_text(encoding="utf-8")
    return json.loads(text.split("export default ", 1)[1].strip().rstrip(";"))


def _engine_dir(site_dir: Path) -> str | None:
    """The folder of the Pyodide files, relative to the site root (from the engine's
    configuration), or None for a site without calculators."""
    folder = engine_config(site_dir).get("pyodide")
    if not isinstance(folder, str):
        return None
    base = (Path(site_dir) / ENGINE_CONFIG).parent
    resolved = (base / folder).resolve()
    return resolved.relative_to(Path(site_dir).resolve()).as_posix().rstrip("/") + "/"


def _read_by_a_page(relative: str, lunr: set[str], engine_dir: str | None) -> bool:
    """True for the files the site's pages read (see :data:`READ_BY_PAGES`)."""
    name = relative.rsplit("/", 1)[-1]
    if name in _SKIPPED_NAMES or name.startswith(".") or relative.endswith(_SKIPPED_SUFFIXES):
        return False
    if engine_dir and relative.startswith(engine_dir):
        return False  # the engine: kept separately, on demand
    if relative.endswith(".html"):
        return relative != "404.html"  # the server's page; offline, the worker answers itself
    if relative.startswith(_LUNR):
        return relative in lunr  # the search loads only the stemmers of its languages
    return relative.startswith(READ_BY_PAGES) or relative in READ_BY_PAGES


def is_spell_page(url: str) -> bool:
    return url.startswith(SPELL_PAGES) and url != SPELL_PAGES and url.endswith("/")


def _tier(url: str) -> int:
    """The order of the offline copy: what every page needs (scripts, styles, icons, the
    calculators' data), then the other pages and the data that grows with the spells (index,
    search, spellbook list, cards), then the spell pages."""
    if url.startswith("assets/") or url == "manifest.webmanifest":
        return 0
    return 2 if is_spell_page(url) else 1


def precache_list(site_dir: Path, languages: Sequence[str] = ("fr",)) -> list[Entry]:
    """(URL relative to the root, content hash, bytes on the network) of every file the pages of
    the site read, which the service worker may keep, in the order of :func:`_tier`."""
    site_dir = Path(site_dir)
    lunr = {f"{_LUNR}min/lunr.stemmer.support.min.js", f"{_LUNR}min/lunr.multi.min.js"}
    lunr |= {f"{_LUNR}min/lunr.{lang}.min.js" for lang in languages if lang != "en"}
    engine_dir = _engine_dir(site_dir)
    files = {}
    for path in sorted(site_dir.rglob("*")):
        if path.is_file():
            relative = path.relative_to(site_dir).as_posix()
            if _read_by_a_page(relative, lunr, engine_dir):
                files[relative] = path.read_bytes()
    # A file other than a page or a stemmer is read only if a page, script or style names it
    # (spell pages share their template: one of them speaks for all).
    texts = [
        data
        for relative, data in files.items()
        if relative.endswith(_NAMING) and not is_spell_page(_url_of(relative))
    ]
    texts += [data for relative, data in files.items() if is_spell_page(_url_of(relative))][:1]
    named = b"\n".join(texts)
    entries = []
    for relative, data in files.items():
        url = _url_of(relative)
        if (
            relative.endswith(".html")
            or relative.startswith(_LUNR)
            or _is_named(relative.rsplit("/", 1)[-1].encode(), named)
        ):
            entries.append((url, digest(data), wire_size(data)))
    return sorted(entries, key=lambda entry: (_tier(entry[0]), entry[0]))


def background_count(precache: list[Entry], budget: int = BACKGROUND_BUDGET) -> int:
    """How many of the first files of ``precache`` a first visit downloads in the background:
    as many as fit within ``budget`` bytes, in order (the panel offers the rest)."""
    count, total = 0, 0
    for _, _, size in precache:
        if total + size > budget:
            break
        count += 1
        total += size
    return count


def engine_list(site_dir: Path) -> list[Entry]:
    """(URL, hash, bytes) of the Pyodide files widgets/packaging.py installed."""
    engine_dir = _engine_dir(site_dir)
    base = site_dir / engine_dir if engine_dir else None
    if base is None or not base.is_dir():
        return []
    return sorted(
        (path.relative_to(site_dir).as_posix(), digest(path.read_bytes()), path.stat().st_size)
        for path in base.rglob("*")
        if path.is_file()
    )


def offline_summary(precache: list[Entry], background: int) -> dict:
    """The figures the offline panel shows before any service worker runs (written as
    ``assets/site/offline-data.js``): bytes and spell pages, of the background download and of
    the whole copy."""

    def spells(entries):
        return sum(1 for url, _, _ in entries if is_spell_page(url))

    return {
        "background": {
            "bytes": sum(size for _, _, size in precache[:background]),
            "spells": spells(precache[:background]),
        },
        "all": {"bytes": sum(size for _, _, size in precache), "spells": spells(precache)},
    }


def _is_named(name: bytes, text: bytes) -> bool:
    """Whether ``text`` names the file ``name`` as a whole name (``config.js`` is not named by
    ``engine-config.js``, nor ``a.js`` by ``a.json``)."""
    start = text.find(name)
    while start != -1:
        before = text[start - 1 : start]
        after = text[start + len(name) : start + len(name) + 1]
        if not _name_char(before, b"_.-") and not _name_char(after, b"_-"):
            return True
        start = text.find(name, start + 1)
    return False


def _name_char(char: bytes, punctuation: bytes) -> bool:
    return bool(char) and (char.isalnum() or char in punctuation)
