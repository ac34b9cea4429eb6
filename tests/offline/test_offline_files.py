"""The offline files of the built site: service worker, manifest, icons, cards and spellbook pages."""

from __future__ import annotations

import hashlib
import html.parser
import json
import re
import shutil
import struct
import zlib
from collections import Counter
from pathlib import Path

import pytest
import yaml

import rules
from generator import offline
from generator.security import CONTENT_SECURITY_POLICY
from tests.conftest import ROOT

HASH = offline.HASH_CHARS


def sw_manifest(site: Path) -> dict:
    text = (site / "sw.js").read_text(encoding="utf-8")
    return json.loads(text.split("const MANIFEST = ", 1)[1].split(";\n", 1)[0])


def file_of(site: Path, url: str) -> Path:
    if url == "./":
        return site / "index.html"
    return site / url / "index.html" if url.endswith("/") else site / url


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:HASH]


def test_the_service_worker_precaches_every_page_and_what_pages_read_but_not_pyodide(built_site):
    manifest = sw_manifest(built_site)
    urls = {url for url, _, _ in manifest["precache"]}
    pages = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html")}
    for page in pages - {"404.html"}:
        url = (
            "./"
            if page == "index.html"
            else (page[: -len("index.html")] if page.endswith("/index.html") else page)
        )
        assert url in urls, page
    for needed in (
        "api/sorts.json",
        "search/search_index.json",
        "search/documents.json",
        "assets/site/offline.css",
        "assets/site/recherche.json",
        "assets/site/offline.js",
        "assets/site/offline-data.js",
        "assets/site/cards.css",
        "assets/widgets/calculators.js",
        "assets/shared/engine-worker.js",
        "assets/shared/engine-config.js",
        "manifest.webmanifest",
        "assets/icons/grimoire-192.png",
        "assets/javascripts/lunr/min/lunr.fr.min.js",
    ):
        assert needed in urls, needed
    config = offline.engine_config(built_site)
    for name in [config["archive"], *config["instant"]["files"].values()]:
        assert f"assets/shared/{name}" in urls, name  # the calculators' data work offline
    assert not [
        u
        for u in urls
        if u.startswith("assets/pyodide/")
        or u.endswith(".map")
        or u in ("sw.js", "sitemap.xml", "sitemap.xml.gz")
    ]
    # Only the search stemmers of the site's language, not every language's.
    assert "assets/javascripts/lunr/wordcut.js" not in urls
    # Every hash is the hash of the file as served, every size at most its bytes.
    for url, expected, size in manifest["precache"]:
        assert digest(file_of(built_site, url)) == expected, url
        assert 0 < size <= file_of(built_site, url).stat().st_size, url


def test_nothing_is_precached_that_no_page_reads(built_site):
    """The spells' JSON files and the format's schema are data for other programs (no page's
    script reads them), the theme's favicon is replaced by the site's icons, the 404 page is the
    server's: none is downloaded for offline reading."""
    urls = {url for url, _, _ in sw_manifest(built_site)["precache"]}
    spell_json = {
        p.relative_to(built_site).as_posix() for p in (built_site / "api" / "sorts").glob("*.json")
    }
    assert len(spell_json) >= 110 and not spell_json & urls
    unread = {"api/schema.json", "404.html", "assets/images/favicon.png"}
    assert all((built_site / name).is_file() for name in unread)
    assert not unread & urls
    # What the pages' scripts read is named in them (or in the configuration they import).
    texts = "\n".join(
        p.read_text(encoding="utf-8")
        for p in built_site.rglob("*")
        if p.suffix in (".html", ".js", ".css", ".webmanifest") and p.name != "sw.js"
    )
    for url in urls:
        if url.endswith("/") or url == "./" or url.startswith("assets/javascripts/lunr/"):
            continue  # pages, and the stemmers the search names by language
        assert url.rsplit("/", 1)[-1] in texts, url


def test_a_first_visit_downloads_the_whole_copy_and_the_panel_knows_its_size(built_site):
    manifest = sw_manifest(built_site)
    entries = manifest["precache"]
    assert manifest["background"] == len(entries)  # today's compendium fits the budget whole
    assert sum(size for _, _, size in entries) <= offline.BACKGROUND_BUDGET
    text = (built_site / offline.OFFLINE_DATA).read_text(encoding="utf-8")
    summary = json.loads(text.split("export default ", 1)[1].strip().rstrip(";"))
    spells = sum(1 for url, _, _ in entries if url.startswith("sorts/") and url != "sorts/")
    # The figures count every file but their own (a hundred bytes).
    total = sum(size for url, _, size in entries if url != offline.OFFLINE_DATA)
    assert summary == {
        "background": {"bytes": total, "spells": spells},
        "all": {"bytes": total, "spells": spells},
    }
    assert spells == len(list((ROOT / "spells").glob("*.yaml"))) + 1  # and the alias page


def test_at_ten_times_the_spells_the_first_visit_downloads_at_most_3_mb(built_site, tmp_path):
    """Ten times the spell pages (and ten times the files that grow with them: index, cards,
    search, the spellbook's list): the background download stays within the budget, the rest
    is offered; every spell page stays listed, so that it can be kept."""
    site = tmp_path / "site"
    shutil.copytree(built_site, site, ignore=shutil.ignore_patterns("pyodide"))
    pages = [p for p in (site / "sorts").iterdir() if (p / "index.html").is_file()]
    for page in pages:
        for copy in range(2, 11):
            (site / "sorts" / f"{page.name}-{copy}").mkdir()
            shutil.copy2(page / "index.html", site / "sorts" / f"{page.name}-{copy}" / "index.html")
    for grown in (
        "sorts/index.html",
        "cartes/index.html",
        "search/documents.json",
        "api/sorts.json",
        "assets/site/recherche.json",
    ):
        data = (site / grown).read_bytes()
        (site / grown).write_bytes(b"".join(data + str(copy).encode() for copy in range(10)))
    offline.write_offline_files(site)
    manifest = sw_manifest(site)
    entries = manifest["precache"]
    background = entries[: manifest["background"]]
    spells = [url for url, _, _ in entries if url.startswith("sorts/") and url != "sorts/"]
    assert len(spells) == 10 * len(pages)
    assert sum(size for _, _, size in background) <= 3_000_000
    assert 0 < manifest["background"] < len(entries)
    # What every page needs comes first: scripts, styles, icons, the calculators' data.
    assets = [url for url, _, _ in entries if url.startswith("assets/")]
    assert {url for url, _, _ in background} >= set(assets)
    text = (site / offline.OFFLINE_DATA).read_text(encoding="utf-8")
    summary = json.loads(text.split("export default ", 1)[1].strip().rstrip(";"))
    assert summary["all"]["spells"] == len(spells) > summary["background"]["spells"]
    assert summary["all"]["bytes"] == sum(
        size for url, _, size in entries if url != offline.OFFLINE_DATA
    )


def test_the_engine_files_are_listed_with_the_size_the_reader_is_told(built_site):
    manifest = sw_manifest(built_site)
    announced = offline.engine_config(built_site)
    engine = manifest["engine"]
    files = {url: (h, size) for url, h, size in engine["files"]}
    pyodide = sorted(p for p in (built_site / "assets" / "pyodide").rglob("*") if p.is_file())
    assert sorted(files) == [p.relative_to(built_site).as_posix() for p in pyodide]
    for path in pyodide:
        url = path.relative_to(built_site).as_posix()
        assert files[url] == (digest(path), path.stat().st_size)
    assert engine["bytes"] == announced["downloadBytes"] == sum(p.stat().st_size for p in pyodide)
    # The worker's standard library, never Pyodide's whole one (2.5 MB the engine does not read).
    stdlib = [url for url in files if url.rsplit("/", 1)[1].startswith("python_stdlib")]
    assert [url.rsplit("/", 1)[1] for url in stdlib] == [announced["stdlib"]]


def test_a_changed_file_gives_a_new_version_and_the_same_files_the_same(built_site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(built_site, copy, ignore=shutil.ignore_patterns("pyodide"))
    shutil.copytree(built_site / "assets" / "pyodide", copy / "assets" / "pyodide")
    first = offline.write_offline_files(copy)
    assert offline.write_offline_files(copy) == first == sw_manifest(copy)["version"]
    page = copy / "sorts" / "vol" / "index.html"
    page.write_text(
        page.read_text(encoding="utf-8").replace("Vol", "Vol modifié", 1), encoding="utf-8"
    )
    second = offline.write_offline_files(copy)
    assert second != first
    assert sw_manifest(copy)["engine"]["version"] == sw_manifest(built_site)["engine"]["version"]
    # A new Pyodide gives a new engine cache too.
    lock = next((copy / "assets" / "pyodide").rglob("pyodide-lock.json"))
    lock.write_text(lock.read_text(encoding="utf-8") + " ", encoding="utf-8")
    offline.write_offline_files(copy)
    assert sw_manifest(copy)["engine"]["version"] != sw_manifest(built_site)["engine"]["version"]


def test_the_service_worker_uses_relative_urls_only(built_site):
    text = (built_site / "sw.js").read_text(encoding="utf-8")
    assert "self.registration.scope" in text
    manifest = sw_manifest(built_site)
    assert not [u for u, _, _ in manifest["precache"] if u.startswith(("/", "http:", "https:"))]
    for page in ("index.html", "sorts/vol/index.html", "grimoire/index.html"):
        html_text = (built_site / page).read_text(encoding="utf-8")
        assert 'rel="manifest"' in html_text and 'href="/manifest' not in html_text
    assert "offline.js" in (built_site / "sorts" / "vol" / "index.html").read_text(encoding="utf-8")


def test_the_offline_page_carries_exactly_the_site_policy_before_anything_it_loads(built_site):
    """The page the service worker answers (503) for a page neither stored nor reachable holds
    the site's one policy (generator/security.py) in one <meta> before any script or style
    sheet, and nothing that policy forbids: its style is the site's precached offline.css."""
    page = sw_manifest(built_site)["offlinePage"]
    meta = f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">'
    assert page.count("Content-Security-Policy") == page.count(meta) == 1
    loads = [page.find(tag) for tag in ("<script", "<link", "<style", "<img")]
    assert page.index(meta) < min(i for i in loads if i >= 0)
    assert not re.search(r"<script|<style|\sstyle=|\son[a-z]+=", page, re.I)
    assert re.findall(r'<link rel="stylesheet" href="([^"]+)">', page) == [
        "{accueil}assets/site/offline.css"
    ]
    assert "assets/site/offline.css" in {url for url, _, _ in sw_manifest(built_site)["precache"]}
    style = (built_site / "assets" / "site" / "offline.css").read_text(encoding="utf-8")
    assert re.search(r"^\.gr-offline-page \{", style, re.M) and 'class="gr-offline-page"' in page


def test_the_web_app_manifest(built_site):
    manifest = json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Grimoire" and manifest["short_name"] == "Grimoire"
    assert manifest["lang"] == "fr" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    assert {"any", "maskable"} <= {icon["purpose"] for icon in manifest["icons"]}
    for icon in manifest["icons"]:
        assert (built_site / icon["src"]).is_file(), icon["src"]
    page = (built_site / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in page
    assert manifest["theme_color"] == offline.THEME_COLOR  # one home, the manifest's and the pages'
    assert '<link rel="apple-touch-icon" href="assets/icons/grimoire-192.png">' in page


def png_pixels(path: Path) -> tuple[int, int, bytes]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, idat, width, height = 8, b"", 0, 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        chunk = data[position + 8 : position + 8 + length]
        crc = struct.unpack(">I", data[position + 8 + length : position + 12 + length])[0]
        assert zlib.crc32(kind + chunk) & 0xFFFFFFFF == crc
        if kind == b"IHDR":
            width, height = struct.unpack(">II", chunk[:8])
            assert chunk[8:10] == b"\x08\x02"  # 8-bit RGB
        elif kind == b"IDAT":
            idat += chunk
        position += 12 + length
    return width, height, zlib.decompress(idat)


@pytest.mark.parametrize("size", offline.ICON_SIZES)
def test_the_committed_png_icons_are_drawn_at_their_size(size):
    width, height, raw = png_pixels(offline.ICON_FILES / f"grimoire-{size}.png")
    assert (width, height) == (size, size)
    assert len(raw) == size * (1 + 3 * size)
    colours = Counter()
    for row in range(size):
        line = raw[row * (1 + 3 * size) + 1 : (row + 1) * (1 + 3 * size)]
        colours.update(line[i : i + 3] for i in range(0, len(line), 3))
    rgb = lambda c: bytes(int(c[i : i + 2], 16) for i in (1, 3, 5))  # noqa: E731
    # The background fills the corners (full bleed, for maskable use); the book and the star
    # are drawn on it.
    assert raw[1:4] == rgb(offline.BACKGROUND_COLOR)
    for colour in ("#fbf3df", "#ffaa00", "#3b1f70"):
        assert colours[rgb(colour)] > size, colour
    svg = (offline.ICON_FILES / "grimoire.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "#ffaa00" in svg


def test_the_committed_icons_are_the_drawing(tmp_path):
    offline.write_icon_files(tmp_path)
    for path in sorted(tmp_path.iterdir()):
        assert path.read_bytes() == (offline.ICON_FILES / path.name).read_bytes(), path.name


def test_the_site_ships_the_committed_icons(built_site):
    committed = sorted(path.name for path in offline.ICON_FILES.iterdir())
    assert committed == ["grimoire-192.png", "grimoire-512.png", "grimoire.svg"]
    for name in committed:
        shipped = built_site / offline.ICON_DIR / name
        assert shipped.read_bytes() == (offline.ICON_FILES / name).read_bytes(), name


class _Ids(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.cards, self.hrefs = Counter(), 0, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids[attrs["id"]] += 1
        if tag == "article" and "gr-card" in (attrs.get("class") or "").split():
            self.cards += 1
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])


def test_the_cards_page_has_every_spell_and_no_repeated_id(built_site):
    parser = _Ids()
    parser.feed((built_site / "cartes" / "index.html").read_text(encoding="utf-8"))
    assert parser.cards == len(list((ROOT / "spells").glob("*.yaml")))
    assert [i for i, n in parser.ids.items() if n > 1] == []
    assert not [i for i in parser.ids if i.startswith(("niveau-", "erratum-"))]
    assert not [h for h in parser.hrefs if h.startswith(("#niveau", "#erratum"))]
    index = json.loads((built_site / "search" / "documents.json").read_text(encoding="utf-8"))
    assert [d for d in index["docs"] if d["location"].startswith("sorts/")]
    assert not [d for d in index["docs"] if d["location"].startswith("cartes/")]


def test_the_spellbook_configuration_comes_from_the_rules_engine(built_site):
    text = (built_site / "assets" / "grimoire" / "grimoire-config.js").read_text(encoding="utf-8")
    config = json.loads(text.split("export default ", 1)[1].rstrip().rstrip(";"))
    assert config["elements"] == dict(rules.ELEMENT_LABELS)
    assert config["learning"]["min"] == rules.MIN_LEARNING
    assert config["difficulty"] == {"min": rules.MIN_DIFFICULTY, "max": rules.MAX_DIFFICULTY}
    with pytest.raises(rules.RulesError):
        rules.level_path(0, config["learning"]["max"] + 1, 1)
    assert rules.level_path(0, config["learning"]["max"], 1) == ()
    # The XP bound of the spellbook: the engine's cost of each level, for every difficulty in use.
    difficulties = {
        yaml.safe_load(p.read_text(encoding="utf-8"))["difficulty"]
        for p in (ROOT / "spells").glob("*.yaml")
    }
    assert config["level_up_cost"] == {
        str(d): {str(n): rules.level_up_cost(n, d) for n in range(1, config["learning"]["max"])}
        for d in sorted(difficulties)
    }


def test_mkdocs_serve_gets_a_service_worker_that_removes_itself(tmp_path):
    offline.set_command("serve")
    try:
        offline.write_offline_files(tmp_path)
    finally:
        offline.set_command("build")
    text = (tmp_path / "sw.js").read_text(encoding="utf-8")
    assert "self.registration.unregister()" in text and "MANIFEST" not in text
    assert (tmp_path / "manifest.webmanifest").is_file()
