"""Fixtures of the browser tests of the built site (tests/conftest.py builds and serves it).

``open_page(path, **context_options)`` opens a page of the served site in its own fresh context
(360 × 740, fr-FR unless overridden): a dark scheme, JavaScript off, clipboard permissions…
Every context it opens is closed at the end of the test.
"""

from __future__ import annotations

import pytest

from tests.browser.support import PHONE, load_spells


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
