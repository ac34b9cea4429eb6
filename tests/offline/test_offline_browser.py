"""The compendium offline in headless Chromium: a first visit that leaves the network to the
reader, service worker, engine files, updates, sub-path."""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import re
import shutil
import threading
from collections import Counter

import pytest
import yaml

import rules
from generator import offline
from generator.build import build_site
from generator.security import CONTENT_SECURITY_POLICY
from tests.conftest import ROOT, TWO_FRAMES, copy_project
from tests.loopback import QuietServer
from tests.offline.support import BOOT_MS, sw_status, wait_controlled

pytestmark = pytest.mark.browser

CAST = 'section[data-calc="cast"]'


def cut_network(context, served) -> None:
    """Playwright's offline mode, and the server stopped: nothing can come from the network."""
    context.set_offline(True)
    served.stop()


def compute_cast(page, magic: int) -> None:
    """Type a magic level in the cast calculator and wait for the engine's expected XP."""
    expected = rules.format_decimal(rules.expected_xp(magic, 1), 2)
    field = page.locator(f"{CAST} #lancer-magie")
    field.click()
    field.fill(str(magic))
    field.press("Enter")
    page.wait_for_function(
        """([sel, want]) => document.querySelector(sel)?.dataset.result === 'ok'
               && document.querySelector(sel + ' [data-out="expected_xp.decimal"]')
                      .textContent === want""",
        arg=[CAST, expected],
        timeout=BOOT_MS,
    )


def ask_beyond_the_data(page) -> None:
    """A progression at apprentissage 3 and 40 XP: not in the build's data, the engine answers."""
    page.locator("#progression-apprentissage").fill("3")
    page.locator("#progression-xp").fill("40")
    page.locator("#progression-xp").press("Enter")


def test_pages_index_search_and_calculators_work_offline(built_site, serve, new_context):
    served = serve(built_site)
    context = new_context(service_workers="allow")
    page = context.new_page()
    page.goto(served.url)
    wait_controlled(page)
    page.wait_for_selector(".gr-offline[data-state='ready']", timeout=60_000)
    status = sw_status(page)
    assert status["pages"]["cached"] == status["pages"]["total"] > 150
    assert (
        status["pages"]["cachedSpells"]
        == status["pages"]["spells"]
        == len(list((ROOT / "spells").glob("*.yaml"))) + 1
    )  # and the alias page
    assert status["engine"]["cached"] == 0  # the large Pyodide files wait for a first boot

    # A first boot of the engine, online: its files are then kept for offline use.
    page.goto(served.url + "calculateurs/")
    compute_cast(page, 6)  # from the build's data: no engine
    ask_beyond_the_data(page)
    page.wait_for_selector(".gr-offline[data-engine='cached']", timeout=60_000)
    assert "Les calculateurs fonctionnent aussi hors ligne." in page.inner_text(".gr-offline")

    cut_network(context, served)
    spells = {
        p.stem: yaml.safe_load(p.read_text(encoding="utf-8"))
        for p in (ROOT / "spells").glob("*.yaml")
    }
    page.goto(served.url + "sorts/teleportation/")
    assert page.locator("h1").inner_text() == "Téléportation"
    description = page.inner_text(".gr-description")
    assert "de téléporter un être vivant et son matériel" in description
    assert page.locator(".gr-book-add").is_visible()  # the page's scripts ran too

    page.goto(served.url + "sorts/?niveau=9")
    page.wait_for_selector(".gr-count:not(:empty)")
    shown = page.eval_on_selector_all(
        ".gr-index-table tbody tr", "rows => rows.filter(r => !r.hidden).length"
    )
    assert shown == sum(1 for s in spells.values() if s["levels"]["min"] <= 9 <= s["levels"]["max"])

    page.goto(served.url + "sorts/vol")  # no trailing slash: redirected like the server does
    assert page.url.endswith("/sorts/vol/") and page.locator("h1").inner_text() == "Vol"

    page.goto(served.url + "calculateurs/")
    compute_cast(page, 9)  # answered from the build's data (the engine booting offline from
    # the files it kept: test_available_offline_button_downloads_the_engine_with_its_size)

    page.goto(served.url + "page-inconnue/")
    assert "Page indisponible hors ligne" in page.inner_text("h1")

    # The site's search, in its wide layout (its field always shown).
    page.set_viewport_size({"width": 1200, "height": 800})
    page.goto(served.url)
    page.locator(".md-search__input").fill("eclair")
    page.locator(".md-search__input").press("End")  # the theme reads the query on key up
    page.wait_for_selector(".md-search-result__item a[href*='sorts/eclair/']", timeout=30_000)


def test_available_offline_button_downloads_the_engine_with_its_size(
    built_site, serve, new_context
):
    served = serve(built_site)
    size = offline.engine_config(built_site)["downloadBytes"]
    shown = f"{size / 1e6:.1f}".replace(".", ",") + "\u00a0Mo"
    context = new_context(service_workers="allow")
    page = context.new_page()
    page.goto(served.url)
    page.wait_for_selector(".gr-offline[data-state='ready']", timeout=60_000)
    button = page.get_by_role("button", name=re.compile("^Disponible hors ligne"))
    assert button.inner_text() == f"Disponible hors ligne ({shown})"
    assert shown in page.inner_text(".gr-offline")
    button.click()
    page.wait_for_selector(".gr-offline[data-engine='cached']", timeout=BOOT_MS)
    assert "Les calculateurs fonctionnent aussi hors ligne." in page.inner_text(".gr-offline")
    status = sw_status(page)
    assert status["engine"]["cached"] == status["engine"]["total"] == 5
    assert status["engine"]["cachedBytes"] == size

    # The engine was never booted online, yet it boots offline from the cache.
    cut_network(context, served)
    page.goto(served.url + "calculateurs/")
    compute_cast(page, 4)  # from the build's data
    ask_beyond_the_data(page)  # outside it: the engine
    page.wait_for_function(
        "() => document.documentElement.dataset.engine === 'ready'", timeout=BOOT_MS
    )
    page.wait_for_selector(
        "section[data-calc='progression'][data-result='ok']", state="attached", timeout=BOOT_MS
    )


def test_the_site_works_offline_under_a_sub_path(built_site, serve, new_context, tmp_path):
    (tmp_path / "sous-dossier").symlink_to(built_site, target_is_directory=True)
    served = serve(tmp_path)
    context = new_context(service_workers="allow")
    page = context.new_page()
    violations = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.goto(served.url + "sous-dossier/sorts/oubli/")
    wait_controlled(page)
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == served.url + "sous-dossier/"
    manifest = page.evaluate("""() => fetch(document.querySelector('link[rel=manifest]').href)
                                     .then(r => r.json())""")
    assert manifest["start_url"] == "./"
    cut_network(context, served)
    page.goto(served.url + "sous-dossier/")
    assert page.title() == "Accueil - Grimoire"
    page.goto(served.url + "sous-dossier/regles/")
    assert "Règles des sortilèges" in page.locator("h1").inner_text()
    # A page neither stored nor reachable, at any depth: the worker's offline page, under the
    # site's policy, styled by the site's offline.css, its link back to the site's home.
    answer = page.goto(served.url + "sous-dossier/sorts/inconnu/")
    assert answer is not None and answer.status == 503
    assert page.locator("h1").inner_text() == "Page indisponible hors ligne"
    policies = page.evaluate(
        """() => [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')]
                 .map((meta) => meta.content)"""
    )
    assert policies == [CONTENT_SECURITY_POLICY]
    assert page.evaluate("() => getComputedStyle(document.body).maxWidth") == "640px"
    assert page.locator("a").get_attribute("href") == served.url + "sous-dossier/"
    assert violations == []


# ------------------------------------------------------------------ a new build

NEW_SENTENCE = "Phrase ajoutée par la nouvelle version du compendium."


def page_and_api(page) -> tuple[str, str]:
    """The description shown on the spell page, and the one of the spellbook's list of spells."""
    shown = page.inner_text(".gr-description")
    api = page.evaluate("""() => fetch('../../api/sorts.json').then(r => r.json())
                               .then(list => list.spells.find(s => s.slug === 'vol'))""")
    return shown, api["description"]


def test_a_new_build_replaces_the_cache_cleanly(serve, new_context, tmp_path, build_cache):
    (tmp_path / "projet").mkdir()
    project = copy_project(tmp_path / "projet", build_cache)
    # One spell is enough to see a page and its data change: two small builds, not two full ones.
    shutil.copy2(ROOT / "spells" / "vol.yaml", project / "spells" / "vol.yaml")
    site = tmp_path / "en-ligne"
    build_site(project, site)
    served = serve(site)

    context = new_context(service_workers="allow")
    page = context.new_page()
    page.goto(served.url + "sorts/vol/")
    wait_controlled(page)
    old_version = sw_status(page)["version"]
    shown, api = page_and_api(page)
    assert NEW_SENTENCE not in shown and NEW_SENTENCE not in api

    # A second page of the same reader, open on the old version.
    other = context.new_page()
    other.goto(served.url + "sorts/")
    wait_controlled(other)
    other.evaluate("window.__oldPage = true")

    # The site is rebuilt, into the same served folder, with a changed spell.
    spell = project / "spells" / "vol.yaml"
    data = yaml.safe_load(spell.read_text(encoding="utf-8"))
    data["description"] += "\n\n" + NEW_SENTENCE
    spell.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    build_site(project, site)

    # Reloading still shows the old version, whole: page and data agree.
    page.reload()
    shown, api = page_and_api(page)
    assert NEW_SENTENCE not in shown and NEW_SENTENCE not in api
    # The new version was installed in the background; the reader is told.
    banner = page.locator(".gr-update")
    banner.wait_for(state="visible", timeout=60_000)
    assert "Nouvelle version disponible" in banner.inner_text()
    shown, api = page_and_api(page)
    assert NEW_SENTENCE not in shown and NEW_SENTENCE not in api

    with page.expect_navigation(timeout=30_000):
        banner.get_by_role("button").click()
    page.wait_for_selector(".gr-description")
    shown, api = page_and_api(page)
    assert NEW_SENTENCE in shown and NEW_SENTENCE in api
    wait_controlled(page)
    new_status = sw_status(page)
    assert new_status["version"] != old_version
    assert new_status["pages"]["cached"] == new_status["pages"]["total"]
    names = page.evaluate("caches.keys()")
    assert names == [f"grimoire-pages-{new_status['version']}"], names  # the old one is gone

    # The other open page reloaded itself onto the new version.
    other.wait_for_function("() => window.__oldPage === undefined", timeout=30_000)
    other.wait_for_selector(".gr-index-table")

    # Offline, the new version is what is kept.
    cut_network(context, served)
    page.reload()
    shown, api = page_and_api(page)
    assert NEW_SENTENCE in shown and NEW_SENTENCE in api

    # A new reader gets the new version directly.
    fresh = serve(site)
    reader = new_context(service_workers="allow").new_page()
    reader.goto(fresh.url + "sorts/vol/")
    assert NEW_SENTENCE in reader.inner_text(".gr-description")


# ------------------------------------------------------------------ a first visit

#: Idle callbacks held until the test runs them; each records whether the cast calculator in
#: view had answered when the page asked for an idle moment.
HOLD_IDLE = """
window.__idle = [];
window.__castAnsweredAtIdle = [];
window.requestIdleCallback = (callback) => {
  const cast = document.querySelector('section[data-calc="cast"]');
  window.__castAnsweredAtIdle.push(Boolean(cast && cast.hasAttribute('data-result')));
  window.__idle.push(callback);
  return window.__idle.length;
};
"""
RUN_IDLE = "() => window.__idle.splice(0).forEach(run => run({didTimeout: false, timeRemaining: () => 50}))"
SAVE_DATA = """Object.defineProperty(Navigator.prototype, 'connection',
                 {configurable: true, get: () => ({saveData: true, effectiveType: '4g'})});"""


class Counted:
    """The site served gzip-compressed (as a host would) by a server that records each request
    and the bytes of its answer."""

    def __init__(self, directory):
        log = self.log = []

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                path = self.translate_path(self.path)
                if self.path.split("?")[0].endswith("/"):
                    path = path.rstrip("/") + "/index.html"
                try:
                    with open(path, "rb") as file:
                        body = file.read()
                except OSError:
                    log.append((self.path, 0))
                    self.send_error(404)
                    return
                if "gzip" in self.headers.get("Accept-Encoding", ""):
                    body = gzip.compress(body, 6)
                    encoded = True
                else:
                    encoded = False
                log.append((self.path.split("?")[0], len(body)))
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(path))
                if encoded:
                    self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = QuietServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=str(directory))
        )
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/"

    def since(self, start: int) -> list[tuple[str, int]]:
        return self.log[start:]

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def counted(built_site):
    served = Counted(built_site)
    yield served
    served.stop()


def first_visit(new_context, counted, *init_scripts):
    """A reader's first visit to the calculators page, the cast calculator in view (its answer
    shown, unless the browser saves data: then it waits for the reader); the page's idle moment
    is held until the test releases it."""
    context = new_context(service_workers="allow")
    for script in (HOLD_IDLE, *init_scripts):
        context.add_init_script(script)
    page = context.new_page()
    page.goto(counted.url + "calculateurs/#lancer-titre")
    page.wait_for_load_state("load")
    if SAVE_DATA not in init_scripts:
        page.wait_for_selector('section[data-calc="cast"][data-result="ok"]', state="attached")
    page.wait_for_selector(".gr-offline[data-state]")
    return context, page


def test_a_first_visit_downloads_the_offline_copy_only_once_the_page_is_idle(
    built_site, new_context, counted
):
    context, page = first_visit(new_context, counted)
    page.wait_for_function("() => window.__idle.length > 0")
    # The page asked for an idle moment only after the calculator in view had answered.
    assert page.evaluate("window.__castAnsweredAtIdle") == [True]
    # Until then: nothing but the page and what it needs; no service worker, no other page.
    before = [path for path, _ in counted.log]
    assert "/sw.js" not in before
    assert not [p for p in before if p.startswith("/sorts/") or p.startswith("/api/")]
    assert page.evaluate("navigator.serviceWorker.controller") is None
    assert page.locator(".gr-offline").get_attribute("data-state") == "waiting"
    assert "quand la page sera au repos" in page.inner_text(".gr-offline")

    start = len(counted.log)
    page.evaluate(RUN_IDLE)
    wait_controlled(page)
    page.wait_for_selector(".gr-offline[data-state='ready'][data-complete='true']", timeout=60_000)
    manifest = json.loads(
        (built_site / "sw.js")
        .read_text(encoding="utf-8")
        .split("const MANIFEST = ", 1)[1]
        .split(";\n", 1)[0]
    )
    background = manifest["precache"][: manifest["background"]]
    fetched = counted.since(start)
    paths = Counter(path for path, _ in fetched if path != "/sw.js")
    expected = Counter("/" + ("" if url == "./" else url) for url, _, _ in background)
    # Each file of the background set once, and nothing else (no file that no page reads) but
    # the page's own modules that follow the registration.
    assert not expected - paths
    assert set(paths - expected) <= {
        "/assets/site/offline-update.js",
        "/assets/site/offline-engine.js",
        "/assets/site/offline-copy.js",
    }
    assert not [p for p in paths if p.startswith("/api/sorts/")]
    wire = sum(size for _, size in fetched)
    assert wire <= 3_000_000
    # The build's figure for the copy is at least what the server sent for it.
    estimate = sum(size for _, _, size in background)
    assert sum(size for path, size in fetched if path != "/sw.js") <= estimate
    print(f"\npremière visite, en arrière-plan : {len(fetched)} requêtes, {wire} octets gzip")
    shown = f"{estimate / 1e6:.1f}".replace(".", ",")
    assert f"(environ {shown}\u00a0Mo)" in page.inner_text(".gr-offline")


def test_a_browser_saving_data_downloads_nothing_until_asked(built_site, new_context, counted):
    context, page = first_visit(new_context, counted, SAVE_DATA)
    panel = page.locator(".gr-offline[data-state='saving']")
    panel.wait_for()
    assert page.evaluate("window.__idle.length") == 0  # nothing waits for an idle moment
    assert "Économie de données activée" in panel.inner_text()
    page.evaluate(TWO_FRAMES)
    assert page.evaluate("navigator.serviceWorker.getRegistration()") is None
    assert "/sw.js" not in [path for path, _ in counted.log]

    start = len(counted.log)
    page.get_by_role("button", name=re.compile("^Télécharger pour hors ligne")).click()
    wait_controlled(page)
    page.wait_for_selector(".gr-offline[data-state='ready'][data-complete='true']", timeout=60_000)
    assert len(counted.since(start)) > 150  # the reader asked: the copy came


def test_offline_without_the_engine_the_panel_points_to_available_offline(
    built_site, serve, new_context
):
    served = serve(built_site)
    context = new_context(service_workers="allow")
    page = context.new_page()
    page.goto(served.url)
    page.wait_for_selector(".gr-offline[data-state='ready']", timeout=60_000)
    cut_network(context, served)
    page.reload()
    panel = page.locator(".gr-offline[data-engine='absent']")
    panel.wait_for()
    text = panel.inner_text()
    assert "Hors ligne, sans le moteur de calcul" in text
    assert "« Disponible hors ligne (" in text
    assert not re.search(r"\.(js|json|wasm|zip|mjs)\b|/", text)  # no file name, no address
