"""The engine (Pyodide in a worker) starts at the first request the build's data does not
answer, never merely because a calculator is on screen, a field is used or a covered answer is
asked: a reader who only scrolls or asks covered answers downloads the small answer data at most.
"""

from __future__ import annotations

import contextlib
import json
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.conftest import TWO_FRAMES, wait_until_settled
from widgets import bridge

pytestmark = pytest.mark.browser

ANSWER_MS = 20_000
PYODIDE = "/assets/pyodide/"
#: Where the calculators and the rules' answers they share with the other rooms are served.
SERVED = ("/assets/widgets/", "/assets/shared/")


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
    """Bring every calculator into view, then wait until what that triggered has settled.

    Each stays in view until its script has bound it (no longer « dormant »): a reader who
    scrolls past before the script arrives gets the preview when coming back, not before."""
    sections = page.locator(".gr-calc[data-calc]")
    assert sections.count() > 0
    for index in range(sections.count()):
        section = sections.nth(index)
        section.scroll_into_view_if_needed()
        page.wait_for_function(
            "el => el.dataset.state && el.dataset.state !== 'dormant'",
            arg=section.element_handle(),
            timeout=ANSWER_MS,
        )
        page.evaluate(TWO_FRAMES)
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.evaluate(TWO_FRAMES)
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize(
    "path, covered",
    [
        ("calculateurs/", ["cast", "progression", "study", "duel"]),
        ("sorts/vol/", ["cast", "progression"]),
    ],
)
def test_scrolling_starts_no_engine_an_uncovered_request_does(watched, site_url, path, covered):
    page, requests, workers = watched
    page.goto(site_url + path)
    wait_until_settled(page)
    scroll_through(page)
    # What the data answers is on screen without the engine...
    for calc in covered:
        page.wait_for_selector(
            f'section[data-calc="{calc}"][data-result=ok]', state="attached", timeout=ANSWER_MS
        )
    # ...and nothing of the engine was asked for.
    assert not [
        url
        for url in requests
        if PYODIDE in url or url.endswith("engine-worker.js") or "engine-worker.js?" in url
    ]
    assert not [url for url in workers if "engine-worker.js" in url]
    assert page.evaluate("() => document.documentElement.dataset.engine") == "idle"
    assert all(
        page.evaluate(
            "() => [...document.querySelectorAll('.gr-calc')].map(c => c.dataset.state === 'idle')"
        )
    )

    # Focusing a field starts nothing either.
    page.locator('section[data-calc="cast"] [data-field]').first.focus()
    page.evaluate(TWO_FRAMES)
    assert not engine_requests(requests)
    assert page.evaluate("() => document.documentElement.dataset.engine") == "idle"

    # A request the data does not answer (progression at 40 XP, apprentissage 3) starts the worker.
    with page.expect_worker(lambda worker: "engine-worker.js" in worker.url, timeout=ANSWER_MS):
        ask_progression_at(page, "40")
    assert page.evaluate("() => document.documentElement.dataset.engine") != "idle"


def engine_requests(requests) -> list[str]:
    """The requests for the engine's files (Pyodide, its worker)."""
    return [url for url in requests if PYODIDE in url or "engine-worker.js" in url]


def ask_progression_at(page, xp: str) -> None:
    """Ask the progression at apprentissage 3 and ``xp`` XP, typed as a reader does (the
    build's data holds the progressions at 0 XP only)."""
    for name, value in (("learning", "3"), ("xp", xp)):
        field = page.locator(f'section[data-calc="progression"] [data-field="{name}"]')
        field.click()
        field.fill(value)
        field.press("Enter")


def test_covered_answers_ask_no_pyodide_file_an_uncovered_one_does(watched, site_url):
    """Tapping fields and asking covered casts, progressions and duels fetches no Pyodide file;
    the first uncovered progression (40 XP) starts the download."""
    page, requests, workers = watched
    page.goto(site_url + "calculateurs/")
    wait_until_settled(page)
    cast = page.locator('section[data-calc="cast"]')
    cast.scroll_into_view_if_needed()
    magic = cast.locator('[data-field="magic"]')
    magic.click()  # a tap in a field
    magic.fill("10")
    magic.press("Enter")
    page.wait_for_function(
        "() => document.querySelector('section[data-calc=\"cast\"]').dataset.result === 'ok'"
        " && document.querySelector('section[data-calc=\"cast\"] [data-field=\"magic\"]').value === '10'",
        timeout=ANSWER_MS,
    )
    progression = page.locator('section[data-calc="progression"]')
    progression.scroll_into_view_if_needed()
    ask_progression_at(page, "0")  # covered: progressions at 0 XP are in the data
    page.wait_for_selector(
        'section[data-calc="progression"][data-result=ok]', state="attached", timeout=ANSWER_MS
    )
    # A duel tapped: its figures, the engine's, from the build's data.
    duel = page.locator('section[data-calc="duel"]')
    duel.scroll_into_view_if_needed()
    learning = duel.locator('[data-field="b_learning"]')
    learning.click()
    learning.fill("5")
    duel.locator('[data-field="a_element"]').select_option("neutre")
    request = {
        "calc": "duel",
        **{
            name: duel.locator(f'[data-field="{name}"]').input_value()
            for name in (
                "a_magic",
                "a_learning",
                "a_element",
                "b_magic",
                "b_learning",
                "b_element",
                "extremes",
            )
        },
    }
    assert request["b_learning"] == "5" and request["a_element"] == "neutre"
    expected = bridge.handle(request)
    want = [[row["label"], f"{row['percent']}", row["one_in"]] for row in expected["odds"]]
    page.wait_for_function(
        '(want) => JSON.stringify([...document.querySelectorAll(\'section[data-calc="duel"] '
        'tbody[data-rows="odds"] tr\')].map((tr) => [tr.cells[0].textContent, tr.cells[2].textContent,'
        " tr.cells[3].textContent])) === JSON.stringify(want)",
        arg=want,
        timeout=ANSWER_MS,
    )
    assert duel.locator('[data-out="verdict"]').text_content() == expected["verdict"]
    page.evaluate(TWO_FRAMES)
    page.wait_for_load_state("networkidle")
    assert len(engine_requests(requests)) == 0
    assert not [url for url in workers if "engine-worker.js" in url]
    assert page.evaluate("() => document.documentElement.dataset.engine") == "idle"

    ask_progression_at(page, "40")  # not in the data: the engine is needed
    page.wait_for_function(
        "() => document.documentElement.dataset.engine !== 'idle'", timeout=ANSWER_MS
    )
    page.wait_for_function(
        "() => performance.getEntriesByType('resource').some(e => e.name.includes('/assets/pyodide/'))"
        " || document.documentElement.dataset.engine === 'failed'",
        timeout=ANSWER_MS,
    )
    assert [url for url in requests if PYODIDE in url]


def fetched(requests, name: str) -> list[str]:
    """The requests for the calculators' module ``name`` (or a shared one they import)."""
    return [url for url in requests if any(urlsplit(url).path.endswith(f + name) for f in SERVED)]


def test_each_module_comes_at_its_first_need(watched, site_url):
    """Before any interaction a spell page fetches the calculators' entry only: not their
    script (a calculator near the screen), the look-up (a calculator in view) or the engine's
    manager (a request the data does not answer)."""
    page, requests, _ = watched
    page.goto(site_url + "sorts/vol/")
    page.wait_for_load_state("networkidle")
    assert fetched(requests, "calculators-loader.js")
    for name in (
        "calculators.js",
        "engine-status.js",
        "instant.js",
        "instant-check.js",
        "engine.js",
    ):
        assert not fetched(requests, name), name

    scroll_through(page)
    wait_until_settled(page)
    assert len(fetched(requests, "calculators.js")) == 1
    page.wait_for_selector(
        'section[data-calc="cast"][data-result=ok]', state="attached", timeout=ANSWER_MS
    )
    assert len(fetched(requests, "instant.js")) == 1
    assert not fetched(requests, "engine.js")

    cast = page.locator('section[data-calc="cast"]')
    cast.locator('[data-action="roll"]').click()
    page.wait_for_selector(
        'section[data-calc="cast"][data-result=roll]', state="attached", timeout=ANSWER_MS
    )
    assert cast.locator("[data-out='roll.face']").text_content().strip().isdigit()
    page.evaluate(TWO_FRAMES)
    assert not fetched(requests, "engine.js")  # a roll's face is in the data too
    assert page.evaluate("() => document.documentElement.dataset.engine") == "idle"

    page.locator('section[data-calc="progression"]').scroll_into_view_if_needed()
    # The engine's module is the first request the uncovered answer makes.
    with page.expect_request(lambda request: bool(fetched([request.url], "engine.js"))):
        ask_progression_at(page, "40")
    page.wait_for_function("() => document.documentElement.dataset.engine !== 'idle'")
    assert len(fetched(requests, "engine.js")) == 1


def test_an_approaching_calculator_asks_for_its_scripts_and_data_at_once(
    watched, site_url, built_site
):
    """As a spell page's calculators approach the screen, every module of calculators.js,
    instant.js, the fields and each calculator's data document are asked for while none of them
    has arrived (held here until all are asked): nothing waits for a file to name the next.
    Pyodide is not among them."""
    page, requests, _ = watched
    page.goto(site_url + "sorts/vol/")
    page.wait_for_load_state("networkidle")
    modules = page.evaluate(
        "() => import(document.querySelector('script[src*=\"calculators-loader.js\"]').src)"
        ".then((m) => m.MODULES.map((name) => name.split('/').pop()))"
    )
    instant = page.evaluate(
        "() => import(new URL('../shared/answers-data.js',"
        " document.querySelector('script[src*=\"calculators-loader.js\"]').src).href)"
        ".then((m) => m.INSTANT_MODULES.map((name) => name.replace('./', '')))"
    )
    assert {"instant.js", "instant-check.js", "instant-duel.js", "instant-face.js"} <= {*instant}
    files = built_config(built_site)["instant"]
    # The page brought the module that names the data documents (and what it imports).
    with_page = {name for name in modules if fetched(requests, name)}
    assert with_page == {
        "answers-data.js",
        "answers-documents.js",
        "engine-config.js",
        "instant-integer.js",
    }
    assert not [name for name in instant if fetched(requests, name)]
    wanted = {*modules, *instant, files["files"]["fields"], files["files"]["cast"]} - with_page
    assert "calculators-calculator.js" in wanted and not [n for n in wanted if "pyodide" in n]
    held = []
    released = []

    def hold(route):
        if released:
            route.continue_()
        else:
            held.append(route)

    for folder in SERVED:
        page.route(f"**{folder}**", hold)  # nothing of the calculators answers meanwhile

    def asked():
        return {urlsplit(route.request.url).path.rsplit("/", 1)[-1] for route in held}

    # Scrolled until the calculator is two screens below the bottom of the screen (at least a
    # pixel: before the reader's first scroll, only a calculator on the screen is fetched for).
    page.evaluate(
        "() => window.scrollBy(0, Math.max(1, document.querySelector('.gr-calc')"
        ".getBoundingClientRect().top - 3 * window.innerHeight))"
    )
    wait_asked(page, wanted, asked)
    assert [n for n in asked() if n.startswith("instant-progression-")]
    assert not engine_requests(requests)
    released.append(True)
    for route in held:
        route.continue_()
    page.locator('section[data-calc="cast"]').scroll_into_view_if_needed()
    page.wait_for_selector(
        'section[data-calc="cast"][data-result=ok]', state="attached", timeout=ANSWER_MS
    )
    assert len(fetched(requests, "calculators.js")) == 1
    assert len(fetched(requests, files["files"]["cast"])) == 1
    assert not engine_requests(requests)


def built_config(built_site) -> dict:
    """The engine's configuration the build wrote (engine-config.js)."""
    text = (built_site / "assets" / "shared" / "engine-config.js").read_text(encoding="utf-8")
    return json.loads(text.split("export default ", 1)[1].rstrip().rstrip(";"))


def wait_asked(page, wanted: set[str], asked) -> None:
    """Until every name of ``wanted`` is in ``asked()`` (a request that waits for a held one to
    arrive never is), within 60 s (a busy machine)."""
    deadline = time.monotonic() + 60
    while not wanted <= asked() and time.monotonic() < deadline:
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_event("request", timeout=500)
    assert wanted <= asked(), sorted(wanted - asked())


def test_the_engine_asks_for_its_binary_library_and_archive_while_its_module_downloads(
    watched, site_url, built_site
):
    """At the first request the build's data does not answer, the worker asks for Pyodide's
    WebAssembly binary, its standard library and the engine archive while Pyodide's Emscripten
    module is still on its way (held here): none of them waits for it. Nothing boots."""
    page, requests, _ = watched
    held = []
    downloads = set()  # the files fetched whole (the worker also checks them with HEAD first)

    def hold(route):
        held.append(route)

    page.on(
        "request",
        lambda request: (
            request.method == "GET" and downloads.add(urlsplit(request.url).path.rsplit("/", 1)[-1])
        ),
    )
    # Pyodide's files come (``watched`` refuses them, and a refused size check could fail the
    # engine before its downloads start), but for its Emscripten module, held.
    page.context.route(f"**{PYODIDE}**", lambda route: route.continue_())
    page.context.route("**/pyodide.mjs", lambda route: route.continue_())
    page.context.route("**/pyodide.asm.mjs", hold)
    page.goto(site_url + "calculateurs/")
    wait_until_settled(page)
    page.locator('section[data-calc="progression"]').scroll_into_view_if_needed()
    ask_progression_at(page, "40")
    config = built_config(built_site)
    wait_asked(
        page,
        {"pyodide.asm.wasm", config["stdlib"], config["archive"]},
        lambda: downloads,
    )
    assert [route.request.url for route in held]  # still on its way
    for route in held:
        route.abort()
