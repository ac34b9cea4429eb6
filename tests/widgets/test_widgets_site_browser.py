"""The calculators of the real built site in Chromium, Pyodide unreachable: the common
answers still come (from the build's data), the rest says in French that the engine is missing.
"""

from __future__ import annotations

import pytest

from tests.conftest import FAILED_AND_SAID
from widgets import bridge

pytestmark = pytest.mark.browser

ANSWER_MS = 20_000
CAST = 'section[data-calc="cast"]'
DUEL = 'section[data-calc="duel"]'
PROG = 'section[data-calc="progression"]'
STUDY = 'section[data-calc="study"]'
OUTCOME_COLS = ["label", "faces_text", "fraction", "percent", "one_in", "xp"]


@pytest.fixture
def offline_engine(browser):
    """A phone-sized context in which every Pyodide file is refused."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="fr-FR")
    refused = []
    context.route(
        "**/assets/pyodide/**", lambda route: (refused.append(route.request.url), route.abort())
    )
    yield context, refused
    context.close()


def cells(page, selector):
    return page.evaluate(
        "(sel) => Array.from(document.querySelectorAll(sel + ' tr')).map((tr) => Array.from(tr.cells).map((c) => c.textContent))",
        selector,
    )


def expected_cells(response, key, cols):
    return [["\u2014" if item[c] is None else str(item[c]) for c in cols] for item in response[key]]


def test_spell_page_calculators_answer_without_pyodide(offline_engine, site_url):
    context, _ = offline_engine
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site_url + "sorts/vol/")
    page.locator(CAST).scroll_into_view_if_needed()
    page.wait_for_selector(f"{CAST}[data-result=ok]", state="attached", timeout=ANSWER_MS)
    magic = page.locator(f"{CAST} #lancer-magie")
    magic.fill("9")
    page.locator(f"{CAST} #lancer-apprentissage").fill("4")
    page.locator(f"{CAST} #lancer-extremes").select_option("natural")
    expected = bridge.handle(
        {"calc": "cast", "magic": "9", "learning": "4", "modifier": "0", "extremes": "natural"}
    )
    want = expected_cells(expected, "outcomes", OUTCOME_COLS)
    page.wait_for_function(
        "([sel, want]) => JSON.stringify(Array.from(document.querySelectorAll(sel + ' tr')).map("
        "(tr) => Array.from(tr.cells).map((c) => c.textContent))) === JSON.stringify(want)",
        arg=[f'{CAST} tbody[data-rows="outcomes"]', want],
        timeout=ANSWER_MS,
    )
    page.locator(PROG).scroll_into_view_if_needed()
    page.wait_for_selector(f"{PROG}[data-result=ok]", state="attached", timeout=ANSWER_MS)
    difficulty = page.locator(f"{PROG} #progression-difficulte").input_value()
    expected = bridge.handle(
        {
            "calc": "progression",
            "magic": "0",
            "learning": "1",
            "xp": "0",
            "difficulty": difficulty,
            "n": "10",
            "extremes": "modified",
        }
    )
    assert cells(page, f'{PROG} tbody[data-rows="path"]') == expected_cells(
        expected, "path", ["label", "cost", "xp_needed", "expected_casts"]
    )
    for calc in (CAST, PROG):
        assert page.locator(f"{calc} [data-status]").text_content() == ""
    assert not errors, errors


def test_calculators_page_without_pyodide(offline_engine, site_url):
    context, refused = offline_engine
    page = context.new_page()
    page.goto(site_url + "calculateurs/")
    page.locator(f"{STUDY} #etude-p").fill("5/6")
    page.locator(f"{STUDY} #etude-heures").fill("2")
    expected = bridge.handle({"calc": "study", "hours": "2", "p": "5/6"})
    want = expected_cells(expected, "distribution", ["xp", "fraction", "percent", "one_in"])
    page.wait_for_function(
        "([sel, want]) => JSON.stringify(Array.from(document.querySelectorAll(sel + ' tr')).map("
        "(tr) => Array.from(tr.cells).map((c) => c.textContent))) === JSON.stringify(want)",
        arg=[f'{STUDY} tbody[data-rows="distribution"]', want],
        timeout=ANSWER_MS,
    )
    # A duel the build's data does not hold (a magic beyond the integers the page holds exactly)
    # needs the engine: the French fallback, without claiming tables this page lacks.
    page.locator(f"{DUEL} [data-field=a_magic]").fill("1" * 20)
    page.locator(f"{DUEL} button[type=submit]").click()
    page.wait_for_function(FAILED_AND_SAID, arg=DUEL, timeout=ANSWER_MS)
    status = page.locator(f"{DUEL} [data-status]").text_content()
    assert status.startswith("Le moteur de calcul n'a pas pu être chargé (")
    assert status.endswith("rechargez la page pour réessayer.")
    assert "précalculées" not in status
    assert refused


#: Every calculator near the screen (as near as the ones its script answers first) has drawn its
#: answer.
NEAR_ANSWERED = (
    "() => [...document.querySelectorAll('.gr-calc[data-calc]')].every((calc) => {"
    " const box = calc.getBoundingClientRect();"
    " const near = box.bottom > -600 && box.top < innerHeight + 600;"
    " return !near || calc.hasAttribute('data-result'); })"
)


def heading_top(page, heading_id: str) -> float:
    return page.evaluate(
        "(id) => document.getElementById(id).getBoundingClientRect().top", heading_id
    )


def test_a_calculator_link_carries_that_calculator_and_lands_on_it(offline_engine, site_url):
    context, _ = offline_engine
    page = context.new_page()
    page.goto(site_url + "calculateurs/")
    page.locator(CAST).scroll_into_view_if_needed()
    page.wait_for_selector(f"{CAST}[data-result]", state="attached", timeout=ANSWER_MS)
    # Two calculators used: the address is the last one's link, its values only.
    page.locator(f"{CAST} #lancer-magie").fill("7")
    page.wait_for_function("() => location.search.includes('lancer-magie=7')")
    page.locator(f"{STUDY} input[data-field]").first.fill("3")
    page.wait_for_function("() => location.hash === '#etude-titre'", timeout=ANSWER_MS)
    link = page.url
    assert "etude-" in link and "lancer-" not in link, link
    # Opened on a phone, it lands on the study calculator, and stays there once every
    # calculator above it has drawn its answers.
    other = context.new_page()
    other.goto(link)
    other.wait_for_function(NEAR_ANSWERED, timeout=ANSWER_MS)
    other.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    assert 0 <= heading_top(other, "etude-titre") <= 100


@pytest.mark.parametrize(
    "path, heading",
    [
        ("calculateurs/", "lancer-titre"),
        ("calculateurs/", "duel-titre"),
        ("calculateurs/", "etude-titre"),
        ("calculateurs/", "progression-titre"),
        # On a spell page, the chart and full tables below come in meanwhile.
        ("sorts/eclair/", "progression-titre"),
    ],
)
def test_a_link_to_a_calculator_s_heading_lands_on_it_after_the_answers(
    offline_engine, site_url, path, heading
):
    context, _ = offline_engine
    page = context.new_page()
    page.goto(site_url + path + "#" + heading)
    page.wait_for_function(NEAR_ANSWERED, timeout=ANSWER_MS)
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    assert 0 <= heading_top(page, heading) <= 100


def test_each_answer_fits_a_phone_its_full_tables_one_tap_away(offline_engine, site_url):
    """… and printed, each calculator is its values and its whole answer: the cards print
    unfolded, without the buttons and the folds' summaries."""
    context, _ = offline_engine
    page = context.new_page()
    page.goto(site_url + "calculateurs/")
    for calc in (CAST, DUEL, PROG, STUDY):
        page.locator(calc).scroll_into_view_if_needed()
        page.wait_for_selector(f"{calc}[data-result=ok]", state="attached", timeout=ANSWER_MS)
        result = page.locator(f"{calc} [data-result]")
        # The main lines (and the bar) first, on one screen under the header (740 − 48 px) …
        assert result.bounding_box()["height"] < 600, calc
        # … every figure still in the page, one tap away.
        details = page.locator(f"{calc} [data-result] details.gr-calc__details").first
        assert details.get_attribute("open") is None
        assert page.locator(f"{calc} [data-result] tbody tr").count() >= 1
        details.locator("summary").click()
        assert details.locator("table").first.is_visible()
        details.locator("summary").click()  # folded again, as a reader leaves it
        assert not details.locator("table").first.is_visible()
    page.emulate_media(media="print")
    assert not page.locator(".gr-jump").is_visible()
    for calc in (CAST, DUEL, PROG, STUDY):
        assert page.locator(calc).is_visible(), calc
        tables = page.locator(f"{calc} [data-result] details.gr-calc__details table")
        assert tables.count() >= 1 and all(t.is_visible() for t in tables.all()), calc
        main = page.locator(f"{calc} [data-result] :is(.gr-calc__summary, .gr-calc__figures)")
        assert any(line.is_visible() for line in main.all()), calc
        for chrome in ("button", "summary"):
            assert [b for b in page.locator(f"{calc} {chrome}").all() if b.is_visible()] == [], (
                calc,
                chrome,
            )
