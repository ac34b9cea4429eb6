"""Shared fixtures: the built site (built once per test session), a loopback server, Chromium."""

from __future__ import annotations

import fcntl
import functools
import http.server
import os
import shutil
import threading
from pathlib import Path

import pytest
from hypothesis import settings

from generator.pages.pipeline import ENGINE_LAYERS
from tests.loopback import CHROMIUM, CHROMIUM_ARGS, QuietServer

ROOT = Path(__file__).resolve().parent.parent

#: The browser contexts that tests open for themselves (spellbook, table, cards, offline).
pytest_plugins = ("tests.browser.contexts",)

# Property tests judge answers, never time: a busy machine must not fail them (no deadline).
settings.register_profile("grimoire", deadline=None)
settings.load_profile("grimoire")


def pytest_addoption(parser):
    parser.addoption(
        "--update-goldens",
        action="store_true",
        help="réécrire les fichiers de référence (à relire avant de valider)",
    )


@pytest.fixture(scope="session")
def update_goldens(request) -> bool:
    return request.config.getoption("--update-goldens")


def pytest_collection_modifyitems(config, items):
    """Files with browser tests first, each file whole and in its order. ``make test`` runs the
    files in two processes in that order (pytest-xdist, ``--no-loadscope-reorder``): the long
    files start first and the many short ones fill both processes at the end."""
    with_browser = {item.path for item in items if item.get_closest_marker("browser")}
    items.sort(key=lambda item: item.path not in with_browser)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The real site, built from the repository's spells by the real build command, once per
    test session, outside the repository (its generated pages in ``built_docs``): with several
    test processes, the first one builds it (they take turns on a lock, and a build appears
    whole, by renaming) and the others read the same folder."""
    from generator.build import build_site

    if not os.environ.get("PYTEST_XDIST_WORKER"):
        folder = tmp_path_factory.mktemp("site")
        return build_site(ROOT, folder / "site", build_dir=folder / "build")
    shared = tmp_path_factory.getbasetemp().parent / "site"
    with open(shared.with_name("site.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not shared.is_dir():
                build_site(ROOT, shared, build_dir=shared.with_name("build"))
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return shared


@pytest.fixture(scope="session")
def built_docs(built_site) -> Path:
    """The pages generated for ``built_site`` (Markdown and JSON, before MkDocs)."""
    return built_site.with_name("build") / "docs"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # the test output stays readable
        pass


def serve_directory(directory: Path):
    """Serve ``directory`` on 127.0.0.1 (free port) in a thread; returns (base_url, server)."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}/", server


@pytest.fixture(scope="session")
def site_url(built_site):
    """Base URL of the built site served on loopback."""
    url, server = serve_directory(built_site)
    yield url
    server.shutdown()


class _Chromium:
    """The browser of the tests: its contexts run no service worker unless a test asks for one
    (``service_workers="allow"``). Each fresh context would otherwise precache the whole site in
    the background (hundreds of requests), which only the offline tests are about."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        options.setdefault("service_workers", "block")
        return self._browser.new_context(**options)

    def __getattr__(self, name):
        return getattr(self._browser, name)


#: How often a test's ``wait_for_function`` checks its condition. Playwright checks at every frame
#: by default, which keeps the page drawing 60 frames a second for as long as a wait lasts (about
#: 0.1 CPU second per second of waiting, and 1 s more per engine boot); every 50 ms answers as
#: soon for a test and leaves the processor to the pages.
POLL_MS = 50


def _polling_every_poll_ms(wait):
    @functools.wraps(wait)
    def wait_for_function(self, expression, *, polling=None, **options):
        return wait(self, expression, polling=POLL_MS if polling is None else polling, **options)

    return wait_for_function


@pytest.fixture(scope="session")
def browser():
    """Debian's headless Chromium driven by Playwright (no browser download is possible here)."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            "Chromium absent : installez le paquet Debian « chromium » (make test le fait)."
        )
    from playwright.sync_api import Frame, Page, sync_playwright

    for kind in (Page, Frame):
        if not hasattr(kind.wait_for_function, "__wrapped__"):
            kind.wait_for_function = _polling_every_poll_ms(kind.wait_for_function)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield _Chromium(chromium)
        chromium.close()


#: True once every calculator of the page has a state (« dormant » while its script waits for the
#: calculator to near the screen, then its own), or when there is none.
MOUNTED = "() => [...document.querySelectorAll('.gr-calc')].every(calc => calc.dataset.state)"
#: Resolves after the browser has drawn two more frames: layouts and observers have run.
TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
#: True once the calculator ``sel`` is failed and says why: its state is set when the engine fails,
#: its message once the reader's request reaches the failed engine (a moment later).
FAILED_AND_SAID = (
    "(sel) => { const calc = document.querySelector(sel); return !!calc"
    " && calc.dataset.state === 'failed'"
    " && calc.querySelector('[data-status]').textContent !== ''; }"
)


def wait_until_settled(page) -> None:
    """Wait for a state, never a delay: page loaded, scripts mounted, two frames drawn since."""
    page.wait_for_load_state("load")
    page.wait_for_function(MOUNTED)
    page.evaluate(TWO_FRAMES)


@pytest.fixture
def page(browser):
    """A fresh phone-sized page (360 × 740) in its own context."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="fr-FR")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="session")
def build_cache(built_site) -> Path:
    """The cache of the session's build, whose engine layers a copy of the project starts from
    (``copy_project(target, build_cache)``): its build reads them back, each file checked against
    its SHA-256 as always, instead of computing them again in every process."""
    return built_site.with_name("build") / "cache"


def copy_project(target: Path, cache: Path | None = None) -> Path:
    """A copy of the project (without spells/) to build variants of the site in isolation; with
    ``cache`` (``build_cache``), its ``build/cache`` starts with that cache's engine layers."""
    for name in ("mkdocs.yml", "content", "sources", "generator", "widgets", "rules"):
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, target / name)
    (target / "node_modules").symlink_to(ROOT / "node_modules")
    (target / "spells").mkdir()
    if cache is not None:
        for layer in ENGINE_LAYERS:
            if (cache / layer).is_dir():
                shutil.copytree(cache / layer, target / "build" / "cache" / layer)
    return target
