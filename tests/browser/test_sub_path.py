"""The site built without SITE_URL and published under a sub-path (``…/grimoire/``), as the
README's ``rsync … /var/www/grimoire/`` does: the host answers an unknown address of the site with
its 404 page, which is styled and leads back into the site."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

from tests.loopback import QuietServer

pytestmark = pytest.mark.browser

SUB_PATH = "/grimoire/"


class _SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site under ``SUB_PATH`` only, and answers an unknown address of the site with
    its ``404.html`` (status 404), as GitHub Pages or nginx's ``error_page`` do."""

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        if not path.startswith(SUB_PATH):
            return str(Path(self.directory) / ".hors-du-site")  # no such file: a bare 404
        return super().translate_path("/" + path.removeprefix(SUB_PATH))

    def send_error(self, code, message=None, explain=None):
        if code != 404 or not self.path.startswith(SUB_PATH):
            return super().send_error(code, message, explain)
        page = (Path(self.directory) / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(page)
        return None


@pytest.fixture(scope="module")
def sub_path_url(built_site):
    handler = functools.partial(_SubPathHandler, directory=str(built_site))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}{SUB_PATH}"
    server.shutdown()


def test_the_404_page_is_styled_and_leads_into_the_site_under_a_sub_path(browser, sub_path_url):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="fr-FR")
    page = context.new_page()
    failed = []
    page.on(
        "response",
        lambda response: (
            failed.append(f"{response.status} {response.url}")
            if response.status >= 400 and response.request.resource_type != "document"
            else None
        ),
    )
    # A request the test's own next navigation cancels (the icon of the page it leaves) is no
    # missing file: every other failure is.
    page.on(
        "requestfailed",
        lambda request: (
            None
            if request.failure == "net::ERR_ABORTED"
            else failed.append(f"échec {request.url} ({request.failure})")
        ),
    )
    try:
        for address in ("page-inconnue", "404.html"):
            answer = page.goto(sub_path_url + address, wait_until="load")
            assert answer is not None and answer.status == (404 if "inconnue" in address else 200)
            sheets = page.evaluate(
                """() => [...document.querySelectorAll('link[rel="stylesheet"]')].map(
                    (link) => [new URL(link.href).pathname, link.sheet?.cssRules.length ?? 0])"""
            )
            assert any("/assets/stylesheets/main." in path for path, _ in sheets), sheets
            assert all(path.startswith(SUB_PATH) and rules for path, rules in sheets), sheets
            # The theme's style is applied: its header bar is fixed at the top, coloured.
            header = page.evaluate(
                """() => { const style = getComputedStyle(document.querySelector('.md-header'));
                    return [style.position, style.backgroundColor]; }"""
            )
            assert header[0] == "sticky" and header[1] not in ("", "rgba(0, 0, 0, 0)"), header
            home = page.locator(".md-tabs__link").first
            assert home.evaluate("(link) => new URL(link.href).pathname") == SUB_PATH
            # The theme's scripts ran, scoped to the site's folder (its stored choices).
            assert page.evaluate("() => window.__md_scope?.pathname") == SUB_PATH
        assert failed == []
    finally:
        context.close()
