"""The site search finds every spell by its name, typed exactly or the way people type on a
phone (lower case, no accents): the spell is the first result."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.support import fold

pytestmark = pytest.mark.browser

FIRST_RESULT = """() => {
    const link = document.querySelector('.md-search-result__list > li a.md-search-result__link');
    return link ? new URL(link.href).pathname : null;
}"""


def first_result_is(page, slug: str) -> bool:
    try:
        page.wait_for_function(
            """slug => {
                const link = document.querySelector(
                    '.md-search-result__list > li a.md-search-result__link');
                return !!link && new URL(link.href).pathname.endsWith('/sorts/' + slug + '/');
            }""",
            arg=slug,
            timeout=4000,
        )
        return True
    except PlaywrightTimeout:
        return False


#: Types each query in the theme's search box (its value, then the key up the theme reads) and
#: waits, frame by frame and at most 4 s, for the first result to be the spell; returns the
#: queries whose first result is another page, with that page.
TYPE_EACH = """async (queries) => {
    const box = document.querySelector('input.md-search__input');
    const first = () => {
        const link = document.querySelector(
            '.md-search-result__list > li a.md-search-result__link');
        return link ? new URL(link.href).pathname : null;
    };
    const frame = () => new Promise(done => requestAnimationFrame(done));
    const failures = [];
    for (const [typed, slug] of queries) {
        box.value = typed;
        box.dispatchEvent(new KeyboardEvent('keyup', {key: 'End', bubbles: true}));
        const end = performance.now() + 4000;
        while (!(first() || '').endsWith('/sorts/' + slug + '/') && performance.now() < end) {
            await frame();
        }
        if (!(first() || '').endsWith('/sorts/' + slug + '/')) {
            failures.push(`« ${typed} » → ${first()}`);
        }
    }
    return failures;
}"""


def test_every_spell_name_puts_the_spell_first(reopen, spells):
    page = reopen("")
    page.locator('label.md-header__button[for="__search"]').click()  # the magnifier
    box = page.locator("input.md-search__input")
    box.fill("vol")  # the first query, typed: the search answers keys typed in its box
    box.press("End")
    assert first_result_is(page, "vol")
    # Every exact name, then every folded one: two queries in a row never aim at the same spell,
    # so results still on screen from the query before cannot pass for this one's (they could
    # only if the query before failed, which is already a failure).
    queries = [
        [fold(spell["name"]) if folded else spell["name"], slug]
        for folded in (False, True)
        for slug, spell in sorted(spells.items())
    ]
    assert page.evaluate(TYPE_EACH, queries) == []


def test_results_show_the_text_as_written(reopen):
    page = reopen("")
    page.locator('label.md-header__button[for="__search"]').click()
    box = page.locator("input.md-search__input")
    box.fill("eclair")
    box.press("End")
    assert first_result_is(page, "eclair")
    first = page.locator(".md-search-result__list > li").first
    assert first.locator("h1").inner_text() == "Éclair"
    # The snippet is the spell's own text (with its accents), never a list of folded words.
    assert "Ce sort crée un éclair." in first.inner_text()
