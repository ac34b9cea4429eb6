"""mkdocs-material's site search, typed without accents on a phone-sized screen."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

QUERIES = [
    ("eclair", "eclair"),
    ("oeil", "oeil-de-mage"),
    ("invisibilite", "invisibilite"),
    ("teleportation", "teleportation"),
]


def test_site_search_ignores_accents(reopen, site_url, spells):
    page = reopen("")
    for typed, slug in QUERIES:
        page.goto(site_url)
        page.locator('label.md-header__button[for="__search"]').click()  # the magnifier
        page.locator("input.md-search__input").press_sequentially(typed)
        # The page itself (not one of its sections): …/sorts/<slug>/?h=<typed>
        result = page.locator(
            f'a.md-search-result__link[href*="/sorts/{slug}/?h="]:not([href*="#"])'
        )
        result.wait_for(timeout=10_000)
        assert spells[slug]["name"] in result.inner_text()
        result.click()
        page.wait_for_url(f"**/sorts/{slug}/**")
        assert page.locator("h1").inner_text() == spells[slug]["name"], typed


def test_a_search_result_opens_its_page_at_the_first_highlighted_word(reopen, site_url):
    """Vol’s « malus » is far down its page: the result lands on it, not on the top."""
    page = reopen("")
    page.goto(site_url)
    page.locator('label.md-header__button[for="__search"]').click()
    page.locator("input.md-search__input").press_sequentially("malus")
    result = page.locator('a.md-search-result__link[href*="/sorts/vol/?h="]').first
    result.wait_for(timeout=10_000)
    result.click()
    page.wait_for_url("**/sorts/vol/**")
    on_screen = (
        "() => { const mark = document.querySelector('mark[data-md-highlight]'); if (!mark)"
        " return false; const box = mark.getBoundingClientRect();"
        " return box.top >= 48 && box.bottom <= innerHeight; }"
    )
    page.wait_for_function(on_screen, timeout=15_000)
    assert page.evaluate("() => scrollY") > 500
    # It stays there once the page has settled: its scripts loaded, what comes in below laid
    # out, two frames drawn.
    page.wait_for_load_state("networkidle")
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    assert page.evaluate(on_screen)
