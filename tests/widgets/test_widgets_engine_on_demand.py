"""The engine (Pyodide in a worker) starts at the first interaction, never merely because a
calculator is on screen: a reader who only scrolls downloads the small answer data at most.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.conftest import TWO_FRAMES, wait_until_settled

pytestmark = pytest.mark.browser

ANSWER_MS = 20_000
PYODIDE = "/assets/pyodide/"
WIDGETS = "/assets/widgets/"


@pytest.fixture
def watched(browser):
    """A phone-sized page that records every request and worker; Pyodide files are refused
    (the test needs to see the engine start, not to wait for it to boot)."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="fr-FR")
    context.route(f"**{PYODIDE}**", lambda route: route.abort())
    page = context.new_page()
    requests, workers = [], []
    page.on("request", lambda request: requests.append(request.url))
    page.on("worker", lambda worker: workers.append(worker.url))
    yield page, requests, workers
    context.close()


def scroll_through(page) -> None:
    """Bring every calculator into view, then wait until what that triggered has settled."""
    sections = page.locator(".gr-calc[data-calc]")
    assert sections.count() > 0
    for index in range(sections.count()):
        sections.nth(index).scroll_into_view_if_needed()
        page.evaluate(TWO_FRAMES)
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.evaluate(TWO_FRAMES)
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("path, covered", [
    ("calculateurs/", ["cast", "progression", "study"]),
    ("sorts/vol/", ["cast", "progression"]),
])
def test_scrolling_starts_no_engine_focus_does(watched, site_url, path, covered):
    page, requests, workers = watched
    page.goto(site_url + path)
    wait_until_settled(page)
    scroll_through(page)
    # What the data answers is on screen without the engine...
    for calc in covered:
        page.wait_for_selector(f'section[data-calc="{calc}"][data-result=ok]', state="attached",
                               timeout=ANSWER_MS)
    # ...and nothing of the engine was asked for.
    assert not [url for url in requests if PYODIDE in url or url.endswith("engine-worker.js")
                or "engine-worker.js?" in url]
    assert not [url for url in workers if "engine-worker.js" in url]
    assert page.evaluate("() => document.documentElement.dataset.engine") == "idle"
    assert all(page.evaluate(
        "() => [...document.querySelectorAll('.gr-calc')].map(c => c.dataset.state === 'idle')"))

    # The first focus in a field starts the worker.
    with page.expect_worker(lambda worker: "engine-worker.js" in worker.url, timeout=ANSWER_MS):
        page.locator('section[data-calc="cast"] [data-field]').first.focus()
    assert page.evaluate("() => document.documentElement.dataset.engine") != "idle"


def fetched(requests, name: str) -> list[str]:
    """The requests for the calculators' module ``name``."""
    return [url for url in requests if urlsplit(url).path.endswith(WIDGETS + name)]


def test_each_module_comes_at_its_first_need(watched, site_url):
    """Before any interaction a spell page fetches the calculators' entry, not the look-up
    (a calculator in view) or the engine's manager (a field used)."""
    page, requests, _ = watched
    page.goto(site_url + "sorts/vol/")
    wait_until_settled(page)
    page.wait_for_load_state("networkidle")
    assert fetched(requests, "calculators.js") and fetched(requests, "engine-status.js")
    for name in ("instant.js", "engine.js"):
        assert not fetched(requests, name), name

    scroll_through(page)
    page.wait_for_selector('section[data-calc="cast"][data-result=ok]', state="attached",
                           timeout=ANSWER_MS)
    assert len(fetched(requests, "instant.js")) == 1
    assert not fetched(requests, "engine.js")

    cast = page.locator('section[data-calc="cast"]')
    cast.locator('[data-action="roll"]').click()
    page.wait_for_selector('section[data-calc="cast"][data-result=roll]', state="attached",
                           timeout=ANSWER_MS)
    assert cast.locator("[data-out='roll.face']").text_content().strip().isdigit()
    page.wait_for_function("() => document.documentElement.dataset.engine !== 'idle'")
    assert len(fetched(requests, "engine.js")) == 1
