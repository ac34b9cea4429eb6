"""Fixtures of the browser tests of the built site (tests/conftest.py builds and serves it).

``open_page(path, **context_options)`` opens a page of the served site in its own fresh context
(360 × 740, fr-FR unless overridden): a dark scheme, JavaScript off, clipboard permissions…
Every context it opens is closed at the end of the test.

``reopen(path)`` opens a page in the one tab a test file shares: a new document each time, the
site's storage emptied first, but the browser's cache warm from the tests before. For tests that
read and use a page; a test about what is fetched, stored or first shown uses ``open_page``.
"""

from __future__ import annotations

import pytest

from tests.browser.support import PHONE, clear_site_storage, load_spells


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
