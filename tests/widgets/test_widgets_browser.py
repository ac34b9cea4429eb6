"""The calculators in headless Chromium, on the harness site served on loopback.

Driven as a person would (click, type, choose); every figure on the page is
compared with what rules/ computes and formats for the same inputs.
"""

from __future__ import annotations

import contextlib
import random
import re
from fractions import Fraction
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

import rules
from tests.conftest import FAILED_AND_SAID, TWO_FRAMES
from widgets.bridge.formatting import faces_text

pytestmark = pytest.mark.browser

BOOT_MS = 75_000  # well above the engine's own 20 s stall timeout
ANSWER_MS = 15_000

ROWS_JS = """
(sel) => Array.from(document.querySelectorAll(sel + " tr")).map(
  (tr) => Array.from(tr.cells).map((c) => c.textContent))
"""
MATCH_ROWS_JS = """
([sel, want]) => JSON.stringify(Array.from(document.querySelectorAll(sel + " tr")).map(
  (tr) => Array.from(tr.cells).map((c) => c.textContent))) === JSON.stringify(want)
"""
MATCH_TEXTS_JS = """
(checks) => checks.every(([sel, want]) => {
  const el = document.querySelector(sel);
  return el !== null && el.textContent === want;
})
"""
TEXTS_JS = "(checks) => checks.map(([sel]) => { const el = document.querySelector(sel); return el && el.textContent; })"


# ---------------------------------------------------------------- helpers


def type_into(page, selector, text):
    """Click a field, select what it holds, type the new text key by key."""
    field = page.locator(selector)
    field.click()
    field.press("Control+a")
    field.press("Backspace")
    if text:
        field.press_sequentially(text, delay=15)


def expect_rows(page, selector, expected, timeout=ANSWER_MS):
    with contextlib.suppress(Exception):  # a timeout is reported by the assertion below
        page.wait_for_function(MATCH_ROWS_JS, arg=[selector, expected], timeout=timeout)
    assert page.evaluate(ROWS_JS, selector) == expected


def expect_texts(page, expected: dict, timeout=ANSWER_MS):
    checks = [[sel, want] for sel, want in expected.items()]
    with contextlib.suppress(Exception):  # a timeout is reported by the assertion below
        page.wait_for_function(MATCH_TEXTS_JS, arg=checks, timeout=timeout)
    assert dict(zip(expected, page.evaluate(TEXTS_JS, checks), strict=False)) == expected


def wait_state(page, calc, state, timeout=BOOT_MS):
    selector = f'section[data-calc="{calc}"]'
    if state == "failed":  # and its message shown, which follows the state
        page.wait_for_function(FAILED_AND_SAID, arg=selector, timeout=timeout)
    else:
        page.wait_for_selector(
            f'{selector}[data-state="{state}"]', state="attached", timeout=timeout
        )


def wait_result(page, calc, kind="ok", timeout=BOOT_MS):
    page.wait_for_selector(
        f'section[data-calc="{calc}"][data-result="{kind}"]', state="attached", timeout=timeout
    )


def link_of(url, prefix):
    """``url`` with only the parameters of one calculator (their names start with ``prefix``):
    the other calculators of the shared page hold what earlier tests typed, some of it outside
    the build's data, which would start a second engine in the tab that opens the link."""
    parts = urlsplit(url)
    kept = [
        (k, v)
        for k, values in parse_qs(parts.query, keep_blank_values=True).items()
        if k.startswith(prefix)
        for v in values
    ]
    return parts._replace(query=urlencode(kept)).geturl()


def query(page):
    return {k: v[0] for k, v in parse_qs(urlsplit(page.url).query, keep_blank_values=True).items()}


def probability_cells(p):
    return [rules.format_fraction(p), rules.format_percent(p), rules.one_in(p)]


def cast_rows(magic, learning, modifier, extremes):
    odds = rules.cast_odds(magic, learning, modifier=modifier, extremes=extremes)
    rows = []
    for outcome in rules.Outcome:
        faces = [
            f
            for f in range(1, 13)
            if rules.cast(magic, learning, face=f, modifier=modifier, extremes=extremes).outcome
            is outcome
        ]
        rows.append(
            [
                outcome.label,
                faces_text(faces),
                *probability_cells(odds[outcome]),
                str(rules.xp_for(outcome)),
            ]
        )
    return rows


CAST = 'section[data-calc="cast"]'
DUEL = 'section[data-calc="duel"]'
PROG = 'section[data-calc="progression"]'
STUDY = 'section[data-calc="study"]'


# ---------------------------------------------------------------- one page for the figures


@pytest.fixture(scope="module")
def shared(browser, server):
    """One page of calculators, engine loaded once, for the figure tests."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="fr-FR")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + "ok/calculateurs/")
    page.locator(f"{CAST} #lancer-magie").click()
    type_into(page, "#progression-xp", "3")  # outside the build's data: the engine starts
    wait_state(page, "cast", "ready")
    type_into(page, "#progression-xp", "0")
    page.wait_for_selector(f'{PROG}[data-result="ok"]', state="attached", timeout=ANSWER_MS)
    page.evaluate("() => history.replaceState(null, '', location.pathname)")
    yield page, context
    context.close()
    assert not errors, f"erreurs JavaScript : {errors}"


def test_cast_shows_the_engine_odds_and_a_replayable_roll(shared):
    page, context = shared
    type_into(page, "#lancer-magie", "7")
    type_into(page, "#lancer-apprentissage", "2")
    type_into(page, "#lancer-modificateur", "-1")
    page.locator("#lancer-extremes").select_option("natural")
    expect_rows(page, f'{CAST} tbody[data-rows="outcomes"]', cast_rows(7, 2, -1, "natural"))
    expected_xp = rules.expected_xp(7, 2, modifier=-1, extremes="natural")
    odds = rules.cast_odds(7, 2, modifier=-1, extremes="natural")
    cast_chance = sum((p for o, p in odds.items() if o.is_cast), Fraction(0))
    expect_texts(
        page,
        {
            f'{CAST} [data-out="expected_xp.decimal"]': rules.format_decimal(expected_xp, 2),
            f'{CAST} [data-out="expected_xp.fraction"]': rules.format_fraction(expected_xp),
            f'{CAST} [data-out="cast_chance.percent"]': rules.format_percent(cast_chance),
        },
    )
    # The bar: one segment per possible outcome, sized by its probability.
    widths = page.evaluate(
        "() => Array.from(document.querySelectorAll('section[data-calc=cast] .gr-bar__seg')).map((s) => parseFloat(s.style.width))"
    )
    assert widths == pytest.approx([float(p) * 100 for p in odds.values() if p], abs=0.01)
    expect_cast_charts(page, odds)
    assert query(page) == {
        "lancer-magie": "7",
        "lancer-apprentissage": "2",
        "lancer-modificateur": "-1",
        "lancer-extremes": "natural",
    }

    page.get_by_role("button", name="Lancer", exact=True).click()
    wait_result(page, "cast", "roll", timeout=ANSWER_MS)
    face = int(page.locator(f'{CAST} [data-out="roll.face"]').text_content())
    roll = rules.cast(7, 2, face=face, modifier=-1, extremes="natural")
    expect_texts(
        page,
        {
            f'{CAST} [data-out="roll.face"]': str(roll.face),
            f'{CAST} [data-out="roll.modified"]': str(roll.modified),
            f'{CAST} [data-out="roll.label"]': roll.outcome.label,
            f'{CAST} [data-out="roll.xp_text"]': f"+{roll.xp} XP",
        },
    )
    assert query(page)["lancer-de"] == str(face)
    shared_url = page.url

    # The game master opens the link: same inputs, same roll.
    other = context.new_page()
    other.goto(shared_url)
    wait_result(other, "cast", "roll")
    assert other.locator("#lancer-magie").input_value() == "7"
    assert other.locator("#lancer-extremes").input_value() == "natural"
    expect_texts(
        other,
        {
            f'{CAST} [data-out="roll.face"]': str(roll.face),
            f'{CAST} [data-out="roll.modified"]': str(roll.modified),
            f'{CAST} [data-out="roll.label"]': roll.outcome.label,
        },
    )
    expect_rows(other, f'{CAST} tbody[data-rows="outcomes"]', cast_rows(7, 2, -1, "natural"))
    other.close()


def at_least_rows(odds) -> list[list[str]]:
    """The cast's « at least » reading, from the engine's odds: each outcome but the worst, with
    the chance of it or better."""
    order = list(rules.Outcome)
    return [
        [
            f"« {o.label} »" + (" ou mieux" if o is not order[-1] else ""),
            rules.format_percent(sum((odds[k] for k in order[i:]), Fraction(0))),
        ]
        for i, o in enumerate(order)
        if i
    ]


def expect_cast_charts(page, odds) -> None:
    """The cast's charts say what its table says: the stacked bar's text equivalent lists every
    row's percentage, the « at least » bars the engine's sums, each bar as long as its chance."""
    page.wait_for_function(
        """(want) => {
            const rows = Array.from(document.querySelectorAll(
                'section[data-calc=cast] [data-bars=at_least] .gr-bars__row'));
            return JSON.stringify(rows.map((r) => [r.children[0].textContent,
                r.children[2].textContent])) === JSON.stringify(want);
        }""",
        arg=at_least_rows(odds),
    )
    order = list(rules.Outcome)
    fills = page.evaluate(
        "() => Array.from(document.querySelectorAll('section[data-calc=cast] .gr-bars__fill'))"
        ".map((s) => parseFloat(s.style.width))"
    )
    assert fills == pytest.approx(
        [float(sum(odds[k] for k in order[i:])) * 100 for i in range(1, len(order))], abs=0.01
    )
    table = page.evaluate(
        """() => Array.from(document.querySelectorAll(
            'section[data-calc=cast] tbody[data-rows=outcomes] tr')).map((r) =>
            [r.children[0].textContent, r.children[3].textContent])"""
    )
    bar = page.locator('section[data-calc=cast] [data-bar="outcomes"]')
    assert bar.get_attribute("role") == "img"
    label = bar.get_attribute("aria-label")
    shown = [(name, pct) for name, pct in table if pct != rules.format_percent(0)]
    assert label == "Chance de chaque issue — " + ", ".join(f"{n} : {p}" for n, p in shown)


def test_the_cast_charts_follow_the_engine_beyond_the_build_s_data(shared):
    page, _context = shared
    # A modifier of 8 is beyond the build's answers (−5 to +5): the engine answers it.
    type_into(page, "#lancer-magie", "3")
    type_into(page, "#lancer-apprentissage", "4")
    type_into(page, "#lancer-modificateur", "8")
    page.locator("#lancer-extremes").select_option("modified")
    odds = rules.cast_odds(3, 4, modifier=8)
    expect_rows(page, f'{CAST} tbody[data-rows="outcomes"]', cast_rows(3, 4, 8, "modified"))
    expect_cast_charts(page, odds)


def test_the_engine_says_why_an_outcome_is_impossible(shared):
    # Magic beyond the build's data: the engine answers, and each 0 says why in its words.
    page, _ = shared
    type_into(page, "#lancer-magie", "40")
    type_into(page, "#lancer-apprentissage", "5")
    type_into(page, "#lancer-modificateur", "0")
    page.locator("#lancer-extremes").select_option("modified")
    reasons = [
        reason for outcome in rules.Outcome if (reason := rules.impossible_reason(outcome, 40, 5))
    ]
    assert len(reasons) == 4
    page.wait_for_function(
        "want => JSON.stringify([...document.querySelectorAll('section[data-calc=cast] "
        "[data-list=impossible] li')].map(li => li.textContent)) === JSON.stringify(want)",
        arg=reasons,
        timeout=ANSWER_MS,
    )
    page.evaluate("() => history.replaceState(null, '', location.pathname)")


def test_a_typed_face_replays_the_roll(shared):
    page, _ = shared
    type_into(page, "#lancer-magie", "3")
    type_into(page, "#lancer-apprentissage", "4")
    type_into(page, "#lancer-modificateur", "0")
    page.locator("#lancer-extremes").select_option("modified")
    page.get_by_text("Rejouer un lancer contesté").click()
    type_into(page, "#lancer-de", "11")
    page.get_by_role("button", name="Rejouer").click()
    roll = rules.cast(3, 4, face=11)
    expect_texts(
        page,
        {
            f'{CAST} [data-out="roll.face"]': "11",
            f'{CAST} [data-out="roll.modified"]': str(roll.modified),
            f'{CAST} [data-out="roll.label"]': roll.outcome.label,
        },
    )
    assert query(page)["lancer-de"] == "11"
    # Changing an input drops the roll (and its face) from the page and the URL.
    type_into(page, "#lancer-magie", "4")
    page.wait_for_selector(f'{CAST}[data-result="ok"]', state="attached", timeout=ANSWER_MS)
    assert "lancer-de" not in query(page)
    assert page.locator(f"{CAST} .gr-calc__roll").is_hidden()


def test_a_link_with_a_seed_still_replays_its_roll(shared):
    """Links shared when rolls carried a seed: the engine replays them."""
    page, context = shared
    other = context.new_page()
    other.goto(
        page.url.split("?")[0] + "?lancer-magie=3&lancer-apprentissage=4&lancer-modificateur=0"
        "&lancer-extremes=modified&lancer-graine=271828"
    )
    wait_result(other, "cast", "roll", timeout=BOOT_MS)
    roll = rules.cast(3, 4, rng=random.Random(271828))
    expect_texts(
        other,
        {
            f'{CAST} [data-out="roll.face"]': str(roll.face),
            f'{CAST} [data-out="roll.label"]': roll.outcome.label,
        },
    )
    other.close()


def beside(page, field_id, error):
    """The engine's message as the page shows it beside a field: after the field's visible
    label instead of the engine's name of the value (« Magie : attendu … »)."""
    label = page.locator(f'label[for="{field_id}"]').inner_text().strip()
    label = re.sub(r" \(.*\)$", "", label)  # « Apprentissage (1 à 5) »: the range is a hint
    return f"{label} : {str(error).split(' : ', 1)[1]}"


def test_bad_input_shows_the_engine_message_beside_the_field(shared):
    page, _ = shared
    type_into(page, "#lancer-magie", "abc")
    type_into(page, "#lancer-apprentissage", "9")
    magic_message = beside(page, "lancer-magie", _error(lambda: rules.cast_odds("abc", 1)))
    learning_message = beside(page, "lancer-apprentissage", _error(lambda: rules.cast_odds(1, 9)))
    assert magic_message.startswith("Magie : attendu")
    expect_texts(
        page,
        {"#lancer-magie-error": magic_message, "#lancer-apprentissage-error": learning_message},
    )
    magic = page.locator("#lancer-magie")
    assert magic.get_attribute("aria-invalid") == "true"
    assert "lancer-magie-error" in magic.get_attribute("aria-describedby").split()
    assert page.locator("#lancer-modificateur").get_attribute("aria-invalid") is None

    type_into(page, "#lancer-apprentissage", "")
    expect_texts(
        page,
        {
            "#lancer-apprentissage-error": beside(
                page, "lancer-apprentissage", _error(lambda: rules.cast_odds(1, ""))
            )
        },
    )

    type_into(page, "#lancer-magie", "5")
    type_into(page, "#lancer-apprentissage", "3")
    expect_texts(page, {"#lancer-magie-error": "", "#lancer-apprentissage-error": ""})
    assert magic.get_attribute("aria-invalid") is None
    expect_rows(page, f'{CAST} tbody[data-rows="outcomes"]', cast_rows(5, 3, 0, "modified"))

    # Another calculator, another message: XP beyond what the level-up costs.
    type_into(page, "#progression-apprentissage", "1")
    type_into(page, "#progression-difficulte", "1")
    type_into(page, "#progression-xp", "50")
    expect_texts(
        page,
        {
            "#progression-xp-error": beside(
                page, "progression-xp", _error(lambda: rules.level_path(4, 1, 1, 50))
            )
        },
    )

    type_into(page, "#progression-xp", "0")
    expect_texts(page, {"#progression-xp-error": ""})


def _error(call):
    try:
        call()
    except rules.RulesError as error:
        return error
    raise AssertionError("the engine accepted the input")


def expect_duel_bars(page, odds) -> None:
    """The duel's chart says what its table says: one bar for each side's spell, one for each
    shared outcome, in the table's order, each with its label and percent and as long as its
    chance; its text equivalent the same figures."""
    want = [[label, rules.format_percent(chance)] for label, chance in odds]
    page.wait_for_function(
        """(want) => JSON.stringify(Array.from(document.querySelectorAll(
            'section[data-calc=duel] [data-bars=odds] .gr-bars__row')).map((r) =>
            [r.children[0].textContent, r.children[2].textContent])) === JSON.stringify(want)""",
        arg=want,
        timeout=ANSWER_MS,
    )
    table = page.evaluate(
        """() => Array.from(document.querySelectorAll(
            'section[data-calc=duel] tbody[data-rows=odds] tr')).map((r) =>
            [r.children[0].textContent, r.children[2].textContent])"""
    )
    assert table == want
    fills = page.evaluate(
        "() => Array.from(document.querySelectorAll('section[data-calc=duel] .gr-bars__fill'))"
        ".map((s) => parseFloat(s.style.width))"
    )
    assert fills == pytest.approx([float(chance) * 100 for _, chance in odds], abs=0.01)
    box = page.locator('section[data-calc=duel] [data-bars="odds"]')
    assert box.get_attribute("role") == "img"
    assert box.get_attribute("aria-label") == "Issues du duel — " + ", ".join(
        f"{label} : {percent}" for label, percent in want
    )


def test_duel_figures_come_from_duel_breakdown(shared):
    page, context = shared
    page.locator("#duel-a-sort").select_option("boule-de-feu")
    assert page.locator("#duel-a-element").input_value() == "feu"
    type_into(page, "#duel-a-magie", "3")
    type_into(page, "#duel-a-apprentissage", "4")
    type_into(page, "#duel-b-magie", "5")
    type_into(page, "#duel-b-apprentissage", "2")
    page.locator("#duel-b-element").select_option("vigne")
    a, b = rules.Caster(3, 4, "feu"), rules.Caster(5, 2, "vigne")
    d = rules.duel_breakdown(a, b)
    labels = {
        "a": "Le sort de A prend effet",
        "b": "Le sort de B prend effet",
        "cancel": "Les deux sorts s'annulent",
        "none": "Aucun sort n'est lancé",
    }
    expect_rows(
        page,
        f'{DUEL} tbody[data-rows="odds"]',
        [[labels[k], *probability_cells(d.odds[k])] for k in ("a", "b", "cancel", "none")],
    )
    for key in ("a", "b", "cancel", "none"):
        assert d.odds[key] == rules.duel_odds(a, b)[key]
    expect_duel_bars(page, [(labels[k], d.odds[k]) for k in ("a", "b", "cancel", "none")])

    def signed(n):
        return "0" if n == 0 else (f"+{n}" if n > 0 else f"\u2212{-n}")

    expect_rows(
        page,
        f'{DUEL} tbody[data-rows="sides"]',
        [
            [
                "Sorcier A",
                "Feu",
                signed(d.modifier_a),
                rules.format_percent(d.cast_a),
                rules.format_percent(d.test_a),
            ],
            [
                "Sorcier B",
                "Vigne",
                signed(d.modifier_b),
                rules.format_percent(d.cast_b),
                rules.format_percent(d.test_b),
            ],
        ],
    )
    expect_rows(
        page,
        f'{DUEL} tbody[data-rows="rows"]',
        [
            [
                "réussi" if r.a_passed else "raté",
                "réussi" if r.b_passed else "raté",
                rules.format_fraction(r.probability),
                rules.format_percent(r.probability),
                labels[r.result],
            ]
            for r in d.rows
        ],
    )
    assert d.dominant == rules.dominance("feu", "vigne") == "a"
    expect_texts(page, {f'{DUEL} [data-out="dominant_label"]': "A"})
    verdict = page.locator(f'{DUEL} [data-out="verdict"]').text_content()
    assert (
        rules.format_percent(d.odds["a"]) in verdict
        and rules.format_percent(d.odds["b"]) in verdict
    )
    assert verdict.startswith("Avantage à " + ("A" if d.odds["a"] > d.odds["b"] else "B"))

    # Choosing an element by hand forgets the spell; the link reopens the duel.
    page.locator("#duel-a-element").select_option("eau")
    assert page.locator("#duel-a-sort").input_value() == ""
    d2 = rules.duel_breakdown(rules.Caster(3, 4, "eau"), b)
    expect_rows(
        page,
        f'{DUEL} tbody[data-rows="odds"]',
        [[labels[k], *probability_cells(d2.odds[k])] for k in ("a", "b", "cancel", "none")],
    )
    page.locator("#duel-a-sort").select_option("mur-d-eau")
    page.wait_for_function("() => location.search.includes('mur-d-eau')")
    other = context.new_page()
    other.goto(link_of(page.url, "duel-"))
    wait_result(other, "duel")
    assert other.locator("#duel-a-sort").input_value() == "mur-d-eau"
    assert other.locator("#duel-b-element").input_value() == "vigne"
    expect_rows(
        other,
        f'{DUEL} tbody[data-rows="odds"]',
        [[labels[k], *probability_cells(d2.odds[k])] for k in ("a", "b", "cancel", "none")],
    )
    other.close()


def test_progression_figures_come_from_the_engine(shared):
    page, context = shared
    type_into(page, "#progression-apprentissage", "2")
    type_into(page, "#progression-xp", "15")
    type_into(page, "#progression-difficulte", "3")
    type_into(page, "#progression-magie", "6")
    type_into(page, "#progression-lancers", "40")
    path = rules.level_path(6, 2, 3, 15)
    within = rules.level_up_within(6, 2, 3, 40, 15)
    expect_texts(
        page,
        {
            f'{PROG} [data-out="xp_needed"]': str(path[0].xp_needed),
            f'{PROG} [data-out="cost"]': str(rules.level_up_cost(2, 3)),
            f'{PROG} [data-out="next_level"]': "3",
            f'{PROG} [data-out="expected_casts.decimal"]': rules.format_decimal(
                rules.casts_to_next_level(6, 2, 3, 15), 1
            ),
            f'{PROG} [data-out="within.n"]': "40",
            f'{PROG} [data-out="within.percent"]': rules.format_percent(within),
            f'{PROG} [data-out="within.one_in"]': rules.one_in(within),
            f'{PROG} [data-out="expected_xp.decimal"]': rules.format_decimal(
                rules.expected_xp(6, 2), 2
            ),
        },
    )
    expect_progression_curve(page, 6, 2, 3, 15, 40)
    expect_rows(
        page,
        f'{PROG} tbody[data-rows="path"]',
        [
            [
                f"{s.to_level - 1} → {s.to_level}",
                str(s.cost),
                str(s.xp_needed),
                rules.format_decimal(s.expected_casts, 1),
            ]
            for s in path
        ],
    )
    # Level 5: nothing left to learn.
    type_into(page, "#progression-apprentissage", "5")
    page.wait_for_selector(f'{PROG} [data-show="max_level"]:not([hidden])', timeout=ANSWER_MS)
    assert page.locator(f'{PROG} dl[data-hide="max_level"]').is_hidden()
    assert rules.level_path(6, 5, 3, 15) == ()

    # The page's link opens every field as it was, in another tab. A request the build's data
    # answers, so that this tab starts no engine of its own.
    type_into(page, "#progression-apprentissage", "2")
    type_into(page, "#progression-xp", "0")
    type_into(page, "#progression-lancers", "10")
    within = rules.level_up_within(6, 2, 3, 10, 0)
    expect_texts(page, {f'{PROG} [data-out="within.percent"]': rules.format_percent(within)})
    expect_progression_curve(page, 6, 2, 3, 0, 10)
    page.wait_for_function("""() => {
        const state = new URLSearchParams(location.search);
        return state.get('progression-xp') === '0' && state.get('progression-lancers') === '10';
    }""")
    other = context.new_page()
    other.goto(page.url)
    wait_result(other, "progression", timeout=ANSWER_MS)
    assert [
        other.locator(f"#progression-{name}").input_value()
        for name in ("magie", "apprentissage", "difficulte", "xp", "lancers")
    ] == ["6", "2", "3", "0", "10"]
    expect_texts(other, {f'{PROG} [data-out="within.percent"]': rules.format_percent(within)})
    assert other.evaluate("document.documentElement.dataset.engine") == "idle"
    other.close()


CURVE_JS = """() => {
    const box = document.querySelector('section[data-calc=progression] .gr-curve');
    const line = box.querySelector('polyline');
    const point = box.querySelector('circle');
    return {
        label: box.getAttribute('aria-label'),
        points: line ? line.getAttribute('points').split(' ').map((p) => p.split(',').map(Number)) : [],
        point: point ? [Number(point.getAttribute('cx')), Number(point.getAttribute('cy'))] : null,
        marks: Array.from(box.querySelectorAll('.gr-curve__mark')).map((t) => t.textContent),
        title: box.querySelector('.gr-curve__title').textContent,
    };
}"""


def expect_progression_curve(page, magic, learning, difficulty, xp, n) -> None:
    """The progression's curve says what its figures say: each point the engine's chance of the
    level-up after its count of casts, the casts asked for ringed with the figure shown above, the
    expected count marked; its text equivalent the same figures."""
    within = rules.format_percent(rules.level_up_within(magic, learning, difficulty, n, xp))
    expected = rules.format_decimal(rules.casts_to_next_level(magic, learning, difficulty, xp), 1)
    page.wait_for_function(
        "(want) => (document.querySelector('section[data-calc=progression] .gr-curve')"
        ".getAttribute('aria-label') || '').endsWith(want)",
        arg=f"en {n} lancers : {within}",
        timeout=ANSWER_MS,
    )
    drawn = page.evaluate(CURVE_JS)
    chances = rules.level_up_curve(magic, learning, difficulty, xp, until=Fraction(99, 100), n=n)
    last = len(chances) - 1
    step = -(-last // 32)
    counts = [*range(0, last, step), last]
    left, right, top, bottom = 38, 308, 12, 104  # calculators-draw.js's plot
    assert drawn["points"] == [
        pytest.approx(
            [left + (right - left) * k / last, bottom - (bottom - top) * float(chances[k])], abs=0.2
        )
        for k in counts
    ]
    assert drawn["point"] == pytest.approx(
        [left + (right - left) * n / last, bottom - (bottom - top) * float(chances[n])], abs=0.2
    )
    assert drawn["marks"] == [f"moyenne : {expected}", f"{n} lancers : {within}"]
    assert drawn["title"] == f"Chance d'avoir atteint le niveau {learning + 1}"
    assert f"{expected} lancers en moyenne" in drawn["label"]
    assert drawn["label"].startswith("Chance d'avoir atteint le niveau suivant — ")


def test_study_figures_come_from_the_engine(shared):
    page, context = shared
    type_into(page, "#etude-heures", "5")
    type_into(page, "#etude-p", "80 %")
    odds = rules.study_odds(5, "80 %")
    expect_rows(
        page,
        f'{STUDY} tbody[data-rows="distribution"]',
        [[str(xp), *probability_cells(p)] for xp, p in odds.items()],
    )
    expected = rules.study_expected(5, "80 %")
    best_hours, best_value = rules.best_study_hours("80 %")
    expect_texts(
        page,
        {
            f'{STUDY} [data-out="expected.decimal"]': rules.format_decimal(expected, 2),
            f'{STUDY} [data-out="expected.fraction"]': rules.format_fraction(expected),
            f'{STUDY} [data-out="best.hours"]': str(best_hours),
            f'{STUDY} [data-out="best.expected.decimal"]': rules.format_decimal(best_value, 2),
        },
    )
    expect_rows(
        page,
        f'{STUDY} tbody[data-rows="by_hours"]',
        [
            [
                str(h) + (" (meilleure durée)" if h == best_hours else ""),
                str(rules.study_xp(h)),
                rules.format_decimal(rules.study_expected(h, "80 %"), 2),
            ]
            for h in range(1, 7)
        ],
    )
    assert query(page)["etude-p"] == "80 %"
    # The same chance as a fraction, which the build's data answers: the link opens it in
    # another tab, which starts no engine of its own.
    type_into(page, "#etude-p", "4/5")
    page.wait_for_function("() => new URLSearchParams(location.search).get('etude-p') === '4/5'")
    other = context.new_page()
    other.goto(link_of(page.url, "etude-"))
    wait_result(other, "study", timeout=ANSWER_MS)
    assert other.locator("#etude-p").input_value() == "4/5"
    expect_rows(
        other,
        f'{STUDY} tbody[data-rows="distribution"]',
        [[str(xp), *probability_cells(p)] for xp, p in odds.items()],
    )
    assert other.evaluate("document.documentElement.dataset.engine") == "idle"
    other.close()


def test_later_answers_reuse_the_ready_engine(shared):
    # How fast they answer is measured by bench/bench_instant.py; here: the same single worker
    # answers every later calculation, without loading anything again.
    page, _ = shared
    workers = len(page.workers)
    for hours in ("2", "4", "6"):
        type_into(page, "#etude-heures", hours)
        odds = rules.study_odds(int(hours), "80 %")
        expect_rows(
            page,
            f'{STUDY} tbody[data-rows="distribution"]',
            [[str(xp), *probability_cells(p)] for xp, p in odds.items()],
        )
        assert page.evaluate("document.documentElement.dataset.engine") == "ready"
    assert len(page.workers) == workers == 1


# ---------------------------------------------------------------- loading


def test_lazy_loading_and_a_single_worker(context, server, engine_config):
    page = context.new_page()
    requests, workers = [], []
    page.on("request", lambda request: requests.append(request.url))
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(server + "ok/calculateurs/")
    page.wait_for_load_state("networkidle")
    # Every calculator mounted and idle, its visibility observers run, the network quiet again.
    page.wait_for_function(
        "() => document.querySelectorAll('.gr-calc[data-state=idle]').length === 4"
    )
    page.evaluate(TWO_FRAMES)
    page.wait_for_load_state("networkidle")
    engine = [
        u
        for u in requests
        if "/assets/pyodide/" in u or "/engine-worker" in u or u.endswith(".zip")
    ]
    assert engine == [] and workers == []
    assert page.locator(".gr-calc[data-state=idle]").count() == 4
    assert page.locator("#table-precalculee").is_visible()

    # Scrolling a calculator into view answers from the build's data, without the engine.
    page.mouse.wheel(0, 2800)
    wait_result(page, "cast", timeout=ANSWER_MS)
    expect_rows(page, f'{CAST} tbody[data-rows="outcomes"]', cast_rows(4, 1, 0, "modified"))
    assert page.locator(f"{CAST}[data-result=ok]").count() == 1

    # Using a field and asking covered answers starts no engine.
    page.locator("#lancer-magie").click()
    type_into(page, "#etude-heures", "2")
    wait_result(page, "study", timeout=ANSWER_MS)
    page.evaluate(TWO_FRAMES)
    page.wait_for_load_state("networkidle")
    engine = [
        u
        for u in requests
        if "/assets/pyodide/" in u or "/engine-worker" in u or u.endswith(".zip")
    ]
    assert engine == [] and workers == []
    assert page.evaluate("document.documentElement.dataset.engine") == "idle"

    # The first request outside the build's data starts the engine, which answers it.
    type_into(page, "#progression-magie", "8")  # 20 casts: outside the build's data
    page.wait_for_function(
        "() => document.querySelector('.gr-calc[data-state=loading], .gr-calc[data-state=ready]') !== null",
        timeout=5000,
    )
    wait_result(page, "progression")
    assert len(workers) == 1
    paths = [urlsplit(u).path for u in requests]
    assert paths.count(paths[0]) == 1
    assert sum(1 for p in paths if p.endswith("/pyodide.asm.wasm")) <= 2  # HEAD check + GET
    assert sum(1 for p in paths if p.endswith("/engine-worker.js")) == 1
    assert sum(1 for p in paths if p.endswith(".zip") and "/engine-" in p) == 1
    # Pyodide booted with the build's standard library, never its whole one.
    stdlib = [p for p in paths if "/python_stdlib" in p]
    assert stdlib and all(p.endswith("/" + engine_config["stdlib"]) for p in stdlib)


def test_spell_page_calculators_fill_in_when_in_view(page, server):
    page.goto(server + "ok/sort/")
    wait_result(page, "cast")
    expect_rows(page, f'{CAST} tbody[data-rows="outcomes"]', cast_rows(6, 2, 0, "modified"))
    assert page.locator("#table-precalculee").is_visible()
    assert page.locator("h3#lancer-titre").text_content() == "Lancer ce sort"


def test_without_pyodide_the_fallback_message_appears_early(page, server, engine_config):
    page.goto(server + "sans-pyodide/calculateurs/")
    type_into(page, "#progression-magie", "8")  # 20 casts: outside the build's data
    wait_state(page, "progression", "failed", timeout=engine_config["timeoutMs"])
    status = page.locator(f"{PROG} [data-status]").text_content()
    assert status.startswith("Le moteur de calcul n'a pas pu être chargé (")
    assert status.endswith("les tables précalculées de la page restent valables.")
    assert "rien reçu" not in status  # the early check of the core files, not the stall timeout
    assert page.locator("#table-precalculee").is_visible()
    # Typing afterwards neither throws nor freezes; a value outside the build's data says so too.
    type_into(page, "#etude-heures", "4")
    type_into(page, "#lancer-modificateur", "9")
    page.wait_for_function(
        "(sel) => document.querySelector(sel + ' [data-status]').textContent.startsWith(\"Le moteur de calcul n'a pas pu être chargé\")",
        arg=CAST,
        timeout=ANSWER_MS,
    )
    assert page.locator(f"{CAST}[data-state=failed]").count() == 1


def test_a_pyodide_that_never_answers_times_out(context, server):
    # The .wasm request hangs forever (HEAD check included): only the stall timeout can end it.
    context.route("**/pyodide.asm.wasm", lambda route: None)
    page = context.new_page()
    page.goto(server + "lent/calculateurs/")
    page.locator("#progression-magie").click()  # 20 casts: outside the build's data
    page.wait_for_function(
        "(sel) => document.querySelector(sel + ' [data-status]').textContent.startsWith('Chargement du moteur de calcul')",
        arg=PROG,
        timeout=ANSWER_MS,
    )
    wait_state(page, "progression", "failed", timeout=20_000)
    assert page.locator(f"{PROG} [data-status]").text_content() == (
        "Le moteur de calcul n'a pas pu être chargé (téléchargement interrompu : rien reçu "
        "depuis 4 s) : ce calcul a besoin de lui ; les tables précalculées de la page restent valables."
    )
    assert page.locator("#table-precalculee").is_visible()


def test_phone_layout_has_large_targets_and_no_sideways_scroll(shared):
    page, _ = shared
    small = page.evaluate(
        """() => Array.from(document.querySelectorAll('.gr-calc input, .gr-calc select, .gr-calc button, .gr-calc summary'))
             .filter((el) => el.getClientRects().length)
             .map((el) => [el.id || el.textContent.trim(), el.getBoundingClientRect().height])
             .filter(([, h]) => h < 44)"""
    )
    assert small == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_with_javascript_off_the_tables_and_forms_remain(browser, server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server + "ok/sort/")
    assert page.locator("#table-precalculee").is_visible()
    assert page.locator("#lancer-magie").input_value() == "6"
    assert "a besoin de JavaScript" in page.locator(f"{CAST}").inner_text()
    context.close()
