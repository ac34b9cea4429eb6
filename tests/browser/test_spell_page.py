"""A spell page in headless Chromium: share its link, land on a level, follow an alias."""

from __future__ import annotations

import pytest

from tests.browser.support import alias_slug, in_viewport, level_anchor
from tests.conftest import wait_until_settled

pytestmark = pytest.mark.browser

CLIPBOARD = ["clipboard-read", "clipboard-write"]


def aliases_with_their_own_url(spells) -> list[tuple[str, str]]:
    """(alias URL slug, canonical slug) for every alias whose URL differs from the spell's."""
    return [
        (alias_slug(alias), slug)
        for slug, spell in sorted(spells.items())
        for alias in spell["aliases"]
        if alias_slug(alias) != slug and alias_slug(alias) not in spells
    ]


def target_style(page, anchor: str) -> dict:
    return page.evaluate(
        """id => {
            const el = document.getElementById(id);
            const style = getComputedStyle(el);
            return {target: el.matches(':target'), outline: style.outlineStyle,
                    background: style.backgroundColor};
        }""",
        anchor,
    )


# ---------------------------------------------------------------- « Copier le lien »


@pytest.mark.parametrize("path", ["sorts/invisibilite/", "sorts/invisibilite/#niveau-5"])
def test_copy_link_copies_the_page_address(open_page, site_url, path):
    page = open_page(path, permissions=CLIPBOARD)
    button = page.get_by_role("button", name="Copier le lien")
    assert button.is_visible()
    page.evaluate("navigator.clipboard.writeText('avant')")
    button.click()
    status = page.get_by_role("status").filter(has_text="Lien copié")
    status.wait_for()
    assert status.inner_text() == f"Lien copié : {site_url}{path}"
    assert page.evaluate("navigator.clipboard.readText()") == site_url + path


def test_copy_link_works_without_the_clipboard_api(open_page, site_url, browser):
    """Served over plain http on a local network, a page has no navigator.clipboard."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, locale="fr-FR", permissions=CLIPBOARD
    )
    try:
        page = context.new_page()
        page.add_init_script(
            "Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined})"
        )
        page.goto(site_url + "sorts/vol/")
        assert page.evaluate("navigator.clipboard") is None
        page.get_by_role("button", name="Copier le lien").click()
        page.get_by_role("status").filter(has_text="Lien copié").wait_for()
        reader = context.new_page()  # a page with the API reads what the other one copied
        reader.goto(site_url + "sorts/")
        assert reader.evaluate("navigator.clipboard.readText()") == site_url + "sorts/vol/"
    finally:
        context.close()


def test_copy_link_button_is_absent_without_javascript(open_page):
    page = open_page("sorts/invisibilite/", java_script_enabled=False)
    assert not page.get_by_role("button", name="Copier le lien").is_visible()


# ---------------------------------------------------------------- per-level anchors


def test_a_level_link_scrolls_to_that_level_and_highlights_it(reopen):
    page = reopen("sorts/invisibilite/#niveau-5")
    wait_until_settled(page)  # late layout (calculators) must not move the level away
    box = in_viewport(page, "#niveau-5")
    assert box["inside"], box
    assert box["top"] > 0  # the page did scroll: the level is far below the title
    assert page.evaluate("scrollY") > 0
    style = target_style(page, "niveau-5")
    assert style["target"] and style["outline"] != "none"
    assert target_style(page, "niveau-4") == {
        **style,
        "target": False,
        "outline": "none",
        "background": "rgba(0, 0, 0, 0)",
    }
    assert page.locator("#niveau-5").inner_text().startswith("Niveau 5")


@pytest.mark.parametrize("slug", ["invisibilite", "missile-magique", "teleportation"])
def test_level_chips_lead_to_their_anchor(reopen, spells, slug):
    page = reopen(f"sorts/{slug}/")
    anchors = [level_anchor(entry) for entry in spells[slug]["per_level"]]
    chips = page.locator(".gr-levels").get_by_role("link")
    assert [f"#{a}" for a in anchors] == [
        chips.nth(i).get_attribute("href") for i in range(chips.count())
    ]
    for i, anchor in enumerate(reversed(anchors)):
        chips.nth(len(anchors) - 1 - i).click()
        page.wait_for_function("id => location.hash === '#' + id", arg=anchor)
        assert in_viewport(page, f"#{anchor}")["inside"], anchor
        assert target_style(page, anchor)["target"]


def test_the_visible_level_link_points_to_its_own_anchor(reopen):
    page = reopen("sorts/invisibilite/")
    link = page.get_by_role("link", name="Lien vers ce passage (niveau 5)")
    assert link.get_attribute("href") == "#niveau-5"
    link.click()
    assert page.url.endswith("/sorts/invisibilite/#niveau-5")
    assert in_viewport(page, "#niveau-5")["inside"]


# ---------------------------------------------------------------- aliases


def test_there_is_an_alias_url_to_test(spells):
    assert ("image-miroir", "images-miroir") in aliases_with_their_own_url(spells)


@pytest.mark.parametrize("suffix", ["", "#niveau-3", "?x=1#niveau-2"])
def test_alias_urls_end_on_the_canonical_page(reopen, site_url, spells, suffix):
    for alias, slug in aliases_with_their_own_url(spells):
        page = reopen(f"sorts/{alias}/{suffix}")
        page.wait_for_url(f"{site_url}sorts/{slug}/{suffix}")
        page.wait_for_load_state("load")
        assert page.locator("h1").inner_text() == spells[slug]["name"]


# ---------------------------------------------------------------- shared calculator links

LANDING = """() => {
    const el = document.activeElement;
    return {id: el.id, top: el.getBoundingClientRect().top, height: window.innerHeight};
}"""


@pytest.mark.parametrize(
    "path, title",
    [
        ("calculateurs/?duel-magie=3&duel-element=feu", "duel-titre"),
        ("calculateurs/?etude-heures=2", "etude-titre"),
        # A roll's link carries its face: the build's data replays it, with no engine to wait for
        # (links with a seed, replayed by the engine: test_widgets_browser.py).
        ("sorts/boule-de-feu/?lancer-magie=6&lancer-apprentissage=5&lancer-de=7", "lancer-titre"),
    ],
)
def test_a_shared_calculator_link_lands_on_its_calculator(reopen, path, title):
    page = reopen(path)
    page.wait_for_function(f"document.activeElement && document.activeElement.id === '{title}'")
    wait_until_settled(page)  # the calculators above have drawn their results
    landing = page.evaluate(LANDING)
    assert 0 <= landing["top"] < landing["height"] / 2
    if "lancer-de=" in path:  # and the roll it shares is shown again
        assert page.locator('section[data-calc="cast"] [data-out="roll.face"]').inner_text() == "7"


def test_the_calculators_page_has_jump_links_to_its_four_calculators(reopen):
    page = reopen("calculateurs/")
    links = page.get_by_role("navigation", name="Aller au calculateur").get_by_role("link")
    assert links.all_inner_texts() == ["Lancer un sort", "Duel", "Progression", "Étude"]
    for link in links.all():
        target = link.get_attribute("href")[1:]
        assert page.locator(f"#{target}").count() == 1
