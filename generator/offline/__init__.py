"""The compendium offline and on a phone's home screen: icons, web app manifest, service worker.

:func:`write_offline_files` runs after MkDocs has written the site (the MkDocs hook calls it at
the end of ``on_post_build``, once the search index is final). It writes into the site:

* nothing for the icons: ``assets/icons/grimoire.svg``, ``grimoire-192.png`` and
  ``grimoire-512.png`` are committed files of the theme (``theme/assets/icons/``), which MkDocs
  copies. They are drawn here from a few shapes (an open book under a star) and rasterised with
  the standard library only; after a change of the drawing, rewrite them with
  ``python -c "from generator.offline import write_icon_files; write_icon_files()"``;
* ``manifest.webmanifest``: the web app manifest (French, relative ``start_url`` and ``scope``, so
  the site works under any sub-path);
* ``sw.js``, the service worker, at the site root (its scope is the site root), made from
  ``sw.js`` (next to this module) with the list of the files it may keep (:func:`precache_list`:
  the files the pages read, never the spells' JSON files nor the schema, which no page's script
  reads), their content hashes and their sizes on the network, and how many of them a first
  visit downloads in the background (:func:`background_count`: what every page needs, then the
  other pages, then the spell pages, within :data:`BACKGROUND_BUDGET`; the panel offers the rest);
* ``assets/site/offline-data.js``: those sizes for the offline panel, which shows them before
  any service worker runs (:func:`offline_summary`).

Versioning: the service worker's version is a hash of the content of every precached file (and
of the engine files it may cache later). Any change of any page, asset, JSON or of the engine
gives a new ``sw.js``, hence a new cache, filled (and checked against the hashes) before the new
version may take over; the old caches are deleted when it does.

Not precached: the large Pyodide core files, found in the folder that widgets/packaging.py names
in the configuration it writes (:data:`ENGINE_CONFIG`); the service worker caches them
separately, after the first successful boot of the engine or when the reader asks for it.
"""

from __future__ import annotations

import hashlib
import html
import json
import math
import struct
import zlib
from collections.abc import Sequence
from pathlib import Path

__all__ = [
    "BACKGROUND_BUDGET",
    "ICON_SIZES",
    "ICON_FILES",
    "background_count",
    "engine_config",
    "icon_svg",
    "icon_png",
    "manifest",
    "offline_page",
    "offline_summary",
    "precache_list",
    "service_worker",
    "write_icon_files",
    "write_offline_files",
    "set_command",
]

SW_TEMPLATE = Path(__file__).parent / "sw.js"
#: The page a page not stored answers when the network does not (« {accueil} »: the site's home,
#: put by the service worker; « {politique} »: the site's policy, put by :func:`offline_page`).
OFFLINE_PAGE = Path(__file__).parent / "offline-page.html"
ICON_DIR = "assets/icons"
ICON_FILES = Path(__file__).parent.parent / "theme" / ICON_DIR  # committed; MkDocs copies the theme
ICON_SIZES = (192, 512)
THEME_COLOR = "#7e56c2"  # mkdocs-material's « deep purple » header
BACKGROUND_COLOR = "#673ab6"  # the icon's background: the splash screen matches it
SW_FORMAT = 2  # bump when the service worker's behaviour changes
HASH_CHARS = 16
#: What widgets/packaging.py writes for the calculators' modules: where the engine's files are.
ENGINE_CONFIG = "assets/widgets/engine-config.js"
#: The offline panel's figures (:func:`offline_summary`), written beside the panel's scripts.
OFFLINE_DATA = "assets/site/offline-data.js"
#: The folder of the spell pages: beyond the shared files, a first visit downloads them only
#: within :data:`BACKGROUND_BUDGET`; the panel offers the rest.
SPELL_PAGES = "sorts/"
#: Bytes (gzip-compressed) a first visit may download in the background for offline reading.
BACKGROUND_BUDGET = 2_500_000

#: Besides the pages, what the pages read: scripts, styles, icons and data of assets/ (the theme's,
#: the site's and the calculators'), the search's index and documents, the spellbook page's list
#: of spells (``data-api``), the web app manifest. Not kept: the spells' JSON files and the format's
#: schema (data for other programs, which no page's script reads), the theme's own favicon (the
#: site's icons replace it), the server's 404 page, the sitemap.
READ_BY_PAGES = (
    "assets/javascripts/",
    "assets/stylesheets/",
    "assets/icons/",
    "assets/site/",
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

_command = "build"


def set_command(command: str) -> None:
    """Remember the MkDocs command (``serve`` gets a service worker that removes itself)."""
    global _command
    _command = command


# ------------------------------------------------------------------ the icon

# The drawing, on a 512 × 512 canvas, painted in order. A maskable icon keeps what matters inside
# the central circle of radius 40 % (204.8 px): every shape here stays within it.
_PARCHMENT = "#fbf3df"
_PAGE_SHADE = "#e8dcbc"
_COVER = "#3b1f70"
_STAR = "#ffaa00"
_INK = THEME_COLOR

ICON_SHAPES: tuple[tuple[str, str, tuple], ...] = (
    # the cover, behind the pages
    ("polygon", _COVER, ((100, 214), (256, 236), (412, 214), (412, 372), (256, 396), (100, 372))),
    # left and right pages
    ("polygon", _PARCHMENT, ((112, 200), (250, 222), (250, 378), (112, 356))),
    ("polygon", _PARCHMENT, ((262, 222), (400, 200), (400, 356), (262, 378))),
    # the gutter's shade
    ("polygon", _PAGE_SHADE, ((238, 220), (250, 222), (250, 378), (238, 376))),
    ("polygon", _PAGE_SHADE, ((262, 222), (274, 220), (274, 376), (262, 378))),
    # lines of writing
    ("polygon", _INK, ((132, 238), (226, 252), (226, 262), (132, 248))),
    ("polygon", _INK, ((132, 270), (226, 284), (226, 294), (132, 280))),
    ("polygon", _INK, ((132, 302), (200, 312), (200, 322), (132, 312))),
    ("polygon", _INK, ((286, 252), (380, 238), (380, 248), (286, 262))),
    ("polygon", _INK, ((286, 284), (380, 270), (380, 280), (286, 294))),
    ("polygon", _INK, ((286, 316), (352, 306), (352, 316), (286, 326))),
    # the star rising from the book, and two sparks
    (
        "polygon",
        _STAR,
        (
            (256, 66),
            (274, 132),
            (336, 150),
            (274, 168),
            (256, 234),
            (238, 168),
            (176, 150),
            (238, 132),
        ),
    ),
    ("circle", _STAR, (176, 96, 12)),
    ("circle", _STAR, (340, 92, 9)),
)


def _rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def icon_svg() -> str:
    """The icon as SVG (rounded corners; the PNGs are full-bleed squares for maskable use)."""
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" role="img" '
        'aria-label="Grimoire">',
        f'<rect width="512" height="512" rx="112" fill="{BACKGROUND_COLOR}"/>',
    ]
    for kind, color, data in ICON_SHAPES:
        if kind == "polygon":
            points = " ".join(f"{x},{y}" for x, y in data)
            parts.append(f'<polygon points="{points}" fill="{color}"/>')
        else:
            cx, cy, r = data
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{color}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


_SUB = 4  # sub-scanlines per pixel row (vertical anti-aliasing); horizontal coverage is exact


def _spans(kind: str, data: tuple, y: float) -> list[tuple[float, float]]:
    """The [x0, x1) intervals of a shape on the horizontal line at height ``y`` (canvas units)."""
    if kind == "circle":
        cx, cy, r = data
        dy = y - cy
        if abs(dy) >= r:
            return []
        half = math.sqrt(r * r - dy * dy)
        return [(cx - half, cx + half)]
    crossings = []
    points = list(data)
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        if (y0 <= y < y1) or (y1 <= y < y0):
            crossings.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    crossings.sort()
    return list(zip(crossings[0::2], crossings[1::2], strict=False))


def icon_png(size: int) -> bytes:
    """The icon as a ``size`` × ``size`` RGB PNG, anti-aliased, deterministic."""
    scale = size / 512
    background = _rgb(BACKGROUND_COLOR)
    rows = []
    for py in range(size):
        pixels: list[list[float]] = [list(map(float, background)) for _ in range(size)]
        for kind, color, data in ICON_SHAPES:
            coverage = [0.0] * size
            touched = False
            for sub in range(_SUB):
                y = (py + (sub + 0.5) / _SUB) / scale
                for x0, x1 in _spans(kind, data, y):
                    a, b = max(x0 * scale, 0.0), min(x1 * scale, float(size))
                    if b <= a:
                        continue
                    touched = True
                    first, last = int(a), min(int(b), size - 1)
                    if first == last:
                        coverage[first] += (b - a) / _SUB
                        continue
                    coverage[first] += (first + 1 - a) / _SUB
                    for px in range(first + 1, last):
                        coverage[px] += 1 / _SUB
                    coverage[last] += (b - last) / _SUB
            if not touched:
                continue
            rgb = _rgb(color)
            for px, alpha in enumerate(coverage):
                if alpha > 0:
                    alpha = min(alpha, 1.0)
                    pixel = pixels[px]
                    for channel in range(3):
                        pixel[channel] += (rgb[channel] - pixel[channel]) * alpha
        rows.append(b"\x00" + bytes(int(round(v)) for pixel in pixels for v in pixel))
    return _png(size, size, b"".join(rows))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _icon_files() -> dict[str, bytes]:
    """The icon files, by path in the site."""
    files = {f"{ICON_DIR}/grimoire.svg": icon_svg().encode("utf-8")}
    for size in ICON_SIZES:
        files[f"{ICON_DIR}/grimoire-{size}.png"] = icon_png(size)
    return files


def write_icon_files(directory: Path = ICON_FILES) -> None:
    """Redraw the committed icon files (run by hand after a change of the drawing)."""
    for relative, data in _icon_files().items():
        _write(Path(directory) / relative.rsplit("/", 1)[-1], data)


# ------------------------------------------------------------------ the manifest


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


# ------------------------------------------------------------------ the service worker


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:HASH_CHARS]


def _wire_size(data: bytes) -> int:
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


def _search_languages(config) -> list[str]:
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


def _is_spell_page(url: str) -> bool:
    return url.startswith(SPELL_PAGES) and url != SPELL_PAGES and url.endswith("/")


def _tier(url: str) -> int:
    """The order of the offline copy: what every page needs (scripts, styles, icons, the
    calculators' data), then the other pages and the data that grows with the spells (index,
    search, spellbook list, cards), then the spell pages."""
    if url.startswith("assets/") or url == "manifest.webmanifest":
        return 0
    return 2 if _is_spell_page(url) else 1


def precache_list(site_dir: Path, languages: Sequence[str] = ("fr",)) -> list[tuple[str, str, int]]:
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
        if relative.endswith(_NAMING) and not _is_spell_page(_url_of(relative))
    ]
    texts += [data for relative, data in files.items() if _is_spell_page(_url_of(relative))][:1]
    named = b"\n".join(texts)
    entries = []
    for relative, data in files.items():
        url = _url_of(relative)
        if (
            relative.endswith(".html")
            or relative.startswith(_LUNR)
            or relative.rsplit("/", 1)[-1].encode() in named
        ):
            entries.append((url, _digest(data), _wire_size(data)))
    return sorted(entries, key=lambda entry: (_tier(entry[0]), entry[0]))


def background_count(precache: list, budget: int = BACKGROUND_BUDGET) -> int:
    """How many of the first files of ``precache`` a first visit downloads in the background:
    as many as fit within ``budget`` bytes, in order (the panel offers the rest)."""
    count, total = 0, 0
    for _, _, size in precache:
        if total + size > budget:
            break
        count += 1
        total += size
    return count


def _engine_list(site_dir: Path) -> list[tuple[str, str, int]]:
    """(URL, hash, bytes) of the Pyodide files widgets/packaging.py installed."""
    engine_dir = _engine_dir(site_dir)
    base = site_dir / engine_dir if engine_dir else None
    if base is None or not base.is_dir():
        return []
    return sorted(
        (path.relative_to(site_dir).as_posix(), _digest(path.read_bytes()), path.stat().st_size)
        for path in base.rglob("*")
        if path.is_file()
    )


def offline_summary(precache: list, background: int) -> dict:
    """The figures the offline panel shows before any service worker runs (written as
    ``assets/site/offline-data.js``): bytes and spell pages, of the background download and of
    the whole copy."""

    def spells(entries):
        return sum(1 for url, _, _ in entries if _is_spell_page(url))

    return {
        "background": {
            "bytes": sum(size for _, _, size in precache[:background]),
            "spells": spells(precache[:background]),
        },
        "all": {"bytes": sum(size for _, _, size in precache), "spells": spells(precache)},
    }


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


def service_worker(precache: list, engine: list, background: int | None = None) -> tuple[str, str]:
    """The text of ``sw.js`` for these files, and its version."""
    if background is None:
        background = background_count(precache)
    version = _digest(json.dumps([SW_FORMAT, precache, engine]).encode("utf-8"))[:12]
    engine_version = _digest(json.dumps(engine).encode("utf-8"))[:12]
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


_SELF_REMOVING_SW = """// Grimoire : « mkdocs serve » ne met rien en cache (le site change à chaque modification).
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith("grimoire-")) await caches.delete(name);
    await self.registration.unregister();
  })());
});
"""


def write_offline_files(site_dir: Path, config=None) -> str:
    """Write the manifest, ``sw.js`` and the panel's figures into the built site; return the
    version."""
    site_dir = Path(site_dir)
    description = ""
    languages = ["fr"]
    if config is not None:
        description = config.get("site_description") or ""
        languages = _search_languages(config)
    _write(
        site_dir / "manifest.webmanifest",
        (json.dumps(manifest(description), ensure_ascii=False, indent=1) + "\n").encode(),
    )
    if _command == "serve":
        _write(site_dir / "sw.js", _SELF_REMOVING_SW.encode("utf-8"))
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
    precache.insert(0, (OFFLINE_DATA, _digest(data), _wire_size(data)))
    text, version = service_worker(precache, _engine_list(site_dir), background + 1)
    _write(site_dir / "sw.js", text.encode("utf-8"))
    return version


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_bytes() == data:
        return
    path.write_bytes(data)
