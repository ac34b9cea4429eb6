"""Fixtures of the browser tests of the built site, of every room (the site's pages, the index,
the spellbook, the MJ's table, the cards, offline), loaded for every test by ``tests/conftest.py``
(``pytest_plugins``).

``spells``: the spell files as written, the source of every expectation.

``open_page(path, **context_options)`` opens a page of the served site in its own fresh context
(360 × 740, fr-FR unless overridden): a dark scheme, JavaScript off, clipboard permissions…
Every context it opens is closed at the end of the test.

``reopen(path)`` opens a page in the one tab a test file shares: a new document each time, the
site's storage emptied first, but the browser's cache warm from the tests before. For tests that
read and use a page; a test about what is fetched, stored or first shown uses ``open_page``.

The browser tests run the built site in Debian's headless Chromium, each in fresh browser
contexts (empty caches, no service worker, empty localStorage). Tests that cut the network serve
the site with their own loopback server, so that stopping it really cuts the network, besides
Playwright's offline mode.
"""

from __future__ import annotations

import json

import pytest

from tests.browser.support import PHONE, clear_site_storage, load_spells
from tests.conftest import serve_directory
from tests.grimoire.support import STORAGE_KEY


@pytest.fixture(scope="session")
def spells() -> dict[str, dict]:
    """The spell files as written (``spells/*.yaml``), by slug: the source of every expectation."""
    return load_spells()


@pytest.fixture
def open_page(browser, site_url):
    contexts = []

    def open_(path: str = "", *, wait_until: str = "load", **options):
        settings = {"viewport": dict(PHONE), "locale": "fr-FR", **options}
        context = browser.new_context(**settings)
        contexts.append(context)
        page = context.new_page()
        page.goto(site_url + path, wait_until=wait_until)
        return page

    yield open_
    for context in contexts:
        context.close()


@pytest.fixture(scope="module")
def shared_tab(browser):
    """The phone-sized tab of a test file (see ``reopen``), with its DevTools session."""
    context = browser.new_context(viewport=dict(PHONE), locale="fr-FR")
    page = context.new_page()
    yield page, context.new_cdp_session(page)
    context.close()


@pytest.fixture
def reopen(shared_tab, site_url):
    page, devtools = shared_tab

    def reopen_(path: str = ""):
        page.goto("about:blank")  # the next address is a new document, even if it is the same
        clear_site_storage(devtools, site_url)
        page.goto(site_url + path)
        return page

    return reopen_


class Served:
    """A directory served on 127.0.0.1 by a server this test owns."""

    def __init__(self, directory):
        self.directory = directory
        self.url, self._server = serve_directory(directory)
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            self._server.shutdown()
            self._server.server_close()


@pytest.fixture
def serve():
    """``serve(directory) -> Served``; every server is stopped at the end of the test."""
    servers: list[Served] = []

    def serve_(directory) -> Served:
        served = Served(directory)
        servers.append(served)
        return served

    yield serve_
    for served in servers:
        served.stop()


@pytest.fixture
def new_context(browser):
    """``new_context(**options)``: a fresh phone-sized context; JavaScript errors fail the test.

    ``engine=False`` refuses the Pyodide files: for tests of the spellbook's storage and links,
    whose pages would otherwise boot the engine for figures the test does not look at (the
    spellbook without its engine is tested on its own)."""
    contexts, errors = [], []

    def new_context_(*, engine: bool = True, **options):
        settings = {"viewport": dict(PHONE), "locale": "fr-FR", **options}
        context = browser.new_context(**settings)
        context.on("page", lambda page: page.on("pageerror", lambda e: errors.append(str(e))))
        if not engine:
            context.route("**/assets/pyodide/**", lambda route: route.abort())
        contexts.append(context)
        return context

    yield new_context_
    for context in contexts:
        context.close()
    assert not errors, f"erreurs JavaScript : {errors}"


#: An empty page of the site's origin, answered by the shared tab's context itself: where the
#: tab stores a spellbook before opening a page of the site.
_BLANK = "__page-vide__"


@pytest.fixture(scope="module")
def _book_tab(browser, site_url):
    context = browser.new_context(viewport=dict(PHONE), locale="fr-FR")
    context.route("**/assets/pyodide/**", lambda route: route.abort())
    context.route(site_url + _BLANK, lambda route: route.fulfill(body="", content_type="text/html"))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, context.new_cdp_session(page), errors
    context.close()


@pytest.fixture
def book_tab(_book_tab, site_url):
    """``book_tab(path="grimoire/", book=None) -> page``: the phone-sized tab of a test file, as
    ``new_context(engine=False)`` gives (the Pyodide files refused), reused from test to test with
    its browser cache kept warm: the site's storage emptied, ``book`` (a dict) stored as the
    spellbook, then ``path`` opened, a new document. JavaScript errors fail the test."""
    page, devtools, errors = _book_tab
    errors.clear()

    def open_(path: str = "grimoire/", book: dict | None = None):
        page.goto("about:blank")
        clear_site_storage(devtools, site_url)
        if book is not None:
            page.goto(site_url + _BLANK)
            page.evaluate(
                "([key, text]) => localStorage.setItem(key, text)", [STORAGE_KEY, json.dumps(book)]
            )
        page.goto(site_url + path)
        return page

    yield open_
    assert not errors, f"erreurs JavaScript : {errors}"
