"""A spell page read on a phone (360 px): the odds tables show the five outcomes without
sideways scrolling, nothing is wider than the screen, and the spell's text comes first."""

from __future__ import annotations

import pytest

import rules
from tests.browser.support import PHONE, open_tables, turn_dark

pytestmark = pytest.mark.browser

# Where the spell's text starts.
TEXT_TOP = """() => document.querySelector('.gr-description').firstElementChild
    .getBoundingClientRect().top + window.scrollY"""

LAYOUT = """() => {
    const width = document.documentElement.clientWidth;
    const tables = [...document.querySelectorAll('.gr-static-tables table')];
    const outside = [...document.querySelectorAll('.md-content *')]
        .filter(el => !el.closest('.gr-table-wrap') && el.checkVisibility())
        .filter(el => el.getBoundingClientRect().right > width + 1)
        .map(el => el.tagName + '.' + el.className);
    const description = document.querySelector('.gr-description');
    const static_ = document.querySelector('.gr-static-tables');
    return {
        title: document.querySelector('h1').textContent.trim(),
        page: document.documentElement.scrollWidth, width,
        scrolling: tables.filter(t => t.parentElement.scrollWidth > t.parentElement.clientWidth)
                         .map(t => t.className + ' ' + (t.dataset.magic || '')),
        outcomes: [...document.querySelectorAll('.gr-odds-table')].map(t =>
            [...t.querySelectorAll('tbody tr[data-outcome] th')].map(th => {
                const box = th.getBoundingClientRect();
                const cells = [...th.parentElement.cells].map(c => c.getBoundingClientRect().right);
                return [th.textContent.trim(), Math.max(...cells) <= width + 1 && box.left >= 0];
            })),
        outside,
        textFirst: !!(description.compareDocumentPosition(static_) &
                      Node.DOCUMENT_POSITION_FOLLOWING),
        textTop: description.firstElementChild.getBoundingClientRect().top + window.scrollY,
    };
}"""


#: Puts the spell page at ``url`` in place of the open one, as a page load would show it without
#: scripts: its body parsed by the browser under the same styles (each page's head must link the
#: same stylesheets, else false and the test loads it). A navigation costs a new document (parse,
#: styles, layout from scratch) for the same layout: 110 of them were most of the test's time.
SWAP = """async (url) => {
    const html = await (await fetch(url)).text();
    const next = new DOMParser().parseFromString(html, 'text/html');
    const styles = doc => [...doc.head.querySelectorAll('link[rel~=stylesheet], style')]
        .map(el => el.outerHTML).join('\\n');
    if (styles(next) !== styles(document)) return false;
    document.title = next.title;
    document.body.replaceWith(document.adoptNode(next.body));
    window.scrollTo(0, 0);
    return true;
}"""

#: How many spell pages are opened with their scripts, light then dark: those whose text starts
#: lowest without them.
LOWEST = 4


def layout_problems(slug: str, layout: dict, labels: list[str]) -> list:
    problems = []
    if layout["textTop"] >= PHONE["height"]:
        problems.append((slug, "texte à", layout["textTop"]))
    if layout["page"] > 360 or layout["scrolling"] or layout["outside"] or not layout["textFirst"]:
        problems.append(
            (slug, layout["page"], layout["scrolling"], layout["outside"][:3], layout["textFirst"])
        )
    for table in layout["outcomes"]:
        if [label for label, _ in table] != labels or not all(shown for _, shown in table):
            problems.append((slug, table))
    if len(layout["outcomes"]) != 3:
        problems.append((slug, "tableaux", len(layout["outcomes"])))
    return problems


def test_every_spell_page_reads_on_a_phone(open_page, site_url, spells):
    """Every spell page without JavaScript, then with it, light and dark, the pages whose text
    starts lowest. The scripts add the same row of actions above the text of every page (checked:
    the same shift on each page opened both ways), so these are the pages that could miss the
    first screen."""
    labels = [outcome.label for outcome in rules.Outcome]
    assert len(labels) == 5
    page = open_page("", java_script_enabled=False)
    problems, tops, swapped = [], {}, 0
    for slug in sorted(spells):
        url = site_url + f"sorts/{slug}/"
        if tops and page.evaluate(SWAP, url):
            swapped += 1
        else:
            page.goto(url)
        layout = page.evaluate(LAYOUT)
        assert layout["title"] == spells[slug]["name"]
        problems += layout_problems(slug, layout, labels)
        tops[slug] = layout["textTop"]
    assert problems == [] and swapped == len(spells) - 1
    lowest = sorted(tops, key=tops.get, reverse=True)[:LOWEST]
    page = open_page("")
    shifts = set()
    for slug in lowest:
        page.emulate_media(color_scheme="light")
        page.goto(site_url + f"sorts/{slug}/")
        page.wait_for_selector(".gr-book-add")
        open_tables(page)
        layout = page.evaluate(LAYOUT)
        problems += layout_problems(slug, layout, labels)
        shifts.add(round(layout["textTop"] - tops[slug]))
        turn_dark(page)
        if (top := page.evaluate(TEXT_TOP)) >= PHONE["height"]:
            problems.append((slug, "texte à", top, "en sombre"))
    assert problems == []
    assert len(shifts) == 1 and shifts.pop() > 0


def test_a_lost_image_is_one_line_that_opens_its_caption(reopen):
    page = reopen("sorts/eclair/")
    fold = page.locator(".gr-figure-fold")
    summary = fold.locator("summary")
    box = summary.bounding_box()
    assert 44 <= box["height"] < 60
    caption = fold.locator("figcaption")
    assert not caption.is_visible()
    summary.click()
    assert caption.is_visible()
    assert "Zone d'effet du sort d'éclair du 3e (1 seule direction)" in caption.inner_text()


def test_the_numbers_that_matter_are_readable(reopen):
    """Percentages of the odds at 16 px, their fractions and the XP table at 14 px at least, the
    fields at the size of the text: on a phone, without sideways scrolling."""
    page = reopen("sorts/boule-de-feu/")
    open_tables(page)
    sizes = page.evaluate("""() => Object.fromEntries(
        ['.gr-odds-table .gr-pct', '.gr-odds-table .gr-frac', '.gr-xp-table td', '.gr-fields dd',
         '.gr-description p'].map(sel => [sel, [...new Set([...document.querySelectorAll(sel)]
            .map(el => parseFloat(getComputedStyle(el).fontSize)))]]))""")
    assert sizes[".gr-odds-table .gr-pct"] == [16]
    assert min(sizes[".gr-odds-table .gr-frac"]) >= 14
    assert min(sizes[".gr-xp-table td"]) >= 14
    assert sizes[".gr-fields dd"] == sizes[".gr-description p"] == [16]


def test_a_spell_page_keeps_its_dom_small(reopen, site_url):
    """Elements of a spell page once its scripts ran (Boule de feu: 745 before the odds cells
    became one element and a fraction; 4 more since each calculator folds its full tables; 33 more
    for the odds chart above the tables, 1 for the cast calculator's « at least » bars, 1 for the
    progression's curve, its title and picture drawn with the answer; 66 fewer since each
    calculator's answer waits in a <template> until the first one; 349 fewer since the chart and
    full tables come in as the reader nears them)."""
    page = reopen("sorts/boule-de-feu/")
    page.wait_for_selector(".gr-book-add")
    count = """() => ({all: document.getElementsByTagName('*').length,
        tables: document.querySelector('.gr-static-tables').getElementsByTagName('*').length})"""
    before = page.evaluate(count)
    assert before["tables"] == 4  # two headings, and the two blocks kept for later
    assert before["all"] <= 304
    open_tables(page)
    after = page.evaluate(count)
    assert after["tables"] == 353  # the same tables as before they were kept for later


def test_the_rules_below_the_text_are_laid_out_only_as_the_reader_nears_them(reopen):
    """The calculators cost no style or layout work while they are screens away, and the chart
    and full tables (most of a spell page's elements) are not in the page yet; both are there
    once the reader scrolls to them."""
    page = reopen("sorts/invocation-de-monstre/")
    page.wait_for_selector(".gr-book-add")
    skipped = """() => !document.querySelector('.gr-spell-rules .gr-calc')
        .checkVisibility({contentVisibilityAuto: true})"""
    assert page.evaluate(skipped)
    assert page.locator(".gr-spell-rules .gr-odds-table").count() == 0
    page.locator(".gr-spell-rules").scroll_into_view_if_needed()
    page.wait_for_function(f"() => !({skipped})()")
    page.locator(".gr-static-tables").scroll_into_view_if_needed()
    page.locator(".gr-spell-rules .gr-odds-table").first.wait_for()
    assert page.locator(".gr-spell-rules .gr-odds-table").count() == 3
    assert page.locator(".gr-spell-rules svg[data-chart=cast]").count() == 1


def test_the_title_starts_under_the_header_and_a_level_s_link_is_muted(reopen):
    """No empty band between the header and the spell's name; a level line's « # » link in the
    muted colour of the text, not the purple of links (until the line is the one linked to)."""
    page = reopen("sorts/vol/")
    page.wait_for_selector(".gr-book-add")
    found = page.evaluate("""() => {
        const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
        const title = document.querySelector('h1').getBoundingClientRect().top;
        const probe = (variable) => {
            const span = document.createElement('span');
            span.style.color = `var(${variable})`;
            document.querySelector('.gr-description').append(span);
            const color = getComputedStyle(span).color;
            span.remove();
            return color;
        };
        const links = [...document.querySelectorAll('.gr-level .gr-level-link')];
        return {band: title - header, links: links.length,
                colors: [...new Set(links.map(a => getComputedStyle(a).color))],
                muted: probe('--md-default-fg-color--light'), link: probe('--md-typeset-a-color')};
    }""")
    assert 0 <= found["band"] <= 16
    assert found["links"] >= 3
    assert found["muted"] != found["link"]
    assert found["colors"] == [found["muted"]]
