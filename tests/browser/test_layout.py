"""Phone-first qualities of the built site at 360 × 740: opened details, the header's icons,
readable tables, the system's dark scheme, and print (each page and state a reader brings it to
is checked for sideways scrolling and 44 px tap targets beside axe-core: test_axe_full.py)."""

from __future__ import annotations

import pytest

from tests.browser.support import open_tables, phone_problems
from tests.index.support import visible_slugs, wait_for_rows

pytestmark = pytest.mark.browser


def test_tap_targets_inside_opened_details(reopen):
    page = reopen("sorts/invisibilite/")
    for summary in page.locator(".md-content summary").all():
        summary.click()
    assert phone_problems(page) == {"wider": [], "outside": [], "small": []}


def test_header_icons_are_44_px_targets(reopen):
    page = reopen("sorts/eclair/")
    sizes = page.evaluate("""() => [...document.querySelectorAll('.md-header .md-header__button')]
        .filter(el => el.checkVisibility())
        .map(el => { const b = el.getBoundingClientRect();
                     return [el.getAttribute('title') || el.className, b.width, b.height]; })""")
    assert len(sizes) >= 3  # menu, scheme, search
    assert [s for s in sizes if s[1] < 44 or s[2] < 44] == []


# The odds and experience tables fit 360 px; the monsters' table of a description does not.
@pytest.mark.parametrize(
    "path, scrolls", [("sorts/invisibilite/", False), ("sorts/invocation-de-monstre/", True)]
)
def test_tables_stay_readable_on_a_phone(reopen, path, scrolls):
    """Figures and words are never cut inside a cell; a wide table scrolls in its own wrapper,
    which a keyboard can reach (focusable) and a screen reader can name."""
    page = reopen(path)
    open_tables(page)
    cut = page.evaluate("""() => [...document.querySelectorAll(
            '.gr-table .gr-pct, .gr-table .gr-frac, .gr-table thead th, .gr-table td')]
        .filter(el => {
            // A cell's text may wrap between words, never inside one.
            const range = document.createRange();
            return [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim())
                .some(n => n.textContent.trim().split(/\\s+/).some(word => {
                    const start = n.textContent.indexOf(word);
                    range.setStart(n, start);
                    range.setEnd(n, start + word.length);
                    return range.getClientRects().length > 1;
                }));
        })
        .map(el => el.textContent.trim().slice(0, 30))""")
    assert cut == []
    percents = page.evaluate("""() => [...document.querySelectorAll('td.gr-pct')]
        .filter(td => { const r = document.createRange(); r.selectNodeContents(td.firstChild);
                        return r.getClientRects().length !== 1; }).map(td => td.textContent)""")
    assert page.locator("td.gr-pct").count() > 0
    assert percents == []  # « 75,0 % » on one line
    wraps = page.evaluate("""() => [...document.querySelectorAll('.gr-table-wrap')]
        .filter(w => w.scrollWidth > w.clientWidth + 1)
        .map(w => ({tabindex: w.getAttribute('tabindex'), role: w.getAttribute('role'),
                    label: w.getAttribute('aria-label')}))""")
    assert bool(wraps) == scrolls
    for wrap in wraps:
        assert wrap["tabindex"] == "0" and wrap["role"] == "region"
        assert wrap["label"].startswith("Tableau défilant : ") and len(wrap["label"]) > 20


@pytest.mark.parametrize("scheme, expected", [("dark", "slate"), ("light", "default")])
def test_color_scheme_follows_the_system(open_page, scheme, expected):
    page = open_page("sorts/invisibilite/", color_scheme=scheme)
    assert page.locator("body").get_attribute("data-md-color-scheme") == expected
    luminance = page.evaluate("""() => {
        const [r, g, b] = getComputedStyle(document.body).backgroundColor
            .match(/\\d+/g).map(Number);
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    }""")
    assert (luminance < 0.3) if scheme == "dark" else (luminance > 0.9)


def scheme_of(page) -> str:
    return page.locator("body").get_attribute("data-md-color-scheme")


def test_the_scheme_follows_the_system_until_the_reader_picks_one(open_page, site_url):
    page = open_page("", color_scheme="light")
    assert scheme_of(page) == "default"
    # One visit in light, then the phone turns dark: the next page is dark.
    page.emulate_media(color_scheme="dark")
    page.goto(site_url + "sorts/invisibilite/")
    assert scheme_of(page) == "slate"
    toggle = page.locator("form[data-gr-palette] label:visible")
    assert toggle.get_attribute("title").startswith("Thème automatique")
    toggle.click()  # automatique → clair: the reader's pick wins over the system
    page.wait_for_function("document.body.dataset.mdColorScheme === 'default'")
    page.goto(site_url)
    assert scheme_of(page) == "default"
    page.locator("form[data-gr-palette] label:visible").click()  # → sombre
    page.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
    page.emulate_media(color_scheme="light")
    page.goto(site_url + "regles/")
    assert scheme_of(page) == "slate"
    page.locator("form[data-gr-palette] label:visible").click()  # → automatique
    page.goto(site_url)
    assert scheme_of(page) == "default"


def visible_toggles(page) -> list[str]:
    return page.locator("form[data-gr-palette] label:visible").evaluate_all(
        "labels => labels.map(label => label.title)"
    )


def test_the_automatic_scheme_follows_the_system_on_an_open_page(open_page, site_url):
    """The site's palette script, not the theme's component (whose start re-styled the whole
    page four times): the theme mounts no palette, and the automatic choice still follows the
    system while the page stays open, the one toggle shown being the automatic one."""
    page = open_page("sorts/eclair/", color_scheme="light")
    assert page.locator("[data-md-component='palette']").count() == 0
    assert scheme_of(page) == "default"
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
    assert [t.split(" :")[0] for t in visible_toggles(page)] == [
        "Thème automatique (celui de l’appareil)"
    ]


@pytest.mark.parametrize(
    "stored",
    ['{"index": 99, "color": 5}', '{"index": "2"}', "[1, 2]", '"slate"', '{"color": {"media": 3}}'],
)
def test_a_stored_scheme_that_is_not_the_theme_s_record_counts_as_none(open_page, site_url, stored):
    page = open_page("", color_scheme="dark")
    page.evaluate(
        "stored => localStorage.setItem(new URL('.', location).pathname + '.__palette', stored)",
        stored,
    )
    page.reload()
    assert scheme_of(page) == "slate"  # the system's, as with no choice stored
    assert len(visible_toggles(page)) == 1
    assert page.evaluate("() => document.querySelector('#__palette_0').checked")


# ---------------------------------------------------------------- print


def shown(page, selector: str) -> list[str]:
    """Elements matching ``selector`` that would appear (rendered, not display: none)."""
    return page.eval_on_selector_all(
        selector, "els => els.filter(e => e.checkVisibility()).map(e => e.outerHTML.slice(0, 80))"
    )


# A4 portrait at 96 dpi less 1 cm margins: the width a printed page lays out in.
PAPER = {"width": 718, "height": 1047}


def test_a_spell_prints_as_a_clean_card(open_page, spells):
    page = open_page("sorts/invisibilite/", viewport=PAPER)
    assert shown(page, ".md-header") and shown(page, "button") and shown(page, ".gr-calc")
    assert page.locator(".gr-odds-table").count() == 0  # the tables come in as the reader nears
    page.emulate_media(media="print")
    page.wait_for_selector(".gr-odds-table", state="attached")  # … or before the page prints
    for chrome in (
        ".md-header",
        ".md-tabs",
        ".md-sidebar",
        ".md-footer",
        ".md-search",
        "nav",
        "button",
        ".md-button",
        "input",
        "select",
        "summary",
        ".gr-calc",
        ".gr-level-link",
        ".gr-levels",
        ".gr-spell-tools",
    ):
        assert shown(page, chrome) == [], chrome
    # What remains is the card: name, fields, facts, description, odds, source.
    for kept in (
        "h1",
        ".gr-fields",
        ".gr-facts",
        ".gr-description",
        "#niveau-5",
        ".gr-figure-lost",
        ".gr-odds-table",
        ".gr-source",
    ):
        assert shown(page, kept), kept
    assert page.locator("h1").inner_text() == spells["invisibilite"]["name"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PAPER["width"]


def test_the_index_prints_as_a_list_of_the_spells_shown(open_page, spells):
    page = open_page("sorts/?element=eau", viewport=PAPER)
    water = {s for s, d in spells.items() if d["element"] == "eau"}
    wait_for_rows(page, water)
    order = visible_slugs(page)
    page.emulate_media(media="print")
    for control in (
        "button",
        "input",
        "fieldset",
        ".md-content label",
        "thead",
        ".gr-document-index",
        ".md-header",
        ".md-tabs",
        ".md-sidebar",
    ):
        assert shown(page, control) == [], control
    assert (
        page.locator(".gr-count").inner_text() == f"{len(water)} sorts affichés sur {len(spells)}"
    )
    assert visible_slugs(page) == order  # the view on screen is what prints
    layout = page.evaluate("""() => {
        const row = document.querySelector('.gr-index-table tbody tr:not([hidden])');
        const cells = [...row.cells];
        return {table: getComputedStyle(row.closest('table')).display,
                row: getComputedStyle(row).display,
                cells: [...new Set(cells.map(c => getComputedStyle(c).display))],
                labels: cells.slice(1).map(c => getComputedStyle(c, '::before').content),
                text: row.innerText};
    }""")
    assert layout["table"] == "block" and layout["row"] == "block"  # a list, not a grid
    assert set(layout["cells"]) <= {"inline", "none"}  # « none »: an empty field
    first = spells[order[0]]
    assert layout["text"].startswith(first["name"])
    assert layout["labels"][0] == '" · Niveaux : "'
    assert page.evaluate("document.documentElement.scrollWidth") <= PAPER["width"]


# ---------------------------------------------------------------- calculators on a phone


def test_without_javascript_the_calculators_show_no_button_that_only_reloads(open_page):
    page = open_page("calculateurs/", java_script_enabled=False)
    assert page.locator(".gr-calc").count() == 4
    assert page.locator(".gr-calc button:visible").count() == 0
    assert page.locator(".gr-calc__noscript:visible").count() == 4


CARD_TITLES = """() => [...document.querySelectorAll(
        'tbody[data-rows="distribution"] th, tbody[data-rows="rows"] th')].map(th =>
    [th.closest('tbody').dataset.rows,
     getComputedStyle(th, '::before').content + '|' + th.textContent.trim() + '|' +
     getComputedStyle(th, '::after').content])"""


def test_result_cards_say_what_they_count(open_page):
    page = open_page("calculateurs/")
    page.locator("#etude-heures").fill("4")
    page.locator("#etude-heures").dispatch_event("input")
    # The full tables are one tap away, folded under each answer's main line.
    page.wait_for_selector('tbody[data-rows="distribution"] th', state="attached")
    page.evaluate("""() => document.querySelector('tbody[data-rows="distribution"]')
        .closest('details').open = true""")
    page.wait_for_selector('tbody[data-rows="distribution"] th')
    # The duel's rows, as the build's data answers them: each cell says which test it counts.
    page.wait_for_selector('tbody[data-rows="rows"] th', state="attached")
    page.evaluate("""() => document.querySelector('tbody[data-rows="rows"]')
        .closest('details').open = true""")
    titles = page.evaluate(CARD_TITLES)
    study = [t for rows, t in titles if rows == "distribution"]
    duel = [t for rows, t in titles if rows == "rows"]
    assert study and all(t.endswith('|"\u00a0XP"') and t.startswith("none|") for t in study)
    assert duel and all(t.startswith('"Test de A : "|') and t.endswith("|none") for t in duel), duel
