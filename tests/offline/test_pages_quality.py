"""The spellbook's pages and controls at 360 × 740: no sideways scrolling, 44 px tap targets
(axe-core on the same states: tests/browser/test_axe_full.py)."""

from __future__ import annotations

import pytest

from tests.conftest import wait_until_settled
from tests.offline.support import store

pytestmark = pytest.mark.browser

BOOK = {
    "version": 1,
    "magie": 2,
    "sorts": [
        {"slug": "vol", "apprentissage": 2, "xp": 5},
        {"slug": "oubli", "apprentissage": 5, "xp": 0},
    ],
}
TAP = 44

# Everything that can be tapped offers 44 × 44 px, except a link inside a sentence.
SMALL_TARGETS = """min => {
    // Parts laid out only when scrolled to (content-visibility: auto, the index's cards) are
    // measured as they will be laid out.
    for (const el of document.querySelectorAll('.md-content *'))
        if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    const inSentence = el => {
        if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
        let block = el.parentElement;
        while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode())
            if (!el.contains(node) && node.textContent.trim()) return true;
        return false;
    };
    return [...document.querySelectorAll(
            ':is(.md-content, dialog) :is(a[href], button, input, select, textarea, summary, label.md-button)')]
        .filter(el => el.checkVisibility({visibilityProperty: true, opacityProperty: true}))
        .filter(el => !el.closest('.gr-sheet') && !el.classList.contains('gr-sr-only'))
        .filter(el => { const b = el.getBoundingClientRect(); return b.width < min || b.height < min; })
        .filter(el => !inSentence(el))
        .map(el => `${el.tagName.toLowerCase()}.${el.className} « ${el.textContent.trim().slice(0, 30)} »`);
}"""


def prepare(page, site_url, name):
    """Open one of the pages under test, in the state a reader sees it."""
    if name == "grimoire":
        page.goto(site_url + "grimoire/")
        store(page, BOOK)
        page.goto(site_url + "grimoire/?livre=1.0.vol_1_0.acceleration_3_2")
        page.locator("[data-book-offer]").wait_for()
        page.get_by_role("button", name="Créer un lien de partage").click()
    elif name == "grimoire-vide":
        page.goto(site_url + "grimoire/")
        page.locator("[data-book-empty]").wait_for()
    elif name == "cartes":
        page.goto(site_url + "cartes/?sorts=vol,teleportation")
        page.wait_for_selector(".gr-deck[data-ready]")
    elif name == "dialogue":
        page.goto(site_url + "sorts/vol/")
        page.get_by_role("button", name="Ajouter à Mon grimoire").click()
        page.locator("dialog.gr-book-dialog").wait_for()
    elif name == "index":
        page.goto(site_url + "sorts/?niveau=9")
        page.wait_for_selector(".gr-count:not(:empty)")
    elif name == "accueil":
        page.goto(site_url)
        page.wait_for_selector(".gr-offline[data-state]")
    wait_until_settled(page)


PAGES = ["grimoire", "grimoire-vide", "cartes", "dialogue", "index", "accueil"]


@pytest.mark.parametrize("name", PAGES)
def test_no_sideways_scrolling_and_large_targets(site_url, new_context, name):
    page = new_context().new_page()
    prepare(page, site_url, name)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    assert page.evaluate(SMALL_TARGETS, TAP) == []
