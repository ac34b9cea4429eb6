"""Light pages, checked on the built files and in Chromium (bytes, never time):

* the search documents weigh at most 60 KB gzip, and no page fetches them before a search;
* a spell page loads at most 100 KB gzip in all before any interaction (HTML, CSS, JS, search);
* every page loads exactly the scripts of what it holds: the calculators' script only with a
  calculator, the spellbook's only with the spellbook, the cards' only on the cards page.
"""

from __future__ import annotations

import gzip
import json
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from generator.pages.page_assets import module_preloads

SEARCH_BUDGET = 60_000
SPELL_PAGE_BUDGET = 100_000


def gzipped(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 9))


class _Assets(HTMLParser):
    def __init__(self):
        super().__init__()
        self.scripts: list[str] = []  # file names
        self.styles: list[str] = []
        self.modules: list[str] = []  # addresses as written
        self.preloads: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("src"):
            self.scripts.append(attrs["src"].rsplit("/", 1)[-1])
            if attrs.get("type") == "module":
                self.modules.append(attrs["src"])
        if tag == "link" and attrs.get("rel") == "stylesheet":
            self.styles.append(attrs["href"].rsplit("/", 1)[-1])
        if tag == "link" and attrs.get("rel") == "modulepreload":
            self.preloads.append(attrs["href"])


def assets_of(page: Path) -> _Assets:
    parser = _Assets()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def test_the_search_documents_are_lean_and_hold_the_spells_text(built_site):
    documents = built_site / "search" / "documents.json"
    assert gzipped(documents) <= SEARCH_BUDGET
    index = json.loads(documents.read_text(encoding="utf-8"))
    locations = [doc["location"] for doc in index["docs"]]
    assert "sorts/" not in locations  # the index table holds every name
    assert not [
        loc
        for loc in locations
        if loc.startswith("sorts/") and "#" in loc and not loc.endswith("#errata-titre")
    ]  # tables, calculators, source
    eclair = next(doc for doc in index["docs"] if doc["location"] == "sorts/eclair/")
    assert "Ce sort crée un éclair." in eclair["text"]
    assert "Chances" not in eclair["text"] and "Apprentissage" not in eclair["text"]
    # What the page fetches on load is the configuration only.
    loaded = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert loaded["docs"] == [] and loaded["config"] == index["config"]


def test_every_page_loads_the_scripts_of_what_it_holds(built_site):
    checked = 0
    for page in sorted(built_site.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        if 'id="__config"' not in text:
            continue  # alias redirects
        assets = assets_of(page)
        scripts, styles = set(assets.scripts), set(assets.styles)
        where = page.relative_to(built_site).as_posix()
        assert len(assets.scripts) == len(scripts), where  # nothing twice
        # The spellbook asks its figures to the calculators' engine.
        calculator = 'class="gr-calc"' in text or 'class="gr-book"' in text
        book = 'class="gr-book"' in text
        index = 'class="gr-index"' in text
        spell = 'class="gr-spell"' in text
        deck = 'class="gr-deck"' in text
        table = 'class="gr-party"' in text
        assert ("calculators-loader.js" in scripts) == calculator, where
        assert ("calculators.css" in styles) == calculator, where
        assert ("grimoire.js" in scripts) == book, where
        assert ("grimoire-index.js" in scripts) == index, where  # the index's, lighter
        assert ("grimoire-lazy.js" in scripts) == (spell and not book), where
        assert ("table.js" in scripts) == table, where
        assert ("grimoire.css" in styles) == (book or spell or index or table), where
        assert ("cards.js" in scripts) == deck and ("cards.css" in styles) == deck, where
        assert ("spell-index.js" in scripts) == ('class="gr-index"' in text), where
        assert {"site.js", "offline.js"} <= scripts, where
        checked += 1
    assert checked > 110
    home = set(assets_of(built_site / "index.html").scripts)
    rules = set(assets_of(built_site / "regles" / "index.html").scripts)
    assert not [s for s in home | rules if s.startswith(("calculators", "grimoire", "cards"))]


def loaded_before_interaction(browser, site_url, built_site, path: str) -> dict[str, int]:
    """Every file a fresh reader's browser fetches for ``path`` until the network is idle,
    with its gzip size (the service worker, which precaches the site for offline use, is off)."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, locale="fr-FR", service_workers="block"
    )
    try:
        page = context.new_page()
        urls: list[str] = []
        page.on("request", lambda request: urls.append(request.url))
        page.goto(site_url + path, wait_until="networkidle")
        sizes = {}
        for url in urls:
            relative = urlsplit(url).path.lstrip("/")
            file = built_site / relative
            if relative == "" or relative.endswith("/"):
                file = file / "index.html"
            assert file.is_file(), url
            sizes[relative] = gzipped(file)
        return sizes
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize("slug", ["eclair", "vol", "boule-de-feu"])
def test_a_spell_page_loads_at_most_100_kb_before_interaction(browser, site_url, built_site, slug):
    sizes = loaded_before_interaction(browser, site_url, built_site, f"sorts/{slug}/")
    assert f"sorts/{slug}/" in sizes
    assert "search/documents.json" not in sizes
    assert not [name for name in sizes if name.endswith(".engine.js") or "pyodide" in name]
    assert not [name for name in sizes if name.endswith(("grimoire.js", "cards.js"))]
    assert sum(sizes.values()) <= SPELL_PAGE_BUDGET, json.dumps(sizes, indent=1)


@pytest.mark.browser
def test_the_search_loads_on_the_first_query(open_page):
    page = open_page("regles/")
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(urlsplit(request.url).path))
    page.locator('label.md-header__button[for="__search"]').click()
    box = page.locator("input.md-search__input")
    box.fill("vol")
    box.press("End")
    page.locator('.md-search-result__list a[href*="/sorts/vol/"]').first.wait_for()
    assert any(path.endswith("/search/documents.json") for path in fetched)
    assert any(path.endswith(".engine.js") for path in fetched)


@pytest.mark.browser
def test_the_index_loads_the_spellbook_on_the_first_add(browser, site_url, built_site):
    """The index draws its rows' buttons at once and fetches the spellbook's modules (its model,
    the rules' data, the dialog) only when a reader taps one."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, locale="fr-FR", service_workers="block"
    )
    try:
        page = context.new_page()
        fetched: list[str] = []
        page.on(
            "request", lambda request: fetched.append(urlsplit(request.url).path.rsplit("/", 1)[-1])
        )
        page.goto(site_url + "sorts/", wait_until="networkidle")
        rows = page.locator(".gr-index-table tbody tr[data-slug]").count()
        assert page.locator(".gr-book-row").count() == rows > 0

        def ours(names):
            return {n for n in names if n.startswith("grimoire") and n.endswith((".js", ".css"))}

        spellbook = sorted(ours(fetched))
        assert spellbook == [
            "grimoire-index.js",
            "grimoire-store.js",
            "grimoire.css",
        ], spellbook  # (the cards link of the view is the index's own: spell-index-cards.js)
        before = sum(gzipped(built_site / "assets" / "grimoire" / name) for name in spellbook)
        page.get_by_role("button", name="Ajouter Vol à Mon grimoire").click()
        page.locator("dialog.gr-book-dialog").wait_for()
        assert {
            "grimoire-tools.js",
            "grimoire-model.js",
            "grimoire-config.js",
            "grimoire-dialog.js",
        } <= set(fetched)
        assert "grimoire-page.js" not in fetched  # what only /grimoire/ uses never comes
        after = sum(gzipped(built_site / "assets" / "grimoire" / name) for name in ours(fetched))
        assert after > 2 * before  # the up-front part is the small one
        page.get_by_label("XP pour ce sort").fill("3")
        page.locator("dialog.gr-book-dialog button[type=submit]").click()
        page.get_by_role(
            "button", name="Vol est dans Mon grimoire (apprentissage 1, 3 XP) : modifier"
        ).wait_for()
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize("path", ["sorts/eclair/", "sorts/", "calculateurs/"])
def test_a_page_asks_for_every_module_it_imports_before_any_arrives(
    browser, site_url, built_site, path
):
    """Every module of the page is held back until the page has asked for every module its
    modules import, directly or not (read from the built files): each is asked for at once, not
    a round trip after the module importing it arrived. Nothing imported on demand is."""
    parser = assets_of(built_site / path / "index.html")
    page_url = site_url + path
    entries = [urljoin(page_url, src) for src in parser.modules]
    imported = module_preloads(
        built_site,
        [{"src": urlsplit(url).path.lstrip("/"), "module": True} for url in entries],
    )
    assert imported, path
    assert sorted(urljoin(page_url, href) for href in parser.preloads) == sorted(
        site_url + name for name in imported
    )
    assert not [name for name in imported if name.endswith(("/calculators.js", "/grimoire.js"))]
    context = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="block")
    try:
        page = context.new_page()
        held: list = []
        asked: set[str] = set()
        released: list[bool] = []
        page.on("request", lambda request: asked.add(request.url))

        def hold(route):
            if released:
                route.continue_()
            else:
                held.append(route)

        wanted = set(entries) | {site_url + name for name in imported}
        page.route(lambda url: url in wanted, hold)
        page.goto(page_url, wait_until="commit")
        while not wanted <= asked:  # each wait ends on a request, or fails the test
            page.wait_for_event("request", timeout=10_000)
        released.append(True)
        for route in held:
            route.continue_()
        page.wait_for_load_state("load")
    finally:
        context.close()
