"""axe-core with its full default rule set (best practices included, not only the WCAG tags)
reports nothing on the site's pages and the states a reader brings them to at 360 px, in the light
scheme; turned dark, the same page passes every default rule that reads colours. Each state also
fits the phone: no sideways scrolling, nothing sticking out, 44 px tap targets."""

from __future__ import annotations

import json

import pytest

from tests.browser.support import (
    AXE,
    PHONE,
    clear_site_storage,
    open_tables,
    phone_problems,
    turn_dark,
)
from tests.conftest import wait_until_settled
from tests.grimoire.support import BOOK, open_with_book

pytestmark = pytest.mark.browser

#: name: (address, what shows the page is ready). Each state holds the one before it where they
#: share a page: a spell page opened on a level's anchor, a stored spellbook receiving a link.
PAGES = {
    "accueil": ("", ".gr-offline[data-state]"),
    "index": ("sorts/", ".gr-count:not(:empty)"),
    "index filtré": ("sorts/?niveau=5,-9&element=-feu&tri=2-desc", ".gr-count:not(:empty)"),
    "sort à sous-titres": ("sorts/teleportation/", ".gr-book-add"),
    "sort long": ("sorts/invocation-de-monstre/", ".gr-book-add"),
    "sort, ancre de niveau": ("sorts/invisibilite/#niveau-5", ".gr-book-add"),
    "dialogue d'ajout": ("sorts/vol/", ".gr-book-add"),
    "règles": ("regles/", "body"),
    "calculateurs": ("calculateurs/", "body"),
    # Each calculator answered with its default values: its figures and its chart drawn.
    "calculateurs, réponses": ("calculateurs/", "section[data-calc=study] button[type=submit]"),
    "grimoire vide": ("grimoire/", "[data-book-empty]"),
    "grimoire reçu par lien": ("grimoire/?livre=1.0.vol_1_0.acceleration_3_2", "[data-book-offer]"),
    "cartes": ("cartes/?sorts=vol,teleportation", ".gr-deck[data-ready]"),
    "grimoire à la table": (
        "grimoire/?lancer=vol&de=7&magie=2&app=2&mod=-1&lecture=natural",
        "[data-book-replay]:not([hidden])",
    ),
    # The update « La table » hands back: one cast of Vol (face 7), offered, then merged.
    "grimoire, mise à jour reçue": (
        "grimoire/?maj=1.2.modified..vol.l0_7_0_2_mx9nbpc0",
        "[data-book-update]:not([hidden])",
    ),
    "grimoire mis à jour": (
        "grimoire/?maj=1.2.modified..vol.l0_7_0_2_mx9nbpc0",
        "[data-book-update]:not([hidden])",
    ),
    "sort de mon grimoire": ("sorts/vol/", "[data-your-odds]"),
    "duel à la table": ("grimoire/", ".gr-book__entry"),
    "duel contre un autre grimoire": ("grimoire/", ".gr-book__entry"),
    "table vide": ("table/", "[data-table-main]:not([hidden])"),
    # A party link of two wizards, one named (« Ysolde »), one not: by wizard, then by spell.
    "table de deux magiciens": (
        "table/?livres=3.3.modified.WXNvbGRl.vol_2_5.eclair_0_0~3.1.natural..vol_1_0",
        ".gr-party__wizard",
    ),
    "table par sort": (
        "table/?livres=3.3.modified.WXNvbGRl.vol_2_5.eclair_0_0~3.1.natural..vol_1_0",
        ".gr-party__wizard",
    ),
    # A duel between the two: planned (the opponent picked), then under way.
    "table, duel choisi": (
        "table/?livres=3.3.modified.WXNvbGRl.vol_2_5.eclair_0_0~3.1.natural..vol_1_0",
        ".gr-party__wizard",
    ),
    "table, duel en cours": (
        "table/?livres=3.3.modified.WXNvbGRl.vol_2_5.eclair_0_0~3.1.natural..vol_1_0",
        ".gr-party__wizard",
    ),
    # A study for the second wizard, its first test called.
    "table, étude en cours": (
        "table/?livres=3.3.modified.WXNvbGRl.vol_2_5.eclair_0_0~3.1.natural..vol_1_0",
        ".gr-party__wizard",
    ),
    # A cast for Ysolde, then her spellbook handed back: its QR code and link.
    "table, grimoire rendu": (
        "table/?livres=3.3.modified.WXNvbGRl.vol_2_5.eclair_0_0~3.1.natural..vol_1_0",
        ".gr-party__wizard",
    ),
}
#: The states that open on a stored spellbook.
WITH_BOOK = (
    "grimoire reçu par lien",
    "grimoire à la table",
    "grimoire, mise à jour reçue",
    "grimoire mis à jour",
    "sort de mon grimoire",
    "duel à la table",
    "duel contre un autre grimoire",
)


#: The spell pages whose chart and full tables are put in the page first (they come in as the
#: reader nears them), the chart marked with the reader's wizard in the second.
TABLES_OPENED = ("sort long", "sort de mon grimoire")


#: The engine has answered for the stored spellbook: no figure is « calcul… » any more, and
#: figures are numbers (a spell at its highest level has none: « — »).
FIGURES_SHOWN = """() => {
    const figures = [...document.querySelectorAll('.gr-book__figures dd')];
    return figures.some(dd => /\\d/.test(dd.textContent))
        && !figures.some(dd => dd.textContent.startsWith('calcul'));
}"""


#: The stored spellbook of those states, its spells at 0 XP: their figures come from the build's
#: data, so the states are the same without the engine booting in the background meanwhile (the
#: spellbook's tests cover a spell with XP, answered by the engine).
AXE_BOOK = {**BOOK, "sorts": [{**entry, "xp": 0} for entry in BOOK["sorts"]]}


#: A part of each calculator's chart, drawn with its answer.
CALCULATOR_CHARTS = (
    "section[data-calc=cast] .gr-bar__seg",
    "section[data-calc=cast] [data-bars=at_least] .gr-bars__row",
    "section[data-calc=duel] [data-bars=odds] .gr-bars__row",
    "section[data-calc=progression] .gr-curve svg",
    "section[data-calc=study] [data-bars=distribution] .gr-bars__row",
)


def bring_further(page, name):
    """The states of an update: offered then merged on « Mon grimoire », handed back at « La
    table »; the table by spell; the calculators answered."""
    if name == "grimoire mis à jour":
        page.get_by_role("button", name="Mettre à jour mon grimoire").click()
        page.locator("[data-book-updated]:not([hidden])").wait_for()
    elif name == "table, grimoire rendu":
        page.get_by_role("button", name="Lancer — Vol, Ysolde").click()
        page.locator(".gr-party__panel").get_by_role("button", name="7", exact=True).click()
        page.locator("[data-table-journal-list] li").first.wait_for()
        page.get_by_role("button", name="Rendre son grimoire : Ysolde").click()
        page.locator("svg.gr-qr").wait_for()
    elif name.startswith("table, duel"):
        page.get_by_role("button", name="Duel — Vol, Ysolde").click()
        page.locator("[data-table-duel-odds]").wait_for()
        if name == "table, duel en cours":
            page.get_by_role("button", name="Commencer le duel").click()
            page.locator(".gr-party__duel .gr-cast__pad").get_by_role(
                "button", name="3", exact=True
            ).click()
            page.locator("[data-table-duel-step='1']").wait_for()
    elif name == "table, étude en cours":
        page.get_by_role("button", name="Étudier — Vol, Magicien 2").click()
        page.get_by_role("button", name="Commencer la séance").click()
        page.get_by_role("button", name="Test réussi").click()
        page.locator("[data-study-where]").wait_for()
    elif name == "calculateurs, réponses":
        for calc in ("cast", "duel", "progression", "study"):
            page.locator(f"section[data-calc={calc}] button[type=submit]").click()
        for chart in CALCULATOR_CHARTS:
            page.locator(chart).first.wait_for()
    elif name == "table par sort":
        page.get_by_role("button", name="Par sort").click()
        page.locator(".gr-party__spell").first.wait_for()


def bring_to_state(page, site_url, name):
    """Open the page under test in the state a reader brings it to."""
    path, ready = PAGES[name]
    if name in WITH_BOOK:
        open_with_book(page, site_url, path, AXE_BOOK)
    else:
        page.goto(site_url + path)
    page.wait_for_selector(ready, state="attached")
    if name == "dialogue d'ajout":
        page.get_by_role("button", name="Ajouter à Mon grimoire").click()
        page.locator("dialog.gr-book-dialog").wait_for()
    elif name == "grimoire reçu par lien":
        page.get_by_role("button", name="Créer un lien de partage").click()
    elif name == "grimoire à la table":
        # Opened on a replayed cast; then a cast on the die's pad: the cast panel, its outcome
        # and the journal show.
        page.get_by_role("button", name="Lancer Vol").click()
        page.get_by_role("group", name="Face du dé du MJ :").get_by_role(
            "button", name="7", exact=True
        ).click()
        page.locator("[data-book-journal-list] li").first.wait_for()
        # The page's die: its outcome and the link that replays it.
        page.get_by_role("button", name="Lancer le dé").click()
        page.locator("[data-cast-replay]").wait_for()
    elif name == "duel à la table":
        # A duel under way: the opponent typed, my cast's face in, the pad for theirs.
        page.get_by_role("button", name="Duel avec Vol").click()
        page.get_by_role("button", name="Commencer le duel").click()
        page.get_by_role("group", name="Face de votre lancer :").get_by_role(
            "button", name="7", exact=True
        ).click()
        page.get_by_role("group", name="Face du lancer adverse :").wait_for()
    elif name == "duel contre un autre grimoire":
        # The opponent from another spellbook's share link: its spells offered, its reading said.
        page.get_by_role("button", name="Duel avec Vol").click()
        pasted = page.get_by_label("Lien du grimoire adverse (facultatif)")
        pasted.fill(site_url + "grimoire/?livre=2.4.natural.eclair_3_0.teleportation_1_0")
        pasted.dispatch_event("change")
        page.get_by_role("group", name="Sort adverse").wait_for()
    else:
        bring_further(page, name)
    if name in TABLES_OPENED:
        open_tables(page)
    wait_until_settled(page)
    if name == "grimoire reçu par lien":
        # The stored spellbook's figures are shown.
        page.wait_for_function(FIGURES_SHOWN, timeout=60_000)


#: The default rules whose result depends on the colours (the only thing the dark scheme changes):
#: text contrast, and links told from the text around them by their colour.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def axe_violations(page, rules: list[str] | None = None) -> list[str]:
    options = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    result = page.evaluate("(options) => axe.run(document, options)", options)
    return [
        f"{v['id']}: {v['help']} — " + "; ".join(str(n["target"]) for n in v["nodes"][:5])
        for v in result["violations"]
    ]


#: The browser context of every state: a phone, light scheme, axe-core injected past the policy.
CONTEXT = {
    "viewport": dict(PHONE),
    "locale": "fr-FR",
    "color_scheme": "light",
    "bypass_csp": True,
    "service_workers": "block",
}


@pytest.fixture(scope="module")
def shared_context(browser):
    """The context of the states without a stored spellbook, each in a page of its own, the
    site's storage emptied first (the states with one store it as their first page loads)."""
    context = browser.new_context(**CONTEXT)
    yield context
    context.close()


@pytest.mark.parametrize("name", list(PAGES))
def test_every_state_passes_axe_and_fits_a_phone(browser, shared_context, site_url, name):
    """Each state in the light scheme with every default rule, measured for a phone, then the
    same page turned dark with the rules that read colours; no script error meanwhile."""
    own = name in WITH_BOOK
    context = browser.new_context(**CONTEXT) if own else shared_context
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        if not own:
            clear_site_storage(context.new_cdp_session(page), site_url)
        bring_to_state(page, site_url, name)
        assert page.locator("body").get_attribute("data-md-color-scheme") == "default"
        page.add_script_tag(path=str(AXE))
        violations = {"light": axe_violations(page)}
        assert phone_problems(page) == {"wider": [], "outside": [], "small": []}
        turn_dark(page)
        violations["dark"] = axe_violations(page, COLOUR_RULES)
        assert violations == {"light": [], "dark": []}, json.dumps(
            violations, ensure_ascii=False, indent=1
        )
        assert errors == []
    finally:
        page.close()
        if own:
            context.close()
