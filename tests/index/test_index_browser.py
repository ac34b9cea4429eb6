"""The index /sorts/ in headless Chromium, used as a reader would: tap headers, toggles, type.

Every expectation comes from spells/*.yaml (see tests/index/support.py): sets of slugs, orders, counts.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser.support import element_label, fold, searchable
from tests.index.support import (
    COLUMNS,
    count_text,
    facet_button,
    server_order,
    shown_count,
    sort_button,
    text_matches,
    toggle_states,
    visible_slugs,
    wait_for_rows,
)

pytestmark = pytest.mark.browser


def name_order(spells) -> list[str]:
    """The default order: names folded (case, accents, Œ → oe ignored)."""
    return server_order(spells, spells)


def sort_state(page) -> tuple[str, str]:
    """The one sorted column (its full name) and its direction, as assistive technology gets it."""
    header = page.locator("th[aria-sort]")
    assert header.count() == 1
    key = header.get_attribute("data-sort")
    return next(c[0] for c in COLUMNS if c[2] == key), header.get_attribute("aria-sort")


def open_filters(page):
    opener = page.locator(".gr-filter-open")
    if opener.get_attribute("aria-expanded") != "true":
        opener.click()
    page.locator(".gr-filter-panel").wait_for(state="visible")


@pytest.fixture
def index(reopen):
    page = reopen("sorts/")
    page.locator(".gr-filters").wait_for(state="visible")
    open_filters(page)
    return page


# ---------------------------------------------------------------- without JavaScript


def test_without_javascript_the_index_is_the_full_table(open_page, spells):
    page = open_page("sorts/", java_script_enabled=False)
    assert page.evaluate("1 + 1") == 2  # Playwright's own evaluation still works
    assert visible_slugs(page) == name_order(spells)
    assert len(visible_slugs(page)) == len(spells)
    assert not page.locator(".gr-filters").is_visible()  # no controls that cannot work
    assert page.locator(".gr-index-table thead th").all_inner_texts() == [c[1] for c in COLUMNS]
    for slug in ("eclair", "oeil-de-mage"):
        row = page.locator(f'tr[data-slug="{slug}"]')
        assert row.locator("th a").inner_text() == spells[slug]["name"]
        assert row.locator("td").first.inner_text() == spells[slug]["levels"]["raw"]


# ---------------------------------------------------------------- sorting


def test_default_order_is_french_collation(index, spells):
    order = visible_slugs(index)
    assert order == name_order(spells)
    names = [fold(spells[slug]["name"]) for slug in order]
    eclair = order.index("eclair")
    # Éclair sorts with E: after every « Dé… », before every « Ex… ».
    assert max(i for i, n in enumerate(names) if n.startswith("de")) < eclair
    assert eclair < min(i for i, n in enumerate(names) if n.startswith("ex"))
    # Œil de mage sorts with O (as « oeil »), inside the block of names starting with O.
    oeil = order.index("oeil-de-mage")
    o_block = [i for i, n in enumerate(names) if n.startswith("o")]
    assert o_block == list(range(o_block[0], o_block[-1] + 1)) and oeil in o_block
    assert names[oeil - 1] < "oeil" < names[oeil + 1]
    assert sort_state(index) == ("Nom", "ascending")


@pytest.mark.parametrize("column", range(len(COLUMNS)), ids=[c[0] for c in COLUMNS])
def test_every_column_sorts_ascending_then_descending(index, spells, column):
    header, _, _, value = COLUMNS[column]
    if column == 0:  # the name column starts sorted: a first tap reverses it
        sort_button(index, header).click()
        assert visible_slugs(index) == server_order(spells, spells, descending=True)
        sort_button(index, header).click()
        assert visible_slugs(index) == server_order(spells, spells)
        return
    sort_button(index, header).click()
    ascending = visible_slugs(index)
    assert ascending == server_order(spells, spells, value)
    assert sort_state(index) == (header, "ascending")
    sort_button(index, header).click()
    assert visible_slugs(index) == server_order(spells, spells, value, descending=True)
    assert visible_slugs(index) == ascending[::-1]
    assert sort_state(index) == (header, "descending")


def test_numeric_columns_sort_by_number(index, spells):
    sort_button(index, "Niveaux").click()
    levels = [
        (spells[s]["levels"]["min"], spells[s]["levels"]["max"]) for s in visible_slugs(index)
    ]
    assert levels == sorted(levels)
    sort_button(index, "Difficulté").click()
    sort_button(index, "Difficulté").click()
    difficulties = [spells[s]["difficulty"] for s in visible_slugs(index)]
    assert difficulties == sorted(difficulties, reverse=True)
    sort_button(index, "Élément").click()
    elements = [element_label(spells[s]["element"]) for s in visible_slugs(index)]
    assert elements == sorted(elements)


# ---------------------------------------------------------------- filters


def cycle(page, facet, label, include, exclude, everything):
    """Tap a toggle three times: include, exclude, neutral; check rows, state and count."""
    button = facet_button(page, facet, label)
    total = len(everything)
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    wait_for_rows(page, include)
    assert button.get_attribute("data-state") == "include"
    assert button.get_attribute("aria-pressed") == "true"
    assert button.get_attribute("aria-label") == f"{label} : inclus"
    assert shown_count(page) == count_text(len(include), total)
    button.click()
    wait_for_rows(page, exclude)
    assert button.get_attribute("data-state") == "exclude"
    assert button.get_attribute("aria-label") == f"{label} : exclu"
    assert shown_count(page) == count_text(len(exclude), total)
    button.click()
    wait_for_rows(page, everything)
    assert button.get_attribute("data-state") == ""
    assert button.get_attribute("aria-pressed") == "false"
    assert shown_count(page) == count_text(total, total)


def test_level_filter_includes_then_excludes(index, spells):
    # A 1-9 spell is castable at level 5: it matches « niveau 5 ».
    at_5 = {s for s, d in spells.items() if d["levels"]["min"] <= 5 <= d["levels"]["max"]}
    assert "eclair" in at_5 and spells["eclair"]["levels"]["raw"] == "1-9"
    cycle(index, "niveau", "Niveau 5", at_5, set(spells) - at_5, set(spells))


def test_element_filter_includes_then_excludes(index, spells):
    elements = sorted({d["element"] for d in spells.values()})
    assert len(elements) > 1
    for element in elements:
        chosen = {s for s, d in spells.items() if d["element"] == element}
        cycle(
            index,
            "element",
            f"Élément {element_label(element)}",
            chosen,
            set(spells) - chosen,
            set(spells),
        )


def test_difficulty_filter_includes_then_excludes(index, spells):
    difficulties = sorted({d["difficulty"] for d in spells.values()})
    assert len(difficulties) > 1
    for difficulty in difficulties:
        chosen = {s for s, d in spells.items() if d["difficulty"] == difficulty}
        cycle(
            index,
            "difficulte",
            f"Difficulté {difficulty}",
            chosen,
            set(spells) - chosen,
            set(spells),
        )


def test_filters_combine(index, spells):
    """Two values of one filter widen it (either), filters narrow each other (all)."""
    facet_button(index, "niveau", "Niveau 1").click()
    facet_button(index, "niveau", "Niveau 9").click()
    either = {
        s
        for s, d in spells.items()
        if d["levels"]["min"] <= 1 <= d["levels"]["max"]
        or d["levels"]["min"] <= 9 <= d["levels"]["max"]
    }
    wait_for_rows(index, either)
    facet_button(index, "element", "Élément Feu").click()
    facet_button(index, "element", "Élément Feu").click()  # exclude fire
    facet_button(index, "difficulte", "Difficulté 1").click()
    expected = {s for s in either if spells[s]["element"] != "feu" and spells[s]["difficulty"] == 1}
    wait_for_rows(index, expected)
    assert shown_count(index) == count_text(len(expected), len(spells))
    index.get_by_role("button", name="Tout afficher").click()
    wait_for_rows(index, name_order(spells), ordered=True)
    assert set(toggle_states(index).values()) == {""}
    assert urlsplit(index.url).query == ""


# ---------------------------------------------------------------- text filter


def search(page, text):
    box = page.get_by_role("searchbox", name="Rechercher un sort")
    box.fill("")
    box.press_sequentially(text)


# Two queries in a row never give the same spells: rows still shown for the query before cannot
# pass for this one's.
QUERIES = [
    ("eclair", {"eclair"}),
    ("invisibilite", {"invisibilite", "detection-de-l-invisibilite"}),
    ("oeil", {"oeil-de-mage"}),
    ("de l’invisibilité", {"detection-de-l-invisibilite"}),
    ("ECLAIR", {"eclair"}),
    ("Invisibilité", {"invisibilite", "detection-de-l-invisibilite"}),
    ("image miroir", {"images-miroir"}),  # an alias
    ("detection de l'invisibilite", {"detection-de-l-invisibilite"}),
    ("Œil de mage", {"oeil-de-mage"}),
]


def test_text_filter_ignores_case_accents_and_elisions(index, spells):
    shown = None
    for query, must_find in QUERIES:
        expected = text_matches(spells, query)
        assert must_find <= expected, (
            query
        )  # what the filter promises, checked against the data too
        assert expected != shown, query  # (the order above keeps this true)
        search(index, query)
        wait_for_rows(index, expected)
        assert shown_count(index) == count_text(len(expected), len(spells)), query
        shown = expected


def description_only_word(spells) -> tuple[str, str]:
    """A long word found in exactly one spell's description and in no name or alias."""
    names = " ".join(fold(" ".join([d["name"], *d["aliases"]])) for d in spells.values())
    texts = {slug: searchable(spell) for slug, spell in spells.items()}
    candidates = []
    for slug, spell in spells.items():
        for word in set(fold(spell["description"]).split()):
            if (
                len(word) >= 9
                and word not in names
                and [s for s, text in texts.items() if word in text] == [slug]
            ):
                candidates.append((word, slug))
    assert candidates
    return sorted(candidates)[0]


def test_text_filter_searches_descriptions_once_loaded(index, spells):
    word, slug = description_only_word(spells)
    search(index, word)
    wait_for_rows(index, {slug})  # after the search text has arrived
    assert index.locator(".gr-empty").is_hidden()


def test_nothing_found_says_so(index, spells):
    search(index, "zzqxw")
    wait_for_rows(index, set())
    assert index.locator(".gr-empty").is_visible()
    assert shown_count(index) == count_text(0, len(spells))


# ---------------------------------------------------------------- URL state


def test_the_url_keeps_the_whole_view(index, open_page, spells, site_url):
    search(index, "sort")
    facet_button(index, "niveau", "Niveau 5").click()
    facet_button(index, "element", "Élément Feu").click()
    facet_button(index, "element", "Élément Feu").click()
    facet_button(index, "difficulte", "Difficulté 1").click()
    sort_button(index, "Élément").click()
    sort_button(index, "Élément").click()
    expected = {
        s
        for s in text_matches(spells, "sort")
        if spells[s]["levels"]["min"] <= 5 <= spells[s]["levels"]["max"]
        and spells[s]["element"] != "feu"
        and spells[s]["difficulty"] == 1
    }
    wait_for_rows(index, expected)
    order = server_order(spells, expected, COLUMNS[2][3], descending=True)
    assert visible_slugs(index) == order
    shared = index.url
    query = parse_qs(urlsplit(shared).query)
    assert query["texte"] == ["sort"] and query["niveau"] == ["5"] and "q" not in query
    assert query["tri"] == ["element-desc"]
    assert query["element"] == ["-feu"] and query["difficulte"] == ["1"]
    states = toggle_states(index)

    # Someone else opens the shared address: same rows, same order, same controls.
    other = open_page(shared.removeprefix(site_url))
    wait_for_rows(other, order, ordered=True)
    assert other.locator(".gr-filter-open").inner_text() == "Filtres 3"
    assert toggle_states(other) == states
    assert other.get_by_role("searchbox", name="Rechercher un sort").input_value() == "sort"
    assert sort_state(other) == ("Élément", "descending")
    assert shown_count(other) == count_text(len(expected), len(spells))
    assert other.url == shared


def test_a_hand_written_url_is_read(open_page, spells):
    page = open_page("sorts/?niveau=-5&difficulte=2,3&tri=1")
    expected = {
        s
        for s, d in spells.items()
        if not d["levels"]["min"] <= 5 <= d["levels"]["max"] and d["difficulty"] in (2, 3)
    }
    wait_for_rows(page, expected)
    levels = [(spells[s]["levels"]["min"], spells[s]["levels"]["max"]) for s in visible_slugs(page)]
    assert levels == sorted(levels)
    open_filters(page)
    assert facet_button(page, "niveau", "Niveau 5").get_attribute("data-state") == "exclude"
    assert facet_button(page, "difficulte", "Difficulté 2").get_attribute("data-state") == "include"


def test_count_is_right_after_each_step(index, spells):
    assert shown_count(index) == count_text(len(spells), len(spells))
    facet_button(index, "niveau", "Niveau 9").click()
    at_9 = {s for s, d in spells.items() if d["levels"]["max"] >= 9 >= d["levels"]["min"]}
    wait_for_rows(index, at_9)
    assert shown_count(index) == count_text(len(at_9), len(spells))
    search(index, "boule")
    expected = at_9 & text_matches(spells, "boule")
    wait_for_rows(index, expected)
    assert shown_count(index) == count_text(len(expected), len(spells))


# ---------------------------------------------------------------- on a phone

FIRST_SCREEN = """() => {
    const rows = [...document.querySelectorAll('.gr-index-table tbody tr')];
    return rows.filter(r => { const b = r.getBoundingClientRect();
                              return b.height > 0 && b.top >= 0 && b.bottom <= innerHeight; })
               .map(r => r.dataset.slug);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_first_screen_lists_at_least_eight_spells(open_page, spells, scheme):
    page = open_page("sorts/", color_scheme=scheme)
    page.locator(".gr-count").wait_for()
    assert page.locator(".gr-filter-panel").is_hidden()
    opener = page.get_by_role("button", name="Filtres", exact=True)
    assert opener.get_attribute("aria-expanded") == "false"
    on_screen = page.evaluate(FIRST_SCREEN)
    assert len(on_screen) >= 8, on_screen
    assert on_screen == name_order(spells)[: len(on_screen)]
    # One line per spell: every row of the first screen is at most two lines of text tall.
    heights = page.eval_on_selector_all(
        ".gr-index-table tbody tr",
        "rows => rows.slice(0, 8).map(r => r.getBoundingClientRect().height)",
    )
    assert max(heights) <= 60, heights
    opener.click()
    assert page.locator(".gr-filter-panel").is_visible()
    assert opener.get_attribute("aria-expanded") == "true"


def test_without_javascript_the_first_screen_lists_spells(open_page, spells):
    page = open_page("sorts/", java_script_enabled=False)
    assert len(page.evaluate(FIRST_SCREEN)) >= 8


def test_the_filters_button_counts_the_active_filters(open_page):
    page = open_page("sorts/?niveau=3,-9&element=feu")
    page.locator(".gr-count").wait_for()
    opener = page.locator(".gr-filter-open")
    assert opener.inner_text() == "Filtres 3"
    open_filters(page)
    facet_button(page, "element", "Élément Feu").click()  # feu: include → exclude, still active
    facet_button(page, "element", "Élément Feu").click()  # → neutral
    assert opener.inner_text() == "Filtres 2"
    page.get_by_role("button", name="Tout afficher").click()
    assert opener.inner_text().strip() == "Filtres"


def test_the_index_holds_at_most_1000_elements(index, spells):
    # After every script of the page ran (the spellbook's buttons are in the rows).
    index.locator(".gr-book-row").first.wait_for(state="attached")
    assert index.locator(".gr-book-row").count() == len(spells)
    assert index.evaluate("document.getElementsByTagName('*').length") <= 1000


# ---------------------------------------------------------------- ranking


def test_every_name_typed_plainly_puts_its_spell_first(index, spells):
    box = index.get_by_role("searchbox", name="Rechercher un sort")
    failures = []
    for slug, spell in sorted(spells.items()):
        box.fill(fold(spell["name"]))
        first = index.evaluate("""() => { const row = [...document.querySelectorAll(
            '.gr-index-table tbody tr')].find(r => !r.hidden); return row && row.dataset.slug; }""")
        if first != slug:
            failures.append(f"« {fold(spell['name'])} » → {first}")
    assert failures == []


RANKED = [
    # exact name, then names that start so, then names holding the words, then the rest
    ("eclair", "eclair"),
    ("teleportation", "teleportation"),
    ("mur feu", "mur-de-feu"),
]


@pytest.mark.parametrize("typed,slug", RANKED)
def test_the_text_filter_ranks_names_first(index, spells, typed, slug):
    box = index.get_by_role("searchbox", name="Rechercher un sort")
    box.fill(typed)
    expected = text_matches(spells, typed)
    wait_for_rows(index, expected)
    order = visible_slugs(index)
    assert order[0] == slug
    # Every spell whose name holds the words comes before every spell found by its text only.
    in_name = [
        s
        for s in order
        if all(
            any(w.startswith(t) for w in fold(spells[s]["name"]).split())
            for t in fold(typed).split()
        )
    ]
    assert order[: len(in_name)] == in_name
    assert index.locator("th[aria-sort]").count() == 0  # ranked, not sorted by a column


def test_an_old_shared_address_opens_the_filtered_list_not_the_search(open_page, spells):
    page = open_page("sorts/?q=eclair")
    wait_for_rows(page, text_matches(spells, "eclair"))
    assert visible_slugs(page)[0] == "eclair"
    assert page.evaluate("document.getElementById('__search').checked") is False
    assert page.locator(".md-search__output").is_hidden()
    assert not page.evaluate("document.activeElement.matches('.md-search__input')")
    assert parse_qs(urlsplit(page.url).query) == {"texte": ["eclair"]}
    assert page.get_by_role("searchbox", name="Rechercher un sort").input_value() == "eclair"


# ---------------------------------------------------------------- rows drawn as needed

ROWS_IN_PAGE = "document.querySelectorAll('.gr-index-table tbody tr').length"
ROWS_JS = f"() => {ROWS_IN_PAGE}"
TWO_FRAMES_JS = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"

#: Types ``text`` one key at a time as input events, and counts, for each key, the rows its own
#: task put in the list (before any later task) and the address changes (history.replaceState).
TYPE_AND_COUNT = """async (text) => {
    const box = document.querySelector('#gr-q');
    const tbody = document.querySelector('.gr-index-table tbody');
    let writes = 0;
    const replace = history.replaceState.bind(history);
    history.replaceState = (...args) => { writes++; return replace(...args); };
    const observer = new MutationObserver(() => {});
    observer.observe(tbody, {childList: true});
    const placed = [];
    const typed = [];
    for (let n = 1; n <= text.length; n++) {
        box.value = text.slice(0, n);
        const before = writes;
        box.dispatchEvent(new Event('input', {bubbles: true}));
        typed.push(writes - before);
        placed.push(observer.takeRecords().reduce((sum, r) => sum + r.addedNodes.length, 0));
        await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    }
    observer.disconnect();
    box.dispatchEvent(new Event('change', {bubbles: true}));  // the reader leaves the box
    history.replaceState = replace;
    return {placed, typed};
}"""


def test_the_script_draws_only_the_rows_a_reader_scrolls_to(browser, site_url, spells):
    """The page says how many rows its script draws at once (data-rangees); served with 30, the
    list holds 30 rows and their elements, then the rest as the reader scrolls, all to print."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="fr-FR")

    def fewer_rows(route):
        body = route.fetch().text()
        assert body.count('data-rangees="') == 1
        route.fulfill(
            body=re.sub(r'data-rangees="\d+"', 'data-rangees="30"', body),
            headers={"content-type": "text/html; charset=utf-8"},
        )

    context.route("**/sorts/", fewer_rows)
    page = context.new_page()
    page.goto(site_url + "sorts/")
    page.locator(".gr-book-row").first.wait_for(state="attached")
    order = name_order(spells)
    assert page.evaluate(ROWS_JS) == 30
    assert visible_slugs(page) == order[:30]
    assert shown_count(page) == count_text(len(spells), len(spells))  # the count is the list's
    assert page.locator(".gr-book-row").count() == 30
    elements = page.evaluate("document.getElementsByTagName('*').length")
    rest = len(spells) - 30
    more = page.get_by_role("button", name=f"Afficher la suite ({rest} sorts)")
    # A keystroke redraws at most 30 rows, ranked.
    box = page.get_by_role("searchbox", name="Rechercher un sort")
    box.fill("e")
    matching = text_matches(spells, "e")
    assert len(matching) > 30
    page.wait_for_function(
        "want => document.querySelector('.gr-count').textContent.trim() === want",
        arg=count_text(len(matching), len(spells)),
    )
    # The first screen at once, the rest of the 30 in the next tasks.
    page.wait_for_function(
        "() => [...document.querySelectorAll('.gr-index-table tbody tr')].every("
        "r => r.querySelector('.gr-book-row'))"
        f" && {ROWS_IN_PAGE} === 30"
    )
    page.evaluate(TWO_FRAMES_JS)
    assert page.evaluate(ROWS_JS) == 30
    assert set(visible_slugs(page)) <= matching
    assert page.evaluate("document.getElementsByTagName('*').length") <= elements
    box.fill("")
    page.wait_for_function(f"() => {ROWS_IN_PAGE} === 30")
    assert visible_slugs(page) == order[:30]
    # Scrolled to the end of the list: the next rows come, with their spellbook buttons.
    more.scroll_into_view_if_needed()
    page.wait_for_function(f"() => {ROWS_IN_PAGE} >= 60")
    page.wait_for_function("() => document.querySelectorAll('.gr-book-row').length >= 60")
    assert visible_slugs(page) == order[: page.evaluate(ROWS_JS)]
    # Printed: the whole list.
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert visible_slugs(page) == order
    assert page.locator(".gr-more").is_hidden()
    context.close()


def test_a_keystroke_places_one_screen_of_rows_and_lays_out_only_those_on_screen(open_page, spells):
    """A keystroke puts at most a screenful of rows in the list in its own task (the others come
    in the next tasks), rows off screen are not laid out, and the address is written once the
    reader leaves the box, not at every key."""
    page = open_page("sorts/?texte=zzqxw")  # no row yet: the keystroke brings them all
    page.locator(".gr-empty").wait_for(state="visible")
    screenful = 740 // 44 + 3
    matching = text_matches(spells, "e")
    assert len(matching) > 2 * screenful
    counts = page.evaluate(TYPE_AND_COUNT, "e")
    assert counts["placed"] == [screenful]  # more rows moved, in the next tasks
    assert counts["typed"] == [0]  # no address change in the keystroke's task
    wait_for_rows(page, matching)
    assert parse_qs(urlsplit(page.url).query) == {"texte": ["e"]}  # written on leaving the box
    # Rows below the screen are skipped by layout (content-visibility), yet found by the reader.
    skipped = page.eval_on_selector_all(
        ".gr-index-table tbody tr",
        "rows => rows.filter(r => !r.firstElementChild.checkVisibility("
        "{contentVisibilityAuto: true})).length",
    )
    assert skipped >= len(matching) - 2 * screenful
    assert len(visible_slugs(page)) == len(matching)


#: The place of every filter toggle and of the text field, and whether the field's placeholder
#: fits inside it (measured in the field's own font).
PLACES = """() => {
    const field = document.querySelector('#gr-q');
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d');
    context.font = style.font;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {
        toggles: [...document.querySelectorAll('.gr-toggle')].map(b => {
            const box = b.getBoundingClientRect();
            return [Math.round(box.left), Math.round(box.top), Math.round(box.width)];
        }),
        field: Math.round(field.getBoundingClientRect().width),
        fits: context.measureText(field.placeholder).width <= room,
    };
}"""


def test_turning_filters_on_moves_no_button_and_keeps_the_field_s_placeholder(index):
    """« + 5 » and « + Feu » on: every toggle stays where it was, the text field keeps its width
    beside « Filtres 2 », its placeholder whole."""
    before = index.evaluate(PLACES)
    assert before["fits"]
    facet_button(index, "niveau", "Niveau 5").click()
    facet_button(index, "element", "Élément Feu").click()
    assert index.locator(".gr-filter-open").inner_text() == "Filtres 2"
    assert index.evaluate(PLACES) == before
    facet_button(index, "element", "Élément Feu").click()  # excluded: « − Feu »
    assert index.evaluate(PLACES) == before
