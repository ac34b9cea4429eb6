"""The site search finds every spell by its name, typed exactly or the way people type on a
phone (lower case, no accents): the spell is the first result."""

from __future__ import annotations

import pytest

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
            }""", arg=slug, timeout=4000)
        return True
    except Exception:
        return False


NO_RESULT = "() => !document.querySelector('.md-search-result__list > li')"


def search(page, box, typed: str) -> None:
    """Empty the box (the theme then shows no result) before typing ``typed``: a result on
    screen afterwards answers ``typed``, never the previous query."""
    box.fill("")
    box.press("End")  # the theme reads the query on key up
    page.wait_for_function(NO_RESULT)
    box.fill(typed)
    box.press("End")


def test_every_spell_name_puts_the_spell_first(open_page, spells):
    page = open_page("")
    page.locator('label.md-header__button[for="__search"]').click()  # the magnifier
    box = page.locator("input.md-search__input")
    failures = []
    for slug, spell in sorted(spells.items()):
        for typed in (spell["name"], fold(spell["name"])):
            search(page, box, typed)
            if not first_result_is(page, slug):
                failures.append(f"« {typed} » → {page.evaluate(FIRST_RESULT)}")
    assert failures == []


def test_results_show_the_text_as_written(open_page):
    page = open_page("")
    page.locator('label.md-header__button[for="__search"]').click()
    box = page.locator("input.md-search__input")
    box.fill("eclair")
    box.press("End")
    assert first_result_is(page, "eclair")
    first = page.locator(".md-search-result__list > li").first
    assert first.locator("h1").inner_text() == "Éclair"
    # The snippet is the spell's own text (with its accents), never a list of folded words.
    assert "Ce sort crée un éclair." in first.inner_text()
