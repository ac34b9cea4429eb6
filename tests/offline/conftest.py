"""Fixtures of the offline, spellbook and cards tests.

The browser tests run the built site in Debian's headless Chromium, each in fresh browser
contexts (empty caches, no service worker, empty localStorage). Tests that cut the network serve
the site with their own loopback server, so that stopping it really cuts the network, besides
Playwright's offline mode.
"""

from __future__ import annotations

import pytest

from tests.conftest import serve_directory

PHONE = {"width": 360, "height": 740}


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
