"""« La table », the MJ's page, in headless Chromium with one browser context per person at the
table (the MJ and two players, 360 × 740): the players share their books, the MJ gathers them
from a chat message and a file, sees the party by wizard and by spell with each wizard's odds
(checked against ``rules``), reloads, keeps the table in a link, and hostile or broken links
are refused in French without touching the table. The MJ's own « Mon grimoire » is never
written."""

from __future__ import annotations

import json
import re
import subprocess

import pytest
import yaml

import rules
from tests.conftest import ROOT
from tests.grimoire.support import STORAGE_KEY, book_of, open_with_book, stored

pytestmark = pytest.mark.browser

#: The table's storage key, read from its one home.
TABLE_KEY = re.search(
    r'^export const TABLE_KEY = "([^"]+)";$',
    (ROOT / "widgets" / "grimoire" / "static" / "table-party.js").read_text(encoding="utf-8"),
    re.M,
)[1]
SPELLS = {
    p.stem: yaml.safe_load(p.read_text(encoding="utf-8"))
    for p in sorted((ROOT / "spells").glob("*.yaml"))
}
YSOLDE = {
    "version": 3,
    "nom": "Ysolde <b>l’Ancienne</b>",
    "magie": 3,
    "reglages": {"lecture": "modified"},
    "sorts": [
        {"slug": "vol", "apprentissage": 2, "xp": 5},
        {"slug": "boule-de-feu", "apprentissage": 5, "xp": 40},
    ],
    "journal": [],
}
BRANNOCK = {
    "version": 3,
    "nom": "Brannock",
    "magie": 6,
    "reglages": {"lecture": "natural"},
    "sorts": [
        {"slug": "eclair", "apprentissage": 3, "xp": 4},
        {"slug": "vol", "apprentissage": 1, "xp": 0},
        {"slug": "oubli", "apprentissage": 0, "xp": 0},
    ],
    "journal": [],
}
#: A file of version 2, without a name: « Magicien 3 » at the table.
UNNAMED = {
    "format": "grimoire-livre",
    "version": 2,
    "magie": 1,
    "reglages": {"lecture": "modified"},
    "sorts": [{"slug": "vol", "apprentissage": 3, "xp": 0}],
}


def chance(book: dict, spell: dict) -> str:
    """The wizard's chance to cast ``spell`` as the table must write it, from ``rules``."""
    facts = f"apprentissage {spell['apprentissage']}, {spell['xp']} XP"
    if spell["apprentissage"] < rules.MIN_LEARNING:
        return facts + " ; pas encore lançable"
    odds = rules.cast_odds(
        book["magie"], spell["apprentissage"], extremes=book["reglages"]["lecture"]
    )
    p = sum(v for o, v in odds.items() if o.is_cast)
    return f"{facts} ; chance de lancer {rules.format_percent(p)} ({rules.format_fraction(p)})"


def table_of(page) -> dict:
    return json.loads(page.evaluate("key => localStorage.getItem(key)", TABLE_KEY) or "null")


def wizards(page) -> list[str]:
    return page.locator(".gr-party__wizard h2").all_inner_texts()


def test_the_mj_gathers_the_party_and_keeps_it(site_url, new_context, tmp_path):
    _, ysolde = player(new_context, site_url, YSOLDE)
    _, brannock = player(new_context, site_url, BRANNOCK)

    mj = new_context(engine=False).new_page()
    mj.goto(site_url + "table/")
    mj.locator("[data-table-empty]").wait_for()
    broken = site_url + "grimoire/?livre=3.0.natural..vol_9_0"
    message = f"Voici nos grimoires : {ysolde} et <{brannock}>. Le mien : {broken} !"
    mj.get_by_label("Liens de partage des joueurs").fill(message)
    mj.get_by_role("button", name="Ajouter à la table").click()
    mj.locator(".gr-party__wizard").nth(1).wait_for()
    said = mj.inner_text("[data-table-message]")
    assert said.startswith(f"À la table : {YSOLDE['nom']}, Brannock.")
    assert "lien n° 3 : apprentissage de « Vol » : attendu un entier de 0 à 5, reçu « 9 »" in said
    assert wizards(mj) == [YSOLDE["nom"], "Brannock"]  # the name is text, not markup
    assert mj.locator(".gr-party__wizard b").count() == 0

    # Each wizard: magie, reading, and each spell with that wizard's own chance, from rules/.
    for book, block in zip((YSOLDE, BRANNOCK), mj.locator(".gr-party__wizard").all(), strict=True):
        reading = rules.EXTREMES_LABELS[book["reglages"]["lecture"]]
        assert (
            block.locator(".gr-party__caster").inner_text() == f"Magie {book['magie']} · {reading}"
        )
        shown = block.locator(".gr-party__facts").all_inner_texts()
        by_name = sorted(book["sorts"], key=lambda s: s["slug"])
        assert sorted(shown) == sorted(chance(book, s) for s in by_name)
    # At 360 × 740 the first screen shows the first wizard's name and a spell of theirs.
    mj.evaluate("window.scrollTo(0, 0)")
    first = mj.locator(".gr-party__wizard").first
    for node in (first.locator("h2"), first.locator(".gr-party__spells li").first):
        box = node.bounding_box()
        assert box["y"] + box["height"] <= 740, box

    # « Par sort »: who knows Vol, each with their own chance.
    mj.get_by_role("button", name="Par sort").click()
    vol = mj.locator(".gr-party__spell").filter(has_text=SPELLS["vol"]["name"]).first
    assert vol.locator(".gr-party__who").all_inner_texts() == [YSOLDE["nom"], "Brannock"]
    assert vol.locator(".gr-party__facts").all_inner_texts() == [
        chance(YSOLDE, YSOLDE["sorts"][0]),
        chance(BRANNOCK, BRANNOCK["sorts"][1]),
    ]

    # A player's file, without a name: « Magicien 3 ». A broken file is named and changes nothing.
    good, bad = tmp_path / "troisieme.json", tmp_path / "abime.json"
    good.write_text(json.dumps(UNNAMED), encoding="utf-8")
    bad.write_text("{", encoding="utf-8")
    mj.get_by_role("button", name="Par magicien").click()
    mj.locator("[data-table-file]").set_input_files([good, bad])
    mj.locator(".gr-party__wizard").nth(2).wait_for()
    said = mj.inner_text("[data-table-message]")
    assert said.startswith("À la table : Magicien 3.")
    assert "fichier « abime.json » : ce n’est pas du JSON valide" in said

    # The file's figures were followed in its journal; the links' are only declared.
    sources = [
        "Chiffres déclarés par son lien, sans journal pour les vérifier.",
        "Chiffres déclarés par son lien, sans journal pour les vérifier.",
        "Chiffres suivis dans le journal de son fichier, vérifiés.",
    ]
    assert mj.locator(".gr-party__source").all_inner_texts() == sources

    # Reloaded: the same table; the MJ's own spellbook was never written.
    mj.reload()
    mj.locator(".gr-party__wizard").nth(2).wait_for()
    assert wizards(mj) == [YSOLDE["nom"], "Brannock", "Magicien 3"]
    assert mj.locator(".gr-party__source").all_inner_texts() == sources
    assert stored(mj) is None
    assert [w["nom"] for w in table_of(mj)["livres"]] == [YSOLDE["nom"], "Brannock", ""]

    # The table's link: it reopens the same table in another browser, in one tap.
    mj.get_by_role("button", name="Créer le lien de la table").click()
    party_link = mj.get_by_label("Lien de la table").input_value()
    assert len(party_link) < 1000
    other = new_context(engine=False).new_page()
    other.goto(party_link)
    other.locator(".gr-party__wizard").nth(2).wait_for()
    assert wizards(other) == wizards(mj)
    assert other.inner_text("[data-table-message]") == "Table ouverte : 3 magiciens."
    # A link, even the table's: whoever opens it gets declared figures.
    assert other.locator(".gr-party__source").all_inner_texts() == [sources[0]] * 3
    assert "livres=" not in other.url

    # Over another table, the link is offered, never imposed.
    mj.get_by_role("button", name="Retirer de la table : Brannock").click()
    assert wizards(mj) == [YSOLDE["nom"], "Magicien 2"]  # the third wizard is now the second
    mj.goto(party_link)
    offer = mj.locator("[data-table-offer]")
    offer.wait_for(state="visible")
    assert "une table de 3 magiciens" in offer.inner_text()
    assert "elle remplacerait la vôtre (2 magiciens)" in offer.inner_text()
    offer.get_by_role("button", name="Remplacer ma table").click()
    assert wizards(mj) == [YSOLDE["nom"], "Brannock", "Magicien 3"]


def test_bad_party_links_and_a_ninth_wizard_are_refused_in_french(site_url, new_context):
    mj = new_context(engine=False).new_page()
    one = "3.3.modified..vol_2_5"
    mj.goto(site_url + "table/?livres=" + one)
    mj.locator(".gr-party__wizard").wait_for()
    assert mj.locator("[data-table-hint]").inner_text() == (
        "Une table se joue de 2 à 8 magiciens : ajoutez-en un autre pour leurs duels."
    )
    before = table_of(mj)
    for value, problem in [
        (one + "~3.0.natural..vol_9_0", "grimoire n° 2 : apprentissage de « Vol »"),
        ("<script>alert(1)</script>", "grimoire n° 1 : caractères inattendus dans le lien"),
        ("~".join([one] * 9), "lien de table de 9 grimoires (au plus 8)"),
    ]:
        mj.goto(site_url + "table/?livres=" + value)
        message = mj.locator("[data-table-message]")
        message.wait_for(state="visible")
        assert message.inner_text().startswith("Lien de table refusé : " + problem), value
        assert message.inner_text().endswith("Votre table n’a pas été modifiée.")
        assert table_of(mj) == before
    # Eight wizards at most: the ninth pasted is refused by name.
    links = " ".join(f"3.{magic}.natural..vol_1_0" for magic in range(1, 9))
    mj.get_by_label("Liens de partage des joueurs").fill(links)
    mj.get_by_role("button", name="Ajouter à la table").click()
    mj.locator(".gr-party__wizard").nth(7).wait_for()
    assert mj.locator(".gr-party__wizard").count() == 8
    assert mj.inner_text("[data-table-message]").endswith(
        "Refusé : la table compte déjà 8 magiciens : Magicien 9 n’y entre pas."
    )
    assert STORAGE_KEY not in mj.evaluate("Object.keys(localStorage)")


def test_a_spell_set_by_hand_says_so_at_the_table(site_url, new_context):
    """A player's link marks a spell whose XP was set by hand (« _m », from a « modifié à la
    main » entry of that player's journal): the MJ sees it by wizard and by spell, the other
    wizard's same spell unmarked."""
    mj = new_context(engine=False).new_page()
    mj.goto(site_url + "table/?livres=3.3.modified.WXNvbGRl.vol_2_5_m~3.1.natural..vol_1_0")
    mj.locator(".gr-party__wizard").nth(1).wait_for()
    facts = mj.locator(".gr-party__wizard .gr-party__facts").all_inner_texts()
    assert facts[0].startswith("apprentissage 2, 5 XP (modifié à la main) ; chance de lancer")
    assert facts[1].startswith("apprentissage 1, 0 XP ; chance de lancer")
    mj.get_by_role("button", name="Par sort").click()
    mj.locator(".gr-party__spell").first.wait_for()
    by_spell = mj.locator(".gr-party__spell .gr-party__facts").all_inner_texts()
    assert sum("(modifié à la main)" in text for text in by_spell) == 1


def test_the_mj_casts_for_a_wizard_offers_the_level_and_undoes(site_url, new_context):
    cost = rules.level_up_cost(2, SPELLS["vol"]["difficulty"])
    # Ysolde's Vol one XP short of its next level; Brannock at the table too.
    near = f"3.3.modified.WXNvbGRl.vol_2_{cost - 1}~3.6.natural..eclair_3_4"
    mj = new_context(engine=False).new_page()
    mj.goto(site_url + "table/?livres=" + near)
    mj.locator(".gr-party__wizard").nth(1).wait_for()
    assert mj.locator("[data-table-journal-empty]").is_visible()
    mj.get_by_role("button", name="Lancer — Vol, Ysolde").click()
    panel = mj.locator(".gr-party__panel")
    assert panel.locator("h3").inner_text() == "Lancer « Vol » pour Ysolde"
    pad = panel.get_by_role("group", name="Face du dé du MJ :")
    assert pad.get_by_role("button").count() == rules.DIE_FACES
    pad.get_by_role("button", name="7", exact=True).click()
    result = rules.cast(3, 2, face=7)
    said = mj.locator(".gr-party__panel .gr-cast__result")
    assert said.inner_text().startswith("Vol : face 7, ")
    assert f"+{result.xp} XP ({cost - 1} → {cost - 1 + result.xp} XP)" in said.inner_text()
    vol = table_of(mj)["livres"][0]["sorts"][0]
    assert vol == {"slug": "vol", "apprentissage": 2, "xp": cost - 1 + result.xp}
    # The XP reached the cost: the level is offered, never taken by itself.
    up = mj.get_by_role("button", name="Passer à l’apprentissage 3")
    assert up.is_visible()
    assert table_of(mj)["livres"][0]["sorts"][0]["apprentissage"] == 2
    # The result, the level's offer and « Annuler ce lancer » together, on the first screen.
    back = mj.locator(".gr-party__panel").get_by_role("button", name="Annuler ce lancer")
    assert on_screen(mj, said) and on_screen(mj, up) and on_screen(mj, back)
    # The other wizard, with a modifier, with the page's own die; a bad modifier is refused.
    mj.get_by_role("button", name="Lancer — Éclair, Magicien 2").click()
    modifier = mj.locator(".gr-party__panel").get_by_label("Modificateur")
    modifier.fill("x")
    assert mj.locator(".gr-party__panel .gr-book__field-error").inner_text() == (
        "Modificateur : attendu un entier de −999 à 999, reçu « x »."
    )
    modifier.fill("-2")
    odds = rules.cast_odds(6, 3, modifier=-2, extremes="natural")
    p = sum(v for o, v in odds.items() if o.is_cast)
    assert (
        mj.locator(".gr-party__panel .gr-cast__odds")
        .inner_text()
        .startswith(f"Chances : lancé {rules.format_fraction(p)} ({rules.format_percent(p)})")
    )
    mj.locator(".gr-party__panel").get_by_role("button", name="Lancer le dé").click()
    mj.locator(".gr-party__panel .gr-cast__result").filter(has_text="Dé lancé : Éclair").wait_for()
    journal = mj.locator("[data-table-journal-list] li").all_inner_texts()
    assert [line.split(" — ")[0] for line in journal] == ["Magicien 2", "Ysolde"]
    assert "(modificateur -2)" in journal[0]
    assert table_of(mj)["livres"][1]["journal"][0]["mod"] == -2
    # The party's evening: each wizard who played, in the table's order.
    summary = mj.inner_text("[data-table-summary]")
    assert summary.startswith(f"Ysolde — la soirée : 1 lancer.\nXP gagnée : Vol +{result.xp}.\n"), (
        summary
    )
    assert "\n\nMagicien 2 — la soirée : 1 lancer.\nXP gagnée : Éclair +" in summary
    # Reloaded: the same journal. « Annuler » takes back the newest entry, then the one before.
    mj.reload()
    mj.locator("[data-table-journal-list] li").nth(1).wait_for()
    mj.get_by_role("button", name="Annuler la dernière entrée").click()
    assert mj.inner_text("[data-table-message]").startswith("Annulé (Magicien 2) : Éclair")
    assert table_of(mj)["livres"][1]["sorts"][0]["xp"] == 4
    mj.get_by_role("button", name="Annuler la dernière entrée").click()
    assert table_of(mj)["livres"][0]["sorts"][0]["xp"] == cost - 1
    assert mj.locator("[data-table-journal-empty]").is_visible()
    assert mj.inner_text("[data-table-summary]") == "Rien encore ce soir."
    assert mj.get_by_role("button", name="Annuler la dernière entrée").is_disabled()
    # Cast again and pass the level: spent from the XP, in the journal.
    mj.get_by_role("button", name="Lancer — Vol, Ysolde").click()
    mj.locator(".gr-party__panel").get_by_role("button", name="12", exact=True).click()
    gained = rules.cast(3, 2, face=12).xp
    mj.get_by_role("button", name="Passer à l’apprentissage 3").click()
    assert table_of(mj)["livres"][0]["sorts"][0] == {
        "slug": "vol",
        "apprentissage": 3,
        "xp": cost - 1 + gained - cost,
    }
    assert mj.locator("[data-table-journal-list] li").first.inner_text().startswith("Ysolde — ")
    # Said in the panel, with its own « Annuler », where the MJ looks; undone there.
    said = mj.locator(".gr-party__panel .gr-cast__result")
    assert said.inner_text().startswith("Vol : ")
    back = mj.get_by_role("button", name="Annuler ce niveau")
    assert on_screen(mj, said) and on_screen(mj, back)
    back.click()
    mj.locator(".gr-party__panel .gr-cast__result").filter(has_text="Annulé (Ysolde)").wait_for()
    assert table_of(mj)["livres"][0]["sorts"][0]["apprentissage"] == 2
    assert xp_of(table_of(mj)["livres"][0], "vol") == (2, cost - 1 + gained)
    assert stored(mj) is None


def on_screen(page, locator) -> bool:
    """Whether ``locator`` is whole within the phone's screen, below the site's header."""
    box = locator.bounding_box()
    header = page.locator(".md-header").bounding_box()
    height = page.viewport_size["height"]
    return (
        box is not None and box["y"] >= header["height"] and box["y"] + box["height"] <= height + 1
    )


def player(new_context, site_url, book):
    """A player's phone, on their spellbook: (page, the share link they send)."""
    page = new_context(engine=False).new_page()
    open_with_book(page, site_url, "grimoire/", book)
    page.locator(".gr-book__entry").first.wait_for()
    page.get_by_role("button", name="Créer un lien de partage").click()
    return page, page.locator("[data-book-link]").input_value()


def gathered(new_context, site_url, *links: str):
    """The MJ's phone on « La table », the players' ``links`` pasted and added."""
    mj = new_context(engine=False).new_page()
    mj.goto(site_url + "table/")
    mj.get_by_label("Liens de partage des joueurs").fill("\n".join(links))
    mj.get_by_role("button", name="Ajouter à la table").click()
    mj.locator(".gr-party__wizard").nth(len(links) - 1).wait_for()
    return mj


def scanned(mj, name: str, tmp_path) -> str:
    """The link of ``name``'s QR code on the MJ's screen, read from a screenshot by zbarimg."""
    mj.get_by_role("button", name=f"Rendre son grimoire : {name}").click()
    code = mj.locator("svg.gr-qr")
    code.wait_for()
    shot = tmp_path / f"qr-{len(list(tmp_path.iterdir()))}.png"
    code.screenshot(path=str(shot))
    read = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True, check=True
    )
    link = read.stdout.strip()
    assert link == mj.get_by_label(f"Lien de mise à jour de {name}").input_value()
    mj.get_by_role("button", name=f"Rendre son grimoire : {name}").click()
    return link


def cast_at_table(mj, spell: str, name: str, face: int) -> None:
    opener = mj.get_by_role("button", name=f"Lancer — {spell}, {name}")
    if opener.count():  # else its panel is open already
        opener.click()
    before = sum(len(w["journal"]) for w in table_of(mj)["livres"])
    mj.locator(".gr-party__panel").get_by_role("button", name=str(face), exact=True).click()
    mj.wait_for_function(
        "([key, n]) => JSON.parse(localStorage.getItem(key)).livres"
        ".reduce((sum, w) => sum + w.journal.length, 0) > n",
        arg=[TABLE_KEY, before],
    )


def xp_of(book: dict, slug: str) -> tuple[int, int]:
    spell = next(s for s in book["sorts"] if s["slug"] == slug)
    return spell["apprentissage"], spell["xp"]


def test_the_mj_hands_each_book_back_by_qr_code_and_the_players_merge(
    site_url, new_context, tmp_path
):
    ysolde, ysolde_link = player(new_context, site_url, YSOLDE)
    brannock, brannock_link = player(new_context, site_url, BRANNOCK)
    mj = gathered(new_context, site_url, ysolde_link, brannock_link)
    # Nothing played yet: nothing to hand back.
    mj.get_by_role("button", name="Rendre son grimoire : Brannock").click()
    assert "Rien à rendre" in mj.locator(".gr-party__handback-panel").inner_text()
    mj.get_by_role("button", name="Rendre son grimoire : Brannock").click()

    # The evening: the MJ casts Vol twice for Ysolde and Éclair for Brannock.
    for face in (7, 12):
        cast_at_table(mj, "Vol", YSOLDE["nom"], face)
    cast_at_table(mj, "Éclair", "Brannock", 12)
    table_xp = [rules.cast(3, 2, face=f, extremes="modified").xp for f in (7, 12)]
    eclair_xp = rules.cast(6, 3, face=12, extremes="natural").xp
    # Meanwhile Ysolde casts Vol on her own phone.
    ysolde.locator(".gr-book__entry[data-slug='vol']").get_by_role(
        "button", name="Lancer Vol"
    ).click()
    ysolde.get_by_role("group", name="Face du dé du MJ :").get_by_role(
        "button", name="3", exact=True
    ).click()
    own_xp = rules.cast(3, 2, face=3, extremes="modified").xp
    assert xp_of(book_of(ysolde), "vol") == (2, 5 + own_xp)

    # Each player scans their code: the link it holds is the one shown, short enough for it.
    ysolde_update = scanned(mj, YSOLDE["nom"], tmp_path)
    brannock_update = scanned(mj, "Brannock", tmp_path)
    assert "/grimoire/?maj=" in ysolde_update and len(ysolde_update) < 1000

    ysolde.goto(ysolde_update)
    offer = ysolde.locator("[data-book-update]")
    offer.wait_for(state="visible")
    assert f"La table a joué 2 entrées pour « {YSOLDE['nom']} »" in offer.inner_text()
    assert offer.locator("li").count() == 2
    offer.get_by_role("button", name="Mettre à jour mon grimoire").click()
    merged = book_of(ysolde)
    # Her own cast is kept; the table's two are added, XP computed with rules/ on its own.
    assert xp_of(merged, "vol") == (2, 5 + own_xp + sum(table_xp))
    assert [(e["type"], e["de"]) for e in merged["journal"]] == [
        ("lancer", 3),
        ("lancer", 7),
        ("lancer", 12),
    ]
    assert xp_of(merged, "vol")[1] == xp_of(table_of(mj)["livres"][0], "vol")[1] + own_xp
    assert "maj=" not in ysolde.url
    # Undone as one, then merged again from the same link; a third opening adds nothing.
    ysolde.get_by_role("button", name="Annuler la mise à jour").click()
    assert ysolde.inner_text("[data-book-message]").startswith("Mise à jour annulée : 2 entrées")
    assert xp_of(book_of(ysolde), "vol") == (2, 5 + own_xp)
    for _ in range(2):
        ysolde.goto(ysolde_update)
        offer.wait_for(state="visible")
        if offer.get_by_role("button", name="Mettre à jour mon grimoire").is_visible():
            offer.get_by_role("button", name="Mettre à jour mon grimoire").click()
    assert "2 déjà dans votre grimoire" in offer.inner_text()
    assert xp_of(book_of(ysolde), "vol") == (2, 5 + own_xp + sum(table_xp))
    assert len(book_of(ysolde)["journal"]) == 3

    brannock.goto(brannock_update)
    brannock.locator("[data-book-update]").get_by_role(
        "button", name="Mettre à jour mon grimoire"
    ).click()
    assert xp_of(book_of(brannock), "eclair") == (3, 4 + eclair_xp)
    assert xp_of(book_of(brannock), "eclair") == xp_of(table_of(mj)["livres"][1], "eclair")


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("1.3.modified..vol.l0_13_0_2_abc", "entrée n° 1 : face du dé : attendu un entier de 1"),
        ("1.3.modified..vol.l4_7_0_2_abc", "entrée n° 1 : sort n° 4 absent"),
        ("2.3.modified..vol", "version de mise à jour « 2 » non prise en charge"),
        ("1.3.modified..vol.<script>", "caractères inattendus dans le lien"),
    ],
)
def test_a_bad_update_link_is_refused_in_french(site_url, new_context, value, problem):
    page = new_context(engine=False).new_page()
    open_with_book(page, site_url, "grimoire/?maj=" + value, YSOLDE)
    message = page.locator("[data-book-message]")
    message.wait_for(state="visible")
    assert message.inner_text().startswith("Mise à jour refusée : " + problem), value
    assert message.inner_text().endswith("Votre grimoire n’a pas été modifié.")
    assert page.locator("[data-book-update]").is_hidden()
    assert book_of(page)["journal"] == []


#: A third player, who reads the 1 and the 12 as Ysolde does: their duel has its odds shown.
CORWIN = {
    "version": 3,
    "nom": "Corwin",
    "magie": 4,
    "reglages": {"lecture": "modified"},
    "sorts": [{"slug": "eclair", "apprentissage": 3, "xp": 0}],
    "journal": [],
}


def element_of(slug: str) -> str:
    return yaml.safe_load((ROOT / "spells" / f"{slug}.yaml").read_text(encoding="utf-8"))["element"]


def test_the_mj_settles_a_duel_between_two_wizards_and_undoes_it(site_url, new_context):
    ysolde, ysolde_link = player(new_context, site_url, YSOLDE)
    _, corwin_link = player(new_context, site_url, CORWIN)
    mj = gathered(new_context, site_url, ysolde_link, corwin_link)
    name = YSOLDE["nom"]
    mj.get_by_role("button", name=f"Duel — Vol, {name}").click()
    panel = mj.locator(".gr-party__duel")
    assert panel.get_by_role(
        "radio", name="Corwin — Éclair (apprentissage 3, magie 4)"
    ).is_checked()
    # The odds, exact, from the calculators' build data (no engine in this browser).
    a = rules.Caster(3, 2, element_of("vol"))
    b = rules.Caster(4, 3, element_of("eclair"))
    odds = rules.duel_odds(a, b, extremes="modified")
    shown = panel.locator("[data-table-duel-odds]")
    mj.wait_for_function(
        "el => !el.textContent.includes('calcul')", arg=shown.element_handle(), timeout=20_000
    )
    text = shown.inner_text()
    for key in ("a", "b", "cancel", "none"):
        assert f"{odds[key].numerator}/{odds[key].denominator}" in text, (key, text)
    assert text.startswith("Aucun sort ne domine")

    # Both cast; Ysolde's test passes, Corwin's fails: Vol takes effect.
    faces = (3, 2, 3, 12)
    mj.get_by_role("button", name="Commencer le duel").click()
    for step, face in zip(("Ysolde", "Corwin", "Ysolde", "Corwin"), faces, strict=True):
        assert step in panel.locator("[data-table-duel-step]").inner_text()
        panel.locator(".gr-cast__pad").get_by_role("button", name=str(face), exact=True).click()
    cast_a = rules.cast(3, 2, face=faces[0], extremes="modified")
    cast_b = rules.cast(4, 3, face=faces[1], extremes="modified")
    mods = rules.test_modifiers(a.element, b.element)
    passed = [
        rules.cast(w.magic, w.learning, face=f, modifier=m, extremes="modified").outcome.is_cast
        for w, f, m in ((a, faces[2], mods[0]), (b, faces[3], mods[1]))
    ]
    result = rules.duel_result(True, True, rules.dominance(a.element, b.element), *passed)
    assert result == "a"
    said = panel.locator("[data-table-duel-result]")
    assert said.get_attribute("data-table-duel-result") == "a"
    assert said.inner_text().startswith(f"« Vol » ({name}) prend effet.")
    # The result and « Annuler ce duel » together, on screen.
    back = panel.get_by_role("button", name="Annuler ce duel")
    assert on_screen(mj, said) and on_screen(mj, back)
    party = table_of(mj)["livres"]
    assert xp_of(party[0], "vol") == (2, 5 + cast_a.xp)
    assert xp_of(party[1], "eclair") == (3, cast_b.xp)
    duels = [wizard["journal"][-1] for wizard in party]
    assert [d["des"] for d in duels] == [list(faces), [2, 3, 12, 3]]
    assert [d["resultat"] for d in duels] == ["a", "b"]
    assert [d["lecture_adverse"] for d in duels] == ["modified", "modified"]
    # Handed back by its link, the duel reaches Ysolde's own book with its XP.
    mj.get_by_role("button", name=f"Rendre son grimoire : {name}").click()
    ysolde.goto(mj.get_by_label(f"Lien de mise à jour de {name}").input_value())
    ysolde.get_by_role("button", name="Mettre à jour mon grimoire").click()
    assert xp_of(book_of(ysolde), "vol") == (2, 5 + cast_a.xp)
    assert book_of(ysolde)["journal"][-1]["resultat"] == "a"

    # Kept over a reload; « Annuler » takes back both sides as one.
    mj.reload()
    mj.locator(".gr-party__wizard").nth(1).wait_for()
    assert mj.locator("[data-table-journal-list] li").count() == 2
    mj.get_by_role("button", name="Annuler la dernière entrée").click()
    assert mj.inner_text("[data-table-message]") == (
        f"Annulé ({name} et Corwin) : duel « Vol » contre « Éclair »."
    )
    party = table_of(mj)["livres"]
    assert xp_of(party[0], "vol") == (2, 5)
    assert xp_of(party[1], "eclair") == (3, 0)
    assert [wizard["journal"] for wizard in party] == [[], []]


def test_a_duel_between_wizards_who_read_the_die_apart_keeps_each_reading(site_url, new_context):
    _, ysolde_link = player(new_context, site_url, YSOLDE)
    _, brannock_link = player(new_context, site_url, BRANNOCK)
    mj = gathered(new_context, site_url, ysolde_link, brannock_link)
    mj.get_by_role("button", name="Duel — Éclair, Brannock").click()
    panel = mj.locator(".gr-party__duel")
    # The spells Ysolde can cast are offered, hers only; the first is picked.
    assert panel.get_by_role("radio").count() == 2
    assert panel.get_by_role(
        "radio", name=f"{YSOLDE['nom']} — Vol (apprentissage 2, magie 3)"
    ).is_checked()
    assert "indisponibles" in panel.locator("[data-table-duel-odds]").inner_text()
    mj.get_by_role("button", name="Commencer le duel").click()
    # A face of 12 fails Brannock's cast; a face of 1 casts Vol: no tests, Vol takes effect.
    for face in (12, 1):
        panel.locator(".gr-cast__pad").get_by_role("button", name=str(face), exact=True).click()
    party = table_of(mj)["livres"]
    brannock, ysolde = party[1]["journal"][-1], party[0]["journal"][-1]
    assert (brannock["lecture"], brannock["lecture_adverse"]) == ("natural", "modified")
    assert (ysolde["lecture"], ysolde["lecture_adverse"]) == ("modified", "natural")
    assert brannock["issue"] == rules.cast(6, 3, face=12, extremes="natural").outcome.value
    assert ysolde["issue"] == rules.cast(3, 2, face=1, extremes="modified").outcome.value
    assert (brannock["resultat"], ysolde["resultat"]) == ("b", "a")


def test_the_mj_runs_a_study_for_one_wizard_with_their_calls(site_url, new_context):
    mj = new_context(engine=False).new_page()
    mj.goto(
        site_url + "table/?livres=3.3.modified.WXNvbGRl.vol_2_5.eclair_0_0~3.1.natural..vol_1_0"
    )
    mj.locator(".gr-party__wizard").nth(1).wait_for()
    # The second wizard (« Magicien 2 ») studies Vol: two hours, the second hour's test failed.
    mj.get_by_role("button", name="Étudier — Vol, Magicien 2").click()
    panel = mj.locator(".gr-party__study")
    assert panel.get_by_role("heading").inner_text() == "Étudier « Vol » pour « Magicien 2 »"
    panel.get_by_label("Heures prévues").select_option("2")
    panel.get_by_role("button", name="Commencer la séance").click()
    for _ in range(rules.study.tests_in_hour(1)):
        panel.get_by_role("button", name="Test réussi").click()
    assert panel.locator("[data-study-where]").inner_text().startswith("Heure 2 sur 2")
    panel.get_by_role("button", name="Test échoué").click()
    gained = rules.study_xp(2, failed_at=2)
    assert f"+{gained} XP" in panel.locator("[data-study-result]").inner_text()
    party = table_of(mj)["livres"]
    assert xp_of(party[1], "vol") == (1, gained)
    assert xp_of(party[0], "vol") == (2, 5)
    entry = party[1]["journal"][-1]
    assert (entry["type"], entry["heures"], entry["echec"], entry["gain"]) == (
        "etude",
        2,
        2,
        gained,
    )
    assert mj.locator("[data-table-journal-list] li").first.inner_text().startswith("Magicien 2 — ")
    mj.get_by_role("button", name="Annuler la dernière entrée").click()
    assert xp_of(table_of(mj)["livres"][1], "vol") == (1, 0)


def test_a_long_evening_is_handed_back_by_link_and_shared(site_url, new_context):
    """The QR library is fetched at the first « Rendre » only; past the QR code's bound the page
    gives the link alone and says so; « Partager » hands the link to the phone's share sheet."""
    slugs = sorted((p.stem for p in (ROOT / "spells").glob("*.yaml")), key=lambda s: (-len(s), s))
    spells = slugs[:15]
    book = "3.3.modified.WXNvbGRl." + ".".join(f"{slug}_3_0" for slug in spells)
    context = new_context(engine=False)
    context.add_init_script(
        "navigator.share = (data) => { window.shared = data; return Promise.resolve(); };"
    )
    mj = context.new_page()
    fetched: list[str] = []
    mj.on("request", lambda request: fetched.append(request.url))
    mj.goto(site_url + f"table/?livres={book}~3.1.natural..vol_1_0")
    mj.locator(".gr-party__wizard").nth(1).wait_for()
    names = {s["slug"]: s["name"] for s in json.loads(built_api(mj, site_url))["spells"]}
    for n, slug in enumerate(spells):
        mj.get_by_role("button", name=f"Lancer — {names[slug]}, Ysolde").click()
        for k in (1, 2):
            mj.locator(".gr-party__panel").get_by_role("button", name="12", exact=True).click()
            mj.wait_for_function(
                "([key, n]) => JSON.parse(localStorage.getItem(key)).livres[0].journal.length >= n",
                arg=[TABLE_KEY, 2 * n + k],
            )
    assert not [url for url in fetched if "uqr" in url]
    mj.get_by_role("button", name="Rendre son grimoire : Ysolde").click()
    panel = mj.locator(".gr-party__handback-panel")
    link = panel.get_by_label("Lien de mise à jour de Ysolde").input_value()
    assert len(link) > 1000
    assert "Lien trop long pour un QR code (" + str(len(link)) + " caractères" in panel.inner_text()
    assert panel.inner_text().count("« Partager »") == 1
    assert panel.locator("svg").count() == 0
    panel.get_by_role("button", name="Partager").click()
    mj.wait_for_function("() => window.shared")
    assert mj.evaluate("window.shared.url") == link
    assert panel.get_by_text("Lien partagé.").is_visible()
    # A short evening is drawn: only then is the library fetched.
    mj.get_by_role("button", name="Rendre son grimoire : Ysolde").click()
    cast_at_table(mj, "Vol", "Magicien 2", 3)
    mj.get_by_role("button", name="Rendre son grimoire : Magicien 2").click()
    mj.locator("svg.gr-qr").wait_for()
    assert len([url for url in fetched if url.endswith("/vendor/uqr.mjs")]) == 1


def built_api(page, site_url) -> str:
    return page.evaluate("url => fetch(url).then(r => r.text())", site_url + "api/sorts.json")


def focused(page, selector: str) -> bool:
    return page.evaluate("s => document.activeElement?.matches(s) ?? false", selector)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_result_takes_the_focus_beside_its_next_actions_on_screen(
    site_url, new_context, scheme
):
    """At 360 × 740, in both schemes: after a cast, a duel and a study, the new result has the
    focus, and it sits on screen with the actions that follow it (the level, « Annuler »), in a
    party of three whose lines fill several screens."""
    cost = rules.level_up_cost(2, SPELLS["vol"]["difficulty"])
    party = (
        f"3.3.modified.WXNvbGRl.vol_2_{cost - 1}.boule-de-feu_5_40.oubli_1_0"
        "~3.4.modified.Q29yd2lu.eclair_3_0.vol_1_0~3.6.natural.QnJhbm5vY2s.eclair_3_4.vol_1_0"
    )
    mj = new_context(engine=False, color_scheme=scheme).new_page()
    mj.goto(site_url + "table/?livres=" + party)
    mj.locator(".gr-party__wizard").nth(2).wait_for()
    palette = mj.evaluate("document.body.getAttribute('data-md-color-scheme')")
    assert palette == ("slate" if scheme == "dark" else "default")
    assert mj.evaluate("document.documentElement.scrollHeight") > 2 * mj.viewport_size["height"]

    # A cast that reaches the level: result, offer and « Annuler ce lancer » on screen.
    mj.get_by_role("button", name="Lancer — Vol, Ysolde").click()
    mj.locator(".gr-party__panel").get_by_role("button", name="7", exact=True).click()
    said = mj.locator(".gr-party__panel .gr-cast__result")
    assert said.inner_text().startswith("Vol : face 7, ")
    up = mj.get_by_role("button", name="Passer à l’apprentissage 3")
    back = mj.locator(".gr-party__panel").get_by_role("button", name="Annuler ce lancer")
    assert focused(mj, ".gr-party__panel .gr-cast__result")
    assert on_screen(mj, said) and on_screen(mj, up) and on_screen(mj, back)

    # The third wizard's duel, far down the page: its result and « Annuler ce duel ».
    mj.get_by_role("button", name="Duel — Éclair, Brannock").click()
    duel = mj.locator(".gr-party__duel")
    duel.get_by_role("radio", name="Corwin — Éclair (apprentissage 3, magie 4)").check()
    mj.get_by_role("button", name="Commencer le duel").click()
    for face in (12, 12):  # both casts fail: no tests, the duel ends
        duel.locator(".gr-cast__pad").get_by_role("button", name=str(face), exact=True).click()
    result = duel.locator("[data-table-duel-result]")
    result.wait_for()
    assert focused(mj, ".gr-party__duel .gr-cast__result")
    undo = duel.get_by_role("button", name="Annuler ce duel")
    assert on_screen(mj, result) and on_screen(mj, undo)

    # A one-hour study, its test failed: the result has the focus, on screen.
    mj.get_by_role("button", name="Étudier — Vol, Corwin").click()
    study = mj.locator(".gr-party__study")
    study.get_by_role("button", name="Commencer la séance").click()
    study.get_by_role("button", name="Test échoué").click()
    done = study.locator("[data-study-result]")
    assert "XP" in done.inner_text()
    assert focused(mj, ".gr-party__study [data-study-result]")
    assert on_screen(mj, done)
