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
