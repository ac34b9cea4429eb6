"""The calculators in Chromium when the engine cannot help: answers from the build's data,
bounded waits, a restarted engine.

Pyodide is made unreachable (requests aborted), hanging (requests never answered) or
replaced by a worker that never answers; the timeouts are lowered for the test by
serving a modified engine-config.js (the build's configuration), never by waiting 20 s.
"""

from __future__ import annotations

import json

import pytest

import rules
from tests.conftest import FAILED_AND_SAID
from widgets import bridge

pytestmark = pytest.mark.browser

ANSWER_MS = 15_000
CAST = 'section[data-calc="cast"]'
DUEL = 'section[data-calc="duel"]'
PROG = 'section[data-calc="progression"]'
STUDY = 'section[data-calc="study"]'
# A magic beyond the integers the page holds exactly: the build's data leaves that duel to the engine.
HUGE_MAGIC = "1" * 20

ROWS_JS = """
(sel) => Array.from(document.querySelectorAll(sel + " tr")).map(
  (tr) => Array.from(tr.cells).map((c) => c.textContent))
"""


def type_into(page, selector, text):
    field = page.locator(selector)
    field.click()
    field.press("Control+a")
    field.press("Backspace")
    if text:
        field.press_sequentially(text, delay=15)


def rows(page, selector):
    return page.evaluate(ROWS_JS, selector)


def expect_rows(page, selector, expected):
    page.wait_for_function(
        "([sel, want]) => JSON.stringify(Array.from(document.querySelectorAll(sel + ' tr')).map("
        "(tr) => Array.from(tr.cells).map((c) => c.textContent))) === JSON.stringify(want)",
        arg=[selector, expected],
        timeout=ANSWER_MS,
    )
    assert rows(page, selector) == expected


def bridge_rows(response, key, cols):
    """The rows the page draws from a bridge answer (the same cells as data-cols)."""
    out = []
    for item in response[key]:
        row = []
        for col in cols:
            value = item
            for part in col.split("."):
                value = value[part]
            row.append("\u2014" if value is None or value == "" else str(value))
        out.append(row)
    return out


def abort_pyodide(context):
    requests = []
    context.route(
        "**/assets/pyodide/**", lambda route: (requests.append(route.request.url), route.abort())
    )
    return requests


def lower_timeouts(context, **values):
    """Serve engine-config.js with smaller timeouts (what a test hook needs, nothing else)."""

    def handle(route):
        response = route.fetch()
        text = response.text()
        prefix, _, rest = text.partition("export default ")
        config = json.loads(rest.strip().rstrip(";"))
        config.update(values)
        route.fulfill(
            response=response, body=prefix + "export default " + json.dumps(config) + ";\n"
        )

    context.route("**/assets/shared/engine-config.js", handle)


def test_covered_calculators_answer_without_pyodide(context, server):
    pyodide = abort_pyodide(context)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + "ok/calculateurs/")

    type_into(page, "#lancer-magie", "6")
    type_into(page, "#lancer-apprentissage", "3")
    type_into(page, "#lancer-modificateur", "-2")
    page.locator("#lancer-extremes").select_option("natural")
    expected = bridge.handle(
        {"calc": "cast", "magic": "6", "learning": "3", "modifier": "-2", "extremes": "natural"}
    )
    expect_rows(
        page,
        f'{CAST} tbody[data-rows="outcomes"]',
        bridge_rows(
            expected, "outcomes", ["label", "faces_text", "fraction", "percent", "one_in", "xp"]
        ),
    )

    type_into(page, "#etude-heures", "5")
    type_into(page, "#etude-p", "2/3")
    expected = bridge.handle({"calc": "study", "hours": "5", "p": "2/3"})
    expect_rows(
        page,
        f'{STUDY} tbody[data-rows="distribution"]',
        bridge_rows(expected, "distribution", ["xp", "fraction", "percent", "one_in"]),
    )

    type_into(page, "#progression-magie", "8")
    type_into(page, "#progression-lancers", "10")
    type_into(page, "#progression-apprentissage", "2")
    expected = bridge.handle(
        {
            "calc": "progression",
            "magic": "8",
            "learning": "2",
            "xp": "0",
            "difficulty": "2",
            "n": "10",
            "extremes": "modified",
        }
    )
    expect_rows(
        page,
        f'{PROG} tbody[data-rows="path"]',
        bridge_rows(expected, "path", ["label", "cost", "xp_needed", "expected_casts"]),
    )
    assert (
        page.locator(f"{PROG} [data-out='within.percent']").text_content()
        == expected["within"]["percent"]
    )

    # A roll: the face from the browser, the outcome from the data; it replays as the engine would.
    page.locator(f"{CAST} [data-action=roll]").click()
    page.wait_for_selector(f"{CAST}[data-result=roll]", state="attached", timeout=ANSWER_MS)
    face = page.locator("#lancer-de").input_value()
    engine_roll = bridge.handle(
        {
            "calc": "roll",
            "magic": "6",
            "learning": "3",
            "modifier": "-2",
            "extremes": "natural",
            "face": face,
        }
    )["roll"]
    assert page.locator(f"{CAST} [data-out='roll.face']").text_content() == str(engine_roll["face"])
    assert page.locator(f"{CAST} [data-out='roll.label']").text_content() == engine_roll["label"]
    assert page.locator(f"{CAST} [data-out='roll.modified']").text_content() == str(
        engine_roll["modified"]
    )

    # Cast 6, apprentissage 5: each 0 says why, in the engine's words.
    page.locator("#lancer-extremes").select_option("modified")
    type_into(page, "#lancer-modificateur", "0")
    type_into(page, "#lancer-apprentissage", "5")
    expected = bridge.handle(
        {"calc": "cast", "magic": "6", "learning": "5", "modifier": "0", "extremes": "modified"}
    )
    assert rules.impossible_reason("perfect", 6, 5) in expected["impossible"]
    zero = page.locator(f'{CAST} [data-list="impossible"] li')
    page.wait_for_function(
        "n => document.querySelectorAll('section[data-calc=cast] [data-list=impossible] li').length === n",
        arg=len(expected["impossible"]),
        timeout=ANSWER_MS,
    )
    assert zero.all_text_contents() == expected["impossible"]

    # The duel too, from the build's data (Pyodide is refused: no engine could have answered).
    page.locator("#duel-a-element").select_option("vigne")
    type_into(page, "#duel-b-magie", "30")
    expected = bridge.handle(
        {
            "calc": "duel",
            "a_magic": "4",
            "a_learning": "3",
            "a_element": "vigne",
            "b_magic": "30",
            "b_learning": "3",
            "b_element": "eau",
            "extremes": "modified",
        }
    )
    expect_rows(
        page,
        f'{DUEL} tbody[data-rows="odds"]',
        bridge_rows(expected, "odds", ["label", "fraction", "percent", "one_in"]),
    )
    assert rows(page, f'{DUEL} tbody[data-rows="sides"]') == bridge_rows(
        expected, "sides", ["label", "element_label", "modifier", "cast.percent", "test.percent"]
    )
    assert page.locator(f"{DUEL} [data-out='verdict']").text_content() == expected["verdict"]
    assert (
        page.locator(f"{DUEL} [data-list='reasons'] li").all_text_contents() == expected["reasons"]
    )

    # Nothing covered answered with a fallback message; a duel the data does not hold needs the engine.
    for calc in (CAST, STUDY, PROG, DUEL):
        status = page.locator(f"{calc} [data-status]").text_content()
        assert "moteur" not in status, status
    page.locator("#duel-a-magie").fill(HUGE_MAGIC)
    page.locator(f"{DUEL} button[type=submit]").click()
    page.wait_for_function(FAILED_AND_SAID, arg=DUEL, timeout=ANSWER_MS)
    status = page.locator(f"{DUEL} [data-status]").text_content()
    assert status.startswith("Le moteur de calcul n'a pas pu être chargé (")
    assert pyodide, "the engine was asked for (and refused)"
    assert not errors, errors


def test_spell_page_answers_without_pyodide(context, server):
    abort_pyodide(context)
    page = context.new_page()
    page.goto(server + "ok/sort/")
    page.wait_for_selector(f"{CAST}[data-result=ok]", state="attached", timeout=ANSWER_MS)
    page.locator(PROG).scroll_into_view_if_needed()
    page.wait_for_selector(f"{PROG}[data-result=ok]", state="attached", timeout=ANSWER_MS)
    expected = bridge.handle(
        {"calc": "cast", "magic": "6", "learning": "2", "modifier": "0", "extremes": "modified"}
    )
    assert rows(page, f'{CAST} tbody[data-rows="outcomes"]') == bridge_rows(
        expected, "outcomes", ["label", "faces_text", "fraction", "percent", "one_in", "xp"]
    )
    expected = bridge.handle(
        {
            "calc": "progression",
            "magic": "4",
            "learning": "1",
            "xp": "0",
            "difficulty": "3",
            "n": "10",
            "extremes": "modified",
        }
    )
    assert rows(page, f'{PROG} tbody[data-rows="path"]') == bridge_rows(
        expected, "path", ["label", "cost", "xp_needed", "expected_casts"]
    )
    # Changing a value answers at once, still without the engine.
    type_into(page, "#lancer-magie", "10")
    expected = bridge.handle(
        {"calc": "cast", "magic": "10", "learning": "2", "modifier": "0", "extremes": "modified"}
    )
    expect_rows(
        page,
        f'{CAST} tbody[data-rows="outcomes"]',
        bridge_rows(
            expected, "outcomes", ["label", "faces_text", "fraction", "percent", "one_in", "xp"]
        ),
    )
    assert page.evaluate("document.documentElement.dataset.engine") == "idle"  # never asked for


def test_a_stalled_download_fails_in_french(context, server):
    lower_timeouts(context, timeoutMs=2000)
    context.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
    page = context.new_page()
    page.goto(server + "ok/calculateurs/")
    page.locator("#duel-a-magie").fill(HUGE_MAGIC)
    page.locator(f"{DUEL} button[type=submit]").click()
    # The calculator says it is loading (once engine.js has come: waited for, not read at once),
    # then, the download stalled, that it failed.
    page.wait_for_function(
        "(sel) => (document.querySelector(sel + ' [data-status]').textContent || '')"
        ".startsWith('Chargement du moteur de calcul')",
        arg=DUEL,
        timeout=ANSWER_MS,
    )
    page.wait_for_function(FAILED_AND_SAID, arg=DUEL, timeout=ANSWER_MS)
    status = page.locator(f"{DUEL} [data-status]").text_content()
    assert status.startswith(
        "Le moteur de calcul n'a pas pu être chargé (téléchargement interrompu : rien reçu depuis 2 s)"
    )


@pytest.mark.parametrize("fetch", ["refused", "never answered"])
def test_an_engine_script_that_does_not_come_fails_in_french(context, server, fetch):
    """engine.js is fetched at the first need; refused or hanging, the wait is bounded."""
    lower_timeouts(context, timeoutMs=2000)
    if fetch == "refused":
        context.route("**/assets/shared/engine.js", lambda route: route.abort())
    else:
        context.route("**/assets/shared/engine.js", lambda route: None)
    page = context.new_page()
    page.goto(server + "ok/calculateurs/")
    page.locator("#duel-a-magie").fill(HUGE_MAGIC)
    page.locator(f"{DUEL} button[type=submit]").click()
    if fetch == "never answered":
        page.wait_for_function(  # the loading text while engine.js is awaited (2 s at most)
            "(sel) => document.querySelector(sel + ' [data-status]').textContent"
            ".startsWith('Chargement du moteur de calcul')",
            arg=DUEL,
            timeout=ANSWER_MS,
        )
    page.wait_for_function(FAILED_AND_SAID, arg=DUEL, timeout=ANSWER_MS)
    status = page.locator(f"{DUEL} [data-status]").text_content()
    assert status.startswith(
        "Le moteur de calcul n'a pas pu être chargé (le script du moteur n'a pas pu être chargé) : "
    )
    assert page.evaluate("document.documentElement.dataset.engine") == "failed"


FAKE_WORKER = """
// Boots at once and never answers a computation.
self.postMessage({type: "ready", ms: 1, pyodideMs: 1, engineMs: 0});
self.onmessage = () => {};
"""


def test_a_computation_that_never_ends_restarts_the_engine(context, server):
    lower_timeouts(context, requestTimeoutMs=1500)
    workers = []

    def fake(route):
        workers.append(route.request.url)
        route.fulfill(status=200, content_type="text/javascript", body=FAKE_WORKER)

    context.route("**/engine-worker.js*", fake)
    page = context.new_page()
    page.goto(server + "ok/calculateurs/")
    page.locator("#duel-a-magie").fill(HUGE_MAGIC)
    page.locator(f"{DUEL} button[type=submit]").click()
    page.wait_for_function(
        "(sel) => { const el = document.querySelector(sel + ' [data-form-error]'); return el && !el.hidden; }",
        arg=DUEL,
        timeout=ANSWER_MS,
    )
    assert page.locator(f"{DUEL} [data-form-error]").text_content() == (
        "Le calcul a pris trop de temps : le moteur de calcul a été relancé. Réessayez."
    )
    assert page.evaluate("Number(document.documentElement.dataset.engineRestarts)") >= 1
    assert len(workers) >= 2  # a fresh worker was started


def test_a_state_restored_from_the_url_while_loading_is_bounded(context, server):
    lower_timeouts(context, requestTimeoutMs=1500)
    context.route(
        "**/engine-worker.js*",
        lambda route: route.fulfill(status=200, content_type="text/javascript", body=FAKE_WORKER),
    )
    page = context.new_page()
    page.goto(server + "ok/calculateurs/?duel-a-magie=" + HUGE_MAGIC)
    page.wait_for_function(
        "(sel) => { const el = document.querySelector(sel + ' [data-form-error]'); return el && !el.hidden; }",
        arg=DUEL,
        timeout=ANSWER_MS,
    )
    assert "relancé" in page.locator(f"{DUEL} [data-form-error]").text_content()


def test_a_huge_value_gets_a_short_french_message(context, server):
    page = context.new_page()
    page.goto(server + "ok/calculateurs/?etude-p=1/" + "9" * 5000)
    page.wait_for_selector(f"{STUDY}[data-result=error]", state="attached", timeout=ANSWER_MS)
    message = page.locator(f"{STUDY} [data-error-for=p]").text_content()
    assert message.endswith("valeur trop longue (plus de 200 caractères).")
    assert len(message) < 120
    assert page.evaluate("document.documentElement.dataset.engine") == "idle"


ECHO_WORKER = """
// Boots at once and answers every computation with a recognisable message.
self.postMessage({type: "ready", ms: 1, pyodideMs: 1, engineMs: 0});
self.onmessage = (event) => self.postMessage({id: event.data.id, response: {
  ok: false, errors: [{field: null, message: "réponse du moteur pour " + event.data.request.calc}]}});
"""


@pytest.mark.parametrize("data", ["absent", "never"])
def test_without_the_build_data_the_engine_answers(context, server, data):
    """The data file missing, or never arriving: the request goes to the engine after a bounded wait."""
    if data == "absent":
        context.route(
            "**/assets/shared/instant-*.json", lambda route: route.fulfill(status=404, body="")
        )
    else:
        context.route("**/assets/shared/instant-*.json", lambda route: None)
    context.route(
        "**/engine-worker.js*",
        lambda route: route.fulfill(status=200, content_type="text/javascript", body=ECHO_WORKER),
    )
    page = context.new_page()
    page.goto(server + "ok/calculateurs/?lancer-magie=6")
    page.wait_for_function(
        "(sel) => { const el = document.querySelector(sel + ' [data-form-error]'); return el && !el.hidden; }",
        arg=CAST,
        timeout=ANSWER_MS,
    )
    assert page.locator(f"{CAST} [data-form-error]").text_content() == "réponse du moteur pour cast"


def test_a_malformed_answer_file_is_said_and_the_engine_asked(context, server):
    context.route(
        "**/assets/shared/instant-cast-*.json",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body='{"format": 2, "answers": 3}'
        ),
    )
    context.route(
        "**/engine-worker.js*",
        lambda route: route.fulfill(status=200, content_type="text/javascript", body=ECHO_WORKER),
    )
    page = context.new_page()
    page.goto(server + "ok/calculateurs/?lancer-magie=6")
    page.wait_for_function(
        "(sel) => { const el = document.querySelector(sel + ' [data-form-error]'); return el && !el.hidden; }",
        arg=CAST,
        timeout=ANSWER_MS,
    )
    assert page.locator(f"{CAST} [data-form-error]").text_content() == "réponse du moteur pour cast"
    assert page.locator(f"{CAST} [data-status]").text_content() == (
        "Les réponses précalculées de ce calculateur sont illisibles : le moteur de calcul prend le relais."
    )


def test_a_bad_value_is_told_at_once_without_the_engine(context, server):
    context.route("**/assets/shared/engine.js", lambda route: route.abort())  # no engine at all
    page = context.new_page()
    page.goto(server + "ok/calculateurs/")
    for selector, text, request, field in [
        ("#lancer-magie", "abc", {"calc": "cast", "magic": "abc", "learning": "1"}, "magic"),
        ("#etude-p", "\u0663/\u0664", {"calc": "study", "hours": "1", "p": "\u0663/\u0664"}, "p"),
        ("#progression-xp", "999", {"calc": "progression", "magic": "4", "xp": "999"}, "xp"),
    ]:
        if request["calc"] == "progression":  # the XP bound follows the page's level and difficulty
            request["learning"] = page.locator("#progression-apprentissage").input_value()
            request["difficulty"] = page.locator("#progression-difficulte").input_value()
        page.locator(selector).fill(text)  # at once: "9" on the way to "999" is a valid value
        expected = next(
            e["message"] for e in bridge.handle(request)["errors"] if e["field"] == field
        )
        page.wait_for_function(
            "([sel, want]) => document.querySelector(sel).textContent === want",
            arg=[f"{selector}-error", expected],
            timeout=ANSWER_MS,
        )
    # … while the engine, asked for what the data does not hold, could not be had at all.
    page.wait_for_function(
        "() => document.documentElement.dataset.engine === 'failed'", timeout=ANSWER_MS
    )


def test_the_shown_result_is_marked_out_of_date_while_the_engine_works(context, server):
    context.route("**/engine-worker.js*", lambda route: None)  # the engine never comes
    page = context.new_page()
    page.goto(server + "ok/calculateurs/?lancer-magie=6")
    page.wait_for_selector(f"{CAST}[data-result=ok]", state="attached", timeout=ANSWER_MS)
    assert "is-stale" not in page.locator(f"{CAST} [data-result]").get_attribute("class")
    type_into(page, "#lancer-modificateur", "9")  # outside the build's data
    page.wait_for_selector(f"{CAST}[data-result=stale]", state="attached", timeout=ANSWER_MS)
    assert "is-stale" in page.locator(f"{CAST} [data-result]").get_attribute("class")


def test_after_an_engine_failure_the_old_result_says_it_is_the_old_one(context, server):
    """No new result is coming once the engine failed: the kept one no longer says one is."""
    lower_timeouts(context, timeoutMs=2000)
    context.route("**/assets/shared/engine.js", lambda route: route.abort())
    page = context.new_page()
    page.goto(server + "ok/calculateurs/?lancer-magie=6")
    page.wait_for_selector(f"{CAST}[data-result=ok]", state="attached", timeout=ANSWER_MS)
    type_into(page, "#lancer-modificateur", "9")  # outside the build's data: the engine is asked
    page.wait_for_function(FAILED_AND_SAID, arg=CAST, timeout=ANSWER_MS)
    said = page.evaluate(
        "(sel) => getComputedStyle(document.querySelector(sel + ' .gr-calc__result'),"
        " '::before').content",
        CAST,
    )
    assert said == '"Ancien résultat, pour les valeurs précédentes."'
