"""« Mon grimoire » in headless Chromium: add, reload, figures from the engine, share, export,
import, and refused links and files that leave the stored spellbook untouched."""

from __future__ import annotations

import base64
import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
import yaml

import rules
from generator.pages import chart
from generator.pages.chart import cast_series
from tests.browser.support import open_tables
from tests.conftest import ROOT
from tests.grimoire.support import STORAGE_KEY, book_of, open_with_book, store, stored
from tests.offline.support import BOOT_MS, wait_controlled
from widgets import bridge

pytestmark = pytest.mark.browser

SPELLS = {
    p.stem: yaml.safe_load(p.read_text(encoding="utf-8"))
    for p in sorted((ROOT / "spells").glob("*.yaml"))
}
SAVED = {
    "version": 1,
    "magie": 3,
    "sorts": [
        {"slug": "vol", "apprentissage": 2, "xp": 5},
        {"slug": "teleportation", "apprentissage": 1, "xp": 0},
        {"slug": "boule-de-feu", "apprentissage": 5, "xp": 40},
    ],
}
REFUSED = "Votre grimoire n’a pas été modifié."
#: The phone's screen: its height, and the theme's header fixed at its top.
PHONE_HEIGHT, HEADER_PX = 740, 48


def core(book: dict) -> dict:
    """A stored spellbook without its version, settings and journal: magic and spells."""
    return {"magie": book.get("magie"), "sorts": book.get("sorts")}


def fill_dialog(page, learning: int, xp: str) -> None:
    dialog = page.locator("dialog.gr-book-dialog")
    dialog.wait_for(state="visible")
    dialog.get_by_label("Apprentissage").select_option(str(learning))
    dialog.get_by_label("XP pour ce sort").fill(xp)
    dialog.locator("button[type=submit]").click()


def figures(
    magic: int, slug: str, learning: int, xp: int, reading: str = "modified"
) -> tuple[str, str]:
    """What /grimoire/ must show for one spell, computed by the same engine in Python."""
    response = bridge.handle(
        {
            "calc": "progression",
            "magic": str(magic),
            "learning": str(learning),
            "difficulty": str(SPELLS[slug]["difficulty"]),
            "xp": str(xp),
            "extremes": reading,
        }
    )
    assert response["ok"], response
    if response["max_level"]:
        return "apprentissage maximal atteint", "\u2014"
    return (
        f"{response['xp_needed']} XP sur {response['cost']} "
        f"(apprentissage {response['next_level']})",
        response["expected_casts"]["decimal"],
    )


def entry(page, slug: str):
    return page.locator(f".gr-book__entry[data-slug='{slug}']")


def wait_figures(page, slug: str, expected: tuple[str, str]) -> None:
    page.wait_for_function(
        """([slug, next, casts]) => {
            const dd = document.querySelectorAll(`.gr-book__entry[data-slug="${slug}"] dd`);
            return dd.length === 2 && dd[0].textContent === next && dd[1].textContent === casts;
        }""",
        arg=[slug, *expected],
        timeout=BOOT_MS,
    )


def test_add_from_a_spell_page_and_the_index_then_see_the_figures(site_url, new_context):
    context = new_context()
    page = context.new_page()
    page.goto(site_url + "sorts/vol/")
    page.get_by_role("button", name="Ajouter à Mon grimoire").click()
    # A bad XP is refused in the dialog, nothing is stored.
    fill_dialog(page, 2, "-4")
    assert "XP : attendu un entier de 0 à 1000000" in page.inner_text(".gr-book-dialog__error")
    assert stored(page) is None
    fill_dialog(page, 2, "12")
    assert page.locator("dialog.gr-book-dialog").is_hidden()
    assert "apprentissage 2, 12 XP" in page.inner_text(".gr-book-status")
    page.reload()
    # The spellbook's module comes after the page's load (imported at once for a reader who
    # keeps a spellbook): wait for the button it writes.
    page.get_by_role("button", name="Dans Mon grimoire : modifier").wait_for()
    assert core(book_of(page)) == {
        "magie": 0,
        "sorts": [{"slug": "vol", "apprentissage": 2, "xp": 12}],
    }
    assert book_of(page)["version"] == 3
    assert [(e["type"], e["sort"], e["apres"]) for e in book_of(page)["journal"]] == [
        ("ajout", "vol", {"apprentissage": 2, "xp": 12})
    ]

    page.goto(site_url + "sorts/")
    cost = rules.level_up_cost(3, SPELLS["boule-de-feu"]["difficulty"])
    page.get_by_role("button", name="Ajouter Boule de feu à Mon grimoire").click()
    fill_dialog(page, 3, str(cost - 1))
    assert page.get_by_role(
        "button", name=re.compile(r"^Boule de feu est dans Mon grimoire \(apprentissage 3")
    ).is_visible()
    # The row still reads as before for the index (its name link is unchanged).
    assert (
        page.locator(".gr-index-table tr[data-slug='boule-de-feu'] th a").inner_text()
        == "Boule de feu"
    )

    page.goto(site_url + "grimoire/")
    page.locator(".gr-book__entry").first.wait_for()
    assert [e.get_attribute("data-slug") for e in page.locator(".gr-book__entry").all()] == [
        "boule-de-feu",
        "vol",
    ]
    facts = entry(page, "vol").locator(".gr-book__facts").inner_text()
    vol = SPELLS["vol"]
    assert f"Niveaux : {vol['levels']['raw']}" in facts
    assert f"Élément : {rules.ELEMENT_LABELS[vol['element']]}" in facts
    assert f"Difficulté : {vol['difficulty']} / 5" in facts
    wait_figures(page, "vol", figures(0, "vol", 2, 12))
    wait_figures(page, "boule-de-feu", figures(0, "boule-de-feu", 3, cost - 1))

    # Editing: the magic of the caster and the XP change the engine's figures.
    page.get_by_label("Magie du magicien").fill("6")
    page.get_by_label("Magie du magicien").press("Enter")
    page.get_by_label("Magie du magicien").blur()
    wait_figures(page, "vol", figures(6, "vol", 2, 12))
    xp = entry(page, "vol").get_by_label("XP")
    xp.fill("20")
    xp.blur()
    wait_figures(page, "vol", figures(6, "vol", 2, 20))
    assert book_of(page)["magie"] == 6
    # XP that reaches the cost of the next level is kept: the level-up is offered, never made.
    cost = rules.level_up_cost(2, vol["difficulty"])
    xp = entry(page, "vol").get_by_label("XP")
    xp.fill(str(cost + 2))
    xp.blur()
    up = entry(page, "vol").get_by_role("button", name="Passer à l’apprentissage 3")
    up.wait_for()
    assert {s["slug"]: s["xp"] for s in book_of(page)["sorts"]}["vol"] == cost + 2
    assert (
        entry(page, "vol").locator("dd").first.inner_text()
        == f"atteint : {cost + 2} XP sur {cost} (apprentissage 3)"
    )
    up.click()
    wait_figures(page, "vol", figures(6, "vol", 3, 2))
    assert {s["slug"]: (s["apprentissage"], s["xp"]) for s in book_of(page)["sorts"]}["vol"] == (
        3,
        2,
    )
    entry(page, "boule-de-feu").get_by_role("button", name=re.compile("^Retirer")).click()
    assert [s["slug"] for s in book_of(page)["sorts"]] == ["vol"]
    assert "Boule de feu a été retiré de Mon grimoire." in page.inner_text("[data-book-message]")


def test_the_spellbook_survives_offline(built_site, serve, new_context):
    served = serve(built_site)
    site_url = served.url
    context = new_context(service_workers="allow")
    page = context.new_page()
    page.goto(site_url + "grimoire/")
    store(page, SAVED)
    wait_controlled(page)
    context.set_offline(True)
    served.stop()
    page.reload()
    page.locator(".gr-book__entry").first.wait_for()
    assert [e.get_attribute("data-slug") for e in page.locator(".gr-book__entry").all()] == [
        "boule-de-feu",
        "teleportation",
        "vol",
    ]
    page.goto(site_url + "sorts/vol/")
    # The spellbook's module comes after the page's load (imported at once for a reader who
    # keeps a spellbook): wait for the button it writes.
    page.get_by_role("button", name="Dans Mon grimoire : modifier").wait_for()


def share_link(page) -> str:
    page.get_by_role("button", name="Créer un lien de partage").click()
    return page.locator("[data-book-link]").input_value()


#: A wizard's name as a player may type it: text, never markup.
NAME = "Ysolde <img src=x onerror=alert(1)> l’Ancienne"


def test_a_share_link_opens_on_another_device(book_tab, site_url, new_context):
    first = book_tab(book=SAVED)
    first.locator(".gr-book__entry").first.wait_for()
    field = first.get_by_label("Nom du magicien")
    field.fill("  " + NAME + " ")
    field.press("Tab")
    first.wait_for_function("(key) => JSON.parse(localStorage.getItem(key)).nom", arg=STORAGE_KEY)
    assert book_of(first)["nom"] == NAME  # kept trimmed
    link = share_link(first)
    encoded = base64.urlsafe_b64encode(NAME.encode("utf-8")).decode("ascii").rstrip("=")
    assert parse_qs(urlsplit(link).query)["livre"] == [
        f"3.3.modified.{encoded}.vol_2_5.teleportation_1_0.boule-de-feu_5_40"
    ]

    # A fresh browser: the link offers to import, nothing is stored before the reader says so.
    other = new_context(engine=False).new_page()
    other.goto(link)
    offer = other.locator("[data-book-offer]")
    offer.wait_for(state="visible")
    assert f"Importer le grimoire de « {NAME} » ?" in offer.inner_text()
    assert other.locator("img[src=x]").count() == 0  # the name is shown as text
    assert "Téléportation — apprentissage 1, 0 XP" in offer.inner_text()
    assert stored(other) is None
    offer.get_by_role("button", name="Importer", exact=True).click()
    assert core(book_of(other)) == core(SAVED)
    assert book_of(other)["nom"] == NAME
    assert other.get_by_label("Nom du magicien").input_value() == NAME
    assert "livre=" not in other.url
    assert len(other.locator(".gr-book__entry").all()) == 3

    # A browser with its own spellbook: never silently overwritten.
    mine = {
        "version": 1,
        "magie": 1,
        "sorts": [
            {"slug": "vol", "apprentissage": 4, "xp": 1},
            {"slug": "oubli", "apprentissage": 1, "xp": 2},
        ],
    }
    third = new_context(engine=False).new_page()
    third.goto(site_url + "grimoire/")
    store(third, mine)
    third.goto(link)
    offer = third.locator("[data-book-offer]")
    offer.wait_for(state="visible")
    assert "Votre grimoire compte déjà 2 sorts" in offer.inner_text()
    assert (
        "votre magie (1) est gardée si vous ajoutez, remplacée par 3 si vous remplacez"
        in offer.inner_text()
    )
    offer.get_by_role("button", name="Ne rien importer").click()
    assert core(book_of(third)) == core(mine)
    third.goto(link)
    third.locator("[data-book-offer]").get_by_role("button", name="Ajouter à mon grimoire").click()
    merged = book_of(third)
    assert merged["magie"] == 1
    assert merged["nom"] == ""  # adding spells keeps the reader's own wizard
    assert merged["sorts"] == mine["sorts"] + [SAVED["sorts"][1], SAVED["sorts"][2]]
    assert "déjà présent, gardé tel quel : Vol." in third.inner_text("[data-book-message]")
    assert third.inner_text("[data-book-message]").endswith(
        "Magie gardée : la vôtre (1), pas celle du grimoire importé (3)."
    )
    third.goto(link)
    third.locator("[data-book-offer]").get_by_role("button", name="Remplacer mon grimoire").click()
    assert core(book_of(third)) == core(SAVED)
    assert book_of(third)["nom"] == NAME


def test_export_then_import_a_json_file(book_tab, site_url, new_context, tmp_path):
    page = book_tab(book=SAVED)
    page.locator(".gr-book__entry").first.wait_for()
    with page.expect_download() as download:
        page.get_by_role("button", name="Exporter (fichier JSON)").click()
    assert download.value.suggested_filename == "mon-grimoire.json"
    path = tmp_path / "mon-grimoire.json"
    download.value.save_as(path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["format"] == "grimoire-livre" and exported["version"] == 3
    assert exported["magie"] == 3
    assert [(s["slug"], s["nom"], s["apprentissage"], s["xp"]) for s in exported["sorts"]] == [
        (s["slug"], SPELLS[s["slug"]]["name"], s["apprentissage"], s["xp"]) for s in SAVED["sorts"]
    ]

    other = new_context(engine=False).new_page()
    other.goto(site_url + "grimoire/")
    other.locator("[data-book-main]").wait_for()  # ready: the list of spells is loaded
    other.locator("[data-book-file]").set_input_files(path)
    offer = other.locator("[data-book-offer]")
    offer.wait_for(state="visible")
    assert "Importer le grimoire de ce fichier ?" in offer.inner_text()
    assert stored(other) is None
    offer.get_by_role("button", name="Importer", exact=True).click()
    assert core(book_of(other)) == core(SAVED)


#: A link per way of being refused (unreadable, a bad value, a spell's name that is no slug, markup): the page
#: says why and keeps the stored spellbook. Every refused link's words: tests/js/grimoire.test.mjs.
BAD_LINKS = [
    (
        "1.0.vol_1_0.Constructor_1_0",
        "sort n° 2 : identifiant de sort invalide, reçu « Constructor »",
    ),
    ("1.0.vol_7_0", "apprentissage de « Vol » : attendu un entier de 0 à 5, reçu « 7 »"),
    ("1.0.vol_1_0%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "caractères inattendus dans le lien"),
    ("", "lien incomplet"),
]


def test_corrupted_links_are_refused_and_change_nothing(book_tab, site_url):
    page = book_tab()
    store(page, SAVED)
    before = stored(page)
    for query, problem in BAD_LINKS:
        page.goto(site_url + "grimoire/?livre=" + query)
        message = page.locator("[data-book-message]")
        message.wait_for(state="visible")
        text = message.inner_text()
        assert text.startswith("Lien refusé : "), (query, text)
        assert problem in text, (query, text)
        assert text.endswith(REFUSED), (query, text)
        assert page.locator("[data-book-offer]").is_hidden()
        assert stored(page) == before, query
        assert len(page.locator(".gr-book__entry").all()) == 3


#: A file per way of being refused (not JSON, not a spellbook, a bad value): the page says why,
#: never in the parser's English, and keeps the stored spellbook. Every refused file's words:
#: tests/js/grimoire.test.mjs.
BAD_FILES = [
    (b'{"format": "grimoire-livre", "version": 1, ', "ce n’est pas du JSON valide"),
    (b"[1, 2]", "ce n’est pas un grimoire (objet JSON attendu)"),
    (
        json.dumps(
            {
                "format": "grimoire-livre",
                "version": 1,
                "magie": 0,
                "sorts": [{"slug": "oubli", "apprentissage": 6, "xp": 0}],
            }
        ).encode(),
        "apprentissage de « Oubli » : attendu un entier de 0 à 5, reçu « 6 »",
    ),
]


def test_corrupted_files_are_refused_and_change_nothing(book_tab):
    page = book_tab(book=SAVED)
    page.locator(".gr-book__entry").first.wait_for()
    before = stored(page)
    for number, (content, problem) in enumerate(BAD_FILES):
        page.locator("[data-book-file]").set_input_files(
            {"name": f"grimoire-{number}.json", "mimeType": "application/json", "buffer": content}
        )
        message = page.locator("[data-book-message]")
        message.wait_for(state="visible")
        text = message.inner_text()
        page.evaluate("() => { document.querySelector('[data-book-message]').hidden = true; }")
        assert text.startswith("Fichier refusé : "), (number, text)
        assert not re.search(r"Unexpected|position|Expected|token", text), (number, text)
        assert problem in text, (number, text)
        assert text.endswith(REFUSED), (number, text)
        assert page.locator("[data-book-offer]").is_hidden()
        assert stored(page) == before, number


UNREADABLE = [
    ("{oops", "ce n’est pas du JSON", "fichier"),
    (
        json.dumps({"version": 4, "magie": 0, "sorts": []}),
        "version de format « 4 » non prise en charge",
        "lien",
    ),
    ("[1, 2]", "ce n’est pas un grimoire (objet JSON attendu)", "fichier"),
    (json.dumps({"version": 1, "magie": 0, "sorts": "vol"}), "liste « sorts » absente", "lien"),
]


@pytest.mark.parametrize(("raw", "reason", "via"), UNREADABLE)
def test_an_unreadable_stored_spellbook_is_kept_then_replaced_on_confirmation(
    book_tab, site_url, tmp_path, raw, reason, via
):
    page = book_tab()
    page.evaluate("([key, raw]) => localStorage.setItem(key, raw)", [STORAGE_KEY, raw])
    page.reload()
    broken = page.locator("[data-book-broken]")
    broken.wait_for(state="visible")
    assert f"est illisible ({reason}" in broken.inner_text()
    assert page.locator("[data-book-empty]").is_hidden()
    assert stored(page) == raw
    # Kept as a file, byte for byte.
    with page.expect_download() as download:
        broken.get_by_role("button", name="Télécharger le grimoire illisible").click()
    assert download.value.suggested_filename == "grimoire-illisible.txt"
    path = tmp_path / "illisible.txt"
    download.value.save_as(path)
    assert path.read_text(encoding="utf-8") == raw
    # Editing is refused, nothing is written.
    page.get_by_label("Magie du magicien").fill("4")
    page.get_by_label("Magie du magicien").blur()
    assert "illisible" in page.inner_text("[data-book-message]")
    assert stored(page) == raw

    # A file or a share link replaces it, only after the reader confirms.
    if via == "fichier":
        backup = tmp_path / "sauvegarde.json"
        backup.write_text(json.dumps({"format": "grimoire-livre", **SAVED}), encoding="utf-8")
        page.locator("[data-book-file]").set_input_files(backup)
    else:
        page.goto(site_url + "grimoire/?livre=1.3.vol_2_5.teleportation_1_0.boule-de-feu_5_40")
    offer = page.locator("[data-book-offer]")
    offer.wait_for(state="visible")
    assert "Votre grimoire enregistré est illisible" in offer.inner_text()
    assert "Votre grimoire est vide" not in offer.inner_text()
    assert offer.get_by_role("button", name="Ajouter à mon grimoire").is_hidden()
    assert stored(page) == raw
    offer.get_by_role("button", name="Remplacer le grimoire illisible").click()
    assert core(book_of(page)) == core(SAVED)
    assert broken.is_hidden()
    assert len(page.locator(".gr-book__entry").all()) == 3
    assert "Grimoire importé : 3 sorts." in page.inner_text("[data-book-message]")


#: The build's table of expected casts, which gives the spellbook its figures without the engine.
CASTS_TABLE = "**/assets/grimoire/grimoire-casts.json"


def test_without_its_engine_the_spellbook_says_so_and_keeps_working(site_url, new_context):
    context = new_context(engine=False)  # the Pyodide files are refused
    context.route(CASTS_TABLE, lambda route: route.abort())  # and the table of expected casts
    page = context.new_page()
    open_with_book(page, site_url, book=SAVED)
    page.wait_for_function(
        "() => document.querySelector('[data-book-engine]').textContent"
        ".startsWith('Le moteur de calcul n’a pas pu être chargé')",
        timeout=BOOT_MS,
    )
    assert page.inner_text("[data-book-engine]") == (
        "Le moteur de calcul n’a pas pu être chargé : les figures de progression sont "
        "indisponibles (le reste du grimoire fonctionne)."
    )
    # A spell at 0 XP has its figures from the calculators' data; the others needed the engine.
    wait_figures(page, "teleportation", figures(3, "teleportation", 1, 0))
    for slug in ("vol", "boule-de-feu"):
        assert entry(page, slug).locator("dd").all_inner_texts() == ["\u2014", "\u2014"]
    assert page.inner_text("[data-book-engine]").startswith("Le moteur de calcul n’a pas pu")
    entry(page, "teleportation").get_by_role("button", name=re.compile("^Retirer")).click()
    assert [s["slug"] for s in book_of(page)["sorts"]] == ["vol", "boule-de-feu"]


def test_a_spellbook_has_its_figures_at_any_xp_without_pyodide(site_url, new_context):
    """/grimoire/ reads its expected casts from the build's table, which holds the engine's
    figures at every XP: no Pyodide file is asked for. Without that table, a spell at 0 XP is
    still answered by the calculators' data, and only a spell with XP starts the engine."""
    context = new_context()
    pyodide = []

    def refuse(route):
        pyodide.append(route.request.url)
        route.abort()

    context.route("**/assets/pyodide/**", refuse)
    page = context.new_page()
    page.goto(site_url + "grimoire/")
    book = {
        "version": 1,
        "magie": 6,
        "reglages": {"lecture": "natural"},
        "sorts": [
            {"slug": "vol", "apprentissage": 2, "xp": 3},
            {"slug": "teleportation", "apprentissage": 1, "xp": 0},
            {"slug": "boule-de-feu", "apprentissage": 4, "xp": 77},
        ],
    }
    store(page, book)
    page.reload()
    wait_figures(page, "vol", figures(6, "vol", 2, 3, "natural"))
    wait_figures(page, "teleportation", figures(6, "teleportation", 1, 0, "natural"))
    wait_figures(page, "boule-de-feu", figures(6, "boule-de-feu", 4, 77, "natural"))
    page.wait_for_load_state("networkidle")
    assert not pyodide
    # Not even the calculators' module was loaded (it marks the engine's state on the page).
    assert page.evaluate("() => document.documentElement.dataset.engine") is None
    assert page.inner_text("[data-book-engine]") == ""

    context.route(CASTS_TABLE, lambda route: route.abort())
    book["sorts"] = book["sorts"][:2]
    store(page, book)
    page.reload()
    wait_figures(page, "teleportation", figures(6, "teleportation", 1, 0, "natural"))
    page.wait_for_function(
        "() => document.querySelector('[data-book-engine]').textContent"
        ".startsWith('Le moteur de calcul n’a pas pu être chargé')",
        timeout=BOOT_MS,
    )
    assert pyodide


def test_bad_entries_are_named_and_the_good_ones_kept_exported_and_shared(book_tab, tmp_path):
    page = book_tab()
    bad = {"slug": "eclair", "apprentissage": "x", "xp": 0}
    store(page, {**SAVED, "sorts": [SAVED["sorts"][0], bad, 7, *SAVED["sorts"][1:]]})
    page.reload()
    page.locator(".gr-book__entry").first.wait_for()
    assert [e.get_attribute("data-slug") for e in page.locator(".gr-book__entry").all()] == [
        "boule-de-feu",
        "teleportation",
        "vol",
    ]
    notice = page.locator("[data-book-broken]")
    assert notice.is_visible()
    assert "2 entrées sont illisibles" in notice.inner_text()
    assert (
        "apprentissage de « eclair » : attendu un entier de 0 à 5, reçu « x »"
        in notice.inner_text()
    )
    assert "sort n° 3 : objet attendu" in notice.inner_text()
    # Exported and shared: the good ones, never an empty spellbook.
    with page.expect_download() as download:
        page.get_by_role("button", name="Exporter (fichier JSON)").click()
    path = tmp_path / "mon-grimoire.json"
    download.value.save_as(path)
    assert [s["slug"] for s in json.loads(path.read_text(encoding="utf-8"))["sorts"]] == [
        s["slug"] for s in SAVED["sorts"]
    ]
    page.get_by_role("button", name="Créer un lien de partage").click()
    link = page.input_value("[data-book-link]")
    assert link.endswith("?livre=3.3.modified..vol_2_5.teleportation_1_0.boule-de-feu_5_40")
    # An edit keeps the bad entries as they were stored.
    entry(page, "teleportation").get_by_role("button", name=re.compile("^Retirer")).click()
    assert book_of(page)["sorts"] == [SAVED["sorts"][0], SAVED["sorts"][2], bad, 7]


@pytest.mark.parametrize("size", ["entries", "bytes"])
def test_an_unreadable_or_oversized_spellbook_is_never_exported_empty(book_tab, size):
    page = book_tab()
    if size == "entries":
        raw = json.dumps(
            {
                "version": 1,
                "magie": 0,
                "sorts": [{"slug": f"s{i}", "apprentissage": 1, "xp": 0} for i in range(1001)],
            }
        )
        reason = "grimoire trop volumineux (1001 sorts, au plus 1000)"
    else:
        raw = json.dumps({**SAVED, "note": "x" * 1_000_000})
        reason = "grimoire trop volumineux ("
    page.evaluate("([key, raw]) => localStorage.setItem(key, raw)", [STORAGE_KEY, raw])
    page.reload()
    broken = page.locator("[data-book-broken]")
    broken.wait_for(state="visible")
    assert f"est illisible ({reason}" in broken.inner_text()
    assert broken.get_by_role("button", name="Télécharger le grimoire illisible").is_visible()
    assert page.locator(".gr-book__entry").count() == 0
    for button in ("Exporter (fichier JSON)", "Créer un lien de partage"):
        page.get_by_role("button", name=button).click()
        assert page.inner_text("[data-book-message]").startswith(
            f"Le grimoire enregistré est illisible ({reason}"
        )
    assert page.locator("[data-book-share-box]").is_hidden()
    assert stored(page) == raw


# ---------------------------------------------------------------- at the table


def cast_text(magic: int, learning: int, face: int, xp_before: int, modifier: int = 0) -> str:
    """What a cast of Vol says, from the engine."""
    result = rules.cast(magic, learning, face=face, modifier=modifier)
    shown = f" (modificateur {modifier:+d})" if modifier else ""
    return (
        f"Vol : face {face}{shown}, {result.outcome.label}, +{result.xp} XP "
        f"({xp_before} → {xp_before + result.xp} XP)"
    )


def odds_text(magic: int, learning: int, modifier: int = 0) -> str:
    odds = rules.cast_odds(magic, learning, modifier=modifier)
    return " · ".join(
        f"{o.label} {rules.format_fraction(p)} ({rules.format_percent(p)})"
        for o, p in odds.items()
        if p
    )


def cast_line(magic: int, learning: int, modifier: int = 0) -> str:
    """The cast panel's short line: the chance to cast the spell."""
    odds = rules.cast_odds(magic, learning, modifier=modifier)
    cast = sum(p for o, p in odds.items() if o.is_cast)
    return f"lancé {rules.format_fraction(cast)} ({rules.format_percent(cast)})"


def open_cast(page):
    entry(page, "vol").get_by_role("button", name="Lancer Vol").click()
    page.locator(".gr-cast").wait_for()


def test_cast_on_the_pad_and_with_the_page_s_die_then_undo(book_tab):
    # A version 1 spellbook: read as version 2, with an empty journal.
    page = book_tab(book=SAVED)
    open_cast(page)
    odds = page.locator("[data-cast-odds]")
    assert odds.inner_text() == "Vos chances : " + cast_line(3, 2)
    # Every outcome one tap away, the panel's odds one line at 360 px.
    every = page.locator("[data-cast-odds-all]")
    assert not every.is_visible()
    page.get_by_text("Toutes les issues (magie 3, apprentissage 2)", exact=True).click()
    assert every.inner_text() == odds_text(3, 2)
    line = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('[data-cast-odds]')).lineHeight)"
    )
    assert odds.bounding_box()["height"] <= line + 1
    pad = page.get_by_role("group", name="Face du dé du MJ :")
    assert pad.get_by_role("button").count() == rules.DIE_FACES
    pad.get_by_role("button", name="7", exact=True).click()
    result = page.locator("[data-cast-result]")
    assert result.inner_text() == cast_text(3, 2, 7, 5)
    gained = rules.cast(3, 2, face=7).xp
    assert {s["slug"]: s["xp"] for s in book_of(page)["sorts"]}["vol"] == 5 + gained
    assert entry(page, "vol").get_by_label("XP").input_value() == str(5 + gained)
    # A modifier changes the odds and the outcome, from the same data.
    page.get_by_label("Modificateur").fill("-2")
    assert odds.inner_text() == "Vos chances : " + cast_line(3, 2, -2)
    assert page.get_by_text("Toutes les issues (magie 3, apprentissage 2, modificateur -2)").count()
    assert every.text_content() == odds_text(3, 2, -2)  # in the page, folded
    page.get_by_role("button", name="Lancer le dé").click()
    page.wait_for_function(
        "() => document.querySelector('[data-cast-result]').textContent.startsWith('Dé lancé')"
    )
    face = int(re.search(r"face (\d+)", result.inner_text())[1])
    assert 1 <= face <= rules.DIE_FACES
    assert result.inner_text() == "Dé lancé : " + cast_text(3, 2, face, 5 + gained, -2)
    second = rules.cast(3, 2, face=face, modifier=-2).xp
    journal = book_of(page)["journal"]
    assert [(e["type"], e["de"], e["gain"]) for e in journal] == [
        ("lancer", 7, gained),
        ("lancer", face, second),
    ]
    assert page.locator("[data-book-journal-list] li").count() == 2
    # The evening's summary counts both casts.
    summary = page.inner_text("[data-book-summary]")
    assert summary.startswith(
        f"Mon grimoire — la soirée : 2 lancers.\nXP gagnée : Vol +{gained + second}."
    )
    # Undo: the last, then the one before; then nothing is left to undo.
    undo = page.get_by_role("button", name="Annuler la dernière entrée")
    undo.click()
    assert {s["slug"]: s["xp"] for s in book_of(page)["sorts"]}["vol"] == 5 + gained
    assert page.inner_text("[data-book-message]").startswith("Annulé : Vol : face")
    undo.click()
    assert {s["slug"]: s["xp"] for s in book_of(page)["sorts"]}["vol"] == 5
    assert book_of(page)["journal"] == []
    assert undo.is_disabled()
    page.reload()
    entry(page, "vol").wait_for()
    assert entry(page, "vol").get_by_label("XP").input_value() == "5"


def test_a_drawn_die_s_link_replays_it_without_crediting_the_book(book_tab, site_url):
    page = book_tab(book={**SAVED, "version": 2, "reglages": {"lecture": "natural"}, "journal": []})
    open_cast(page)
    page.get_by_label("Modificateur").fill("-2")
    # The pad's face is the MJ's own die: no link. The page's die gets one.
    page.get_by_role("group", name="Face du dé du MJ :").get_by_role(
        "button", name="7", exact=True
    ).click()
    assert page.locator("[data-cast-replay]").count() == 0
    page.get_by_role("button", name="Lancer le dé").click()
    link = page.get_by_role("link", name="Lien qui rejoue ce lancer")
    face = book_of(page)["journal"][-1]["de"]
    query = parse_qs(urlsplit(link.get_attribute("href")).query)
    assert query == {
        "lancer": ["vol"],
        "de": [str(face)],
        "magie": ["3"],
        "app": ["2"],
        "mod": ["-2"],
        "lecture": ["natural"],
    }
    before = stored(page)
    link.click()
    box = page.locator("[data-book-replay]")
    box.wait_for()
    result = rules.cast(3, 2, face=face, modifier=-2, extremes="natural")
    assert page.inner_text("[data-book-replay-text]") == (
        f"Vol : face {face} (magie 3, apprentissage 2, modificateur \u22122, "
        f"{rules.EXTREMES_LABELS['natural']}) : {result.outcome.label}, +{result.xp} XP."
    )
    assert "pas compté une seconde fois" in box.inner_text()
    assert box.get_attribute("data-replay-outcome") == result.outcome.value
    assert stored(page) == before  # a replay is a view: the book is not credited again
    box.get_by_role("button", name="Fermer").click()
    assert box.is_hidden() and "lancer=" not in page.url
    # Hostile parameters: named in French, the book untouched, nothing shown.
    page.goto(site_url + "grimoire/?lancer=vol&de=99&magie=3&app=2&mod=0&lecture=%3Cscript%3E")
    message = page.locator("[data-book-message]")
    message.wait_for()
    assert message.inner_text() == (
        "Lien de lancer refusé : face du dé : attendu un entier de 1 à 12, reçu « 99 » ; lecture des "
        "extrêmes du dé : attendu l’une de modified, natural, reçu « <script> ». Votre grimoire n’a pas été modifié."
    )
    assert page.locator("[data-book-replay]").is_hidden()
    assert stored(page) == before


def test_a_cast_that_reaches_the_cost_offers_the_level_up(book_tab):
    page = book_tab()
    cost = rules.level_up_cost(2, SPELLS["vol"]["difficulty"])
    store(
        page,
        {"version": 1, "magie": 0, "sorts": [{"slug": "vol", "apprentissage": 2, "xp": cost - 1}]},
    )
    page.reload()
    up = entry(page, "vol").get_by_role("button", name="Passer à l’apprentissage 3")
    entry(page, "vol").wait_for()
    assert up.count() == 0
    open_cast(page)
    page.get_by_role("group", name="Face du dé du MJ :").get_by_role(
        "button", name="1", exact=True
    ).click()
    gained = rules.cast(0, 2, face=1).xp
    up.wait_for()
    assert {s["slug"]: (s["apprentissage"], s["xp"]) for s in book_of(page)["sorts"]}["vol"] == (
        2,
        cost - 1 + gained,
    )
    # The result, the level it reaches and « Annuler ce lancer » together, on the phone's screen
    # under its header, the focus on the result.
    assert up.count() == 1
    for node in (
        page.locator("[data-cast-result]"),
        up,
        entry(page, "vol").get_by_role("button", name="Annuler ce lancer"),
    ):
        box = node.bounding_box()
        assert box and HEADER_PX <= box["y"] and box["y"] + box["height"] <= PHONE_HEIGHT, box
    assert page.evaluate("() => document.activeElement.matches('[data-cast-result]')")
    up.click()
    assert {s["slug"]: (s["apprentissage"], s["xp"]) for s in book_of(page)["sorts"]}["vol"] == (
        3,
        gained - 1,
    )
    assert [e["type"] for e in book_of(page)["journal"]] == ["lancer", "niveau"]
    assert "Niveaux gagnés : Vol → apprentissage 3." in page.inner_text("[data-book-summary]")
    page.get_by_role("button", name="Annuler la dernière entrée").click()
    assert {s["slug"]: (s["apprentissage"], s["xp"]) for s in book_of(page)["sorts"]}["vol"] == (
        2,
        cost - 1 + gained,
    )


def test_a_cast_is_undone_from_beside_its_result(book_tab):
    page = book_tab(book=SAVED)
    open_cast(page)
    page.get_by_role("group", name="Face du dé du MJ :").get_by_role(
        "button", name="7", exact=True
    ).click()
    back = entry(page, "vol").get_by_role("button", name="Annuler ce lancer")
    back.click()
    assert {s["slug"]: s["xp"] for s in book_of(page)["sorts"]}["vol"] == 5
    assert book_of(page)["journal"] == []
    assert page.inner_text("[data-book-message]").startswith("Annulé : Vol : face 7")
    assert back.count() == 0
    # Once another entry follows the cast, it is no longer this panel's to undo.
    page.get_by_role("group", name="Face du dé du MJ :").get_by_role(
        "button", name="7", exact=True
    ).click()
    entry(page, "teleportation").get_by_role(
        "button", name="Retirer Téléportation de Mon grimoire"
    ).click()
    back.click()
    assert "ce lancer n’est plus la dernière entrée du journal" in page.inner_text(
        "[data-book-message]"
    )
    assert len(book_of(page)["journal"]) == 2


def test_a_spell_being_learnt_is_moved_to_its_first_level_by_hand(book_tab):
    page = book_tab(
        book={"version": 1, "magie": 0, "sorts": [{"slug": "vol", "apprentissage": 0, "xp": 0}]}
    )
    entry(page, "vol").wait_for()
    assert entry(page, "vol").get_by_role("button", name="Lancer Vol").count() == 0
    assert "jeu de rôle" in page.inner_text("#gr-book-learn-note")
    entry(page, "vol").get_by_role("button", name="Passer à l’apprentissage 1").click()
    entry(page, "vol").get_by_role("button", name="Lancer Vol").wait_for()
    assert book_of(page)["sorts"] == [{"slug": "vol", "apprentissage": 1, "xp": 0}]
    assert book_of(page)["journal"][-1]["type"] == "niveau"


def test_two_tabs_never_lose_a_cast(site_url, new_context):
    context = new_context(engine=False)
    first, second = context.new_page(), context.new_page()
    first.goto(site_url + "grimoire/")
    store(first, SAVED)
    for page in (first, second):
        page.goto(site_url + "grimoire/")
        open_cast(page)
    first.get_by_role("group", name="Face du dé du MJ :").get_by_role(
        "button", name="3", exact=True
    ).click()
    # The second tab casts without having been redrawn: the cast adds to the stored spellbook.
    second.get_by_role("group", name="Face du dé du MJ :").get_by_role(
        "button", name="4", exact=True
    ).click()
    gained = rules.cast(3, 2, face=3).xp + rules.cast(3, 2, face=4).xp
    assert {s["slug"]: s["xp"] for s in book_of(second)["sorts"]}["vol"] == 5 + gained
    assert [e["de"] for e in book_of(second)["journal"]] == [3, 4]
    first.wait_for_function(
        "([v]) => document.querySelector('#gr-book-vol-xp').value === v", arg=[str(5 + gained)]
    )
    # An edit typed over a state another tab changed is refused, in French.
    first.evaluate(
        """([key]) => { const book = JSON.parse(localStorage.getItem(key));
        book.sorts[0].xp += 1; localStorage.setItem(key, JSON.stringify(book)); }""",
        [STORAGE_KEY],
    )
    xp = entry(first, "vol").get_by_label("XP")
    xp.fill("1")
    xp.blur()
    assert "a changé dans un autre onglet" in first.inner_text("[data-book-message]")
    assert {s["slug"]: s["xp"] for s in book_of(first)["sorts"]}["vol"] == 5 + gained + 1


def test_the_journal_goes_out_and_comes_back_with_the_file(
    book_tab, site_url, new_context, tmp_path
):
    page = book_tab(book=SAVED)
    open_cast(page)
    page.get_by_role("group", name="Face du dé du MJ :").get_by_role(
        "button", name="2", exact=True
    ).click()
    with page.expect_download() as download:
        page.get_by_role("button", name="Exporter (fichier JSON)").click()
    path = tmp_path / "mon-grimoire.json"
    download.value.save_as(path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["version"] == 3 and [e["de"] for e in exported["journal"]] == [2]
    # The share link stays short: no journal.
    page.get_by_role("button", name="Créer un lien de partage").click()
    assert "journal" not in page.input_value("[data-book-link]")
    other = new_context(engine=False).new_page()
    other.goto(site_url + "grimoire/")
    other.locator("[data-book-main]").wait_for()
    other.locator("[data-book-file]").set_input_files(path)
    other.locator("[data-book-offer]").get_by_role("button", name="Importer", exact=True).click()
    assert book_of(other)["journal"] == exported["journal"]
    other.get_by_role("button", name="Annuler la dernière entrée").click()
    assert {s["slug"]: s["xp"] for s in book_of(other)["sorts"]}["vol"] == 5


def test_a_spell_page_shows_that_wizard_s_odds_first(book_tab, site_url):
    page = book_tab("sorts/vol/")
    assert page.locator("[data-your-odds]").count() == 0  # no spellbook: nothing loaded
    store(page, SAVED)
    page.reload()
    line = page.locator("[data-your-odds]")
    line.wait_for()
    # Read as the reader reaches it: the rules below the text are laid out only then.
    line.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('[data-your-odds]').innerText !== ''")
    assert line.inner_text() == (
        "Vos chances (magie 3, apprentissage 2) : "
        + odds_text(3, 2)
        + " Lancer depuis Mon grimoire"
    )
    # First of the rules, above the calculator and the full tables, in large type.
    assert page.evaluate("""() => {
        const line = document.querySelector('[data-your-odds]');
        const calc = document.querySelector('.gr-spell-rules .gr-calc');
        const tables = document.querySelector('.gr-static-tables');
        return line.nextElementSibling === calc
            && (calc.compareDocumentPosition(tables) & Node.DOCUMENT_POSITION_FOLLOWING)
            && parseFloat(getComputedStyle(line).fontSize) >= 16;
    }""")
    # The odds chart marks that wizard on the line of the spell's apprentissage, at the book's
    # magie: the engine's chance of casting there.
    open_tables(page)  # the chart comes in as the reader nears it
    ring = page.locator('svg[data-chart="cast"] circle.gr-chart__mark')
    ring.wait_for(state="attached")
    chance = cast_series()[1].cast[3]
    assert float(ring.get_attribute("cx")) == chart.LEFT + chart.UNIT * 3
    assert float(ring.get_attribute("cy")) == chart.TOP + chart.HEIGHT * (1 - chance)
    assert page.locator('svg[data-chart="cast"] [data-mark]').count() == 2  # the ring, « Vous »
    # A spell not in the book shows no line.
    page.goto(site_url + "sorts/oubli/")
    page.get_by_role("button", name="Dans Mon grimoire : modifier").or_(
        page.get_by_role("button", name="Ajouter à Mon grimoire")
    ).first.wait_for()
    page.wait_for_function("() => !document.querySelector('[data-book-lazy]')")
    assert page.locator("[data-your-odds]").is_hidden()
    assert page.locator('svg[data-chart="cast"] [data-mark]').count() == 0


def test_a_study_session_test_by_test(book_tab):
    page = book_tab(book=SAVED)
    entry(page, "vol").get_by_role("button", name="Étudier Vol").click()
    page.get_by_label("Heures prévues").select_option("2")
    odds = page.locator("[data-study-odds]")
    page.wait_for_function(
        "() => !document.querySelector('[data-study-odds]').textContent.includes('calcul')",
        timeout=BOOT_MS,
    )
    # The planner's odds: the calculators' answer (precomputed or from the engine), or the
    # session's XP alone when no engine answers.
    answer = bridge.handle({"calc": "study", "hours": "2", "p": "1/2"})
    assert odds.inner_text() in (
        "XP attendue "
        + answer["expected"]["decimal"]
        + " · "
        + " · ".join(f"{d['xp']} XP {d['percent']}" for d in answer["distribution"]),
        f"XP de la séance réussie : {rules.study_xp(2)} (chances indisponibles : moteur de calcul non chargé).",
    )
    page.get_by_role("button", name="Commencer la séance").click()
    where = page.locator("[data-study-where]")
    seen = []
    while True:
        text = where.inner_text()
        hour, test, tests = map(
            int, re.fullmatch(r"Heure (\d) sur 2, test (\d) sur (\d) : le MJ dit…", text).groups()
        )
        seen.append((hour, test, tests))
        if hour == 2:
            break
        page.get_by_role("button", name="Test réussi").click()
    # Hour 1 holds its tests, as the engine counts them; a failure in hour 2 earns its XP.
    assert [s[:2] for s in seen] == [(1, n) for n in range(1, seen[0][2] + 1)] + [(2, 1)]
    page.get_by_role("button", name="Test échoué").click()
    gained = rules.study_xp(2, failed_at=2)
    result = page.locator("[data-study-result]")
    assert (
        result.inner_text()
        == f"Vol : étude de 2 h, test échoué à l’heure 2, +{gained} XP (5 → {5 + gained} XP)"
    )
    assert {s["slug"]: s["xp"] for s in book_of(page)["sorts"]}["vol"] == 5 + gained
    assert [(e["type"], e["heures"], e["echec"]) for e in book_of(page)["journal"]] == [
        ("etude", 2, 2)
    ]
    page.get_by_role("button", name="Annuler la dernière entrée").click()
    assert {s["slug"]: s["xp"] for s in book_of(page)["sorts"]}["vol"] == 5
    # A whole session passed: the full XP of its hours.
    page.get_by_label("Heures prévues").select_option("1")
    page.get_by_role("button", name="Commencer la séance").click()
    while page.locator("[data-study-where]").count():
        page.get_by_role("button", name="Test réussi").click()
    assert {s["slug"]: s["xp"] for s in book_of(page)["sorts"]}["vol"] == 5 + rules.study_xp(1)


def test_a_duel_face_by_face_as_the_engine_plays_it(book_tab):
    page = book_tab(book=SAVED)
    mine = SPELLS["vol"]["element"]
    # An opponent whose spell one of the two dominates, when the elements allow it.
    theirs = next((e for e in rules.ELEMENTS if rules.dominance(mine, e)), rules.ELEMENTS[0])
    entry(page, "vol").get_by_role("button", name="Duel avec Vol").click()
    panel = page.locator(".gr-duel")
    panel.get_by_label("Magie adverse").fill("x")
    panel.get_by_label("Magie adverse").dispatch_event("change")
    assert (
        panel.locator(".gr-book__field-error").nth(1).inner_text()
        == "Magie : attendu un entier positif ou nul, reçu « x »."
    )
    panel.get_by_label("Magie adverse").fill("2")
    panel.get_by_label("Apprentissage adverse").select_option("3")
    panel.get_by_label("Élément du sort adverse").select_option(theirs)
    page.wait_for_function(
        "() => !document.querySelector('[data-duel-odds]').textContent.endsWith('\u2026')",
        timeout=BOOT_MS,
    )
    modifiers = rules.test_modifiers(mine, theirs)
    odds = panel.locator("[data-duel-odds]").inner_text()
    answer = bridge.handle(
        {
            "calc": "duel",
            "a_magic": "3",
            "a_learning": "2",
            "a_element": mine,
            "b_magic": "2",
            "b_learning": "3",
            "b_element": theirs,
            "extremes": "modified",
        }
    )
    assert answer["ok"], answer
    words = {
        "a": "Mon sort prend effet",
        "b": "Le sort adverse prend effet",
        "cancel": "Les deux sorts s’annulent",
        "none": "Aucun sort n’est lancé",
    }
    shown = " · ".join(
        f"{words[o['key']]} {o['fraction']} ({o['percent']})" for o in answer["odds"]
    )
    assert odds.endswith(shown) or odds.endswith(
        "(chances indisponibles : moteur de calcul non chargé)."
    ), odds
    panel.get_by_role("button", name="Commencer le duel").click()
    # Both casts succeed (faces chosen by the engine), then my test passes and theirs fails.
    face_mine = next(f for f in range(1, 13) if rules.cast(3, 2, face=f).outcome.is_cast)
    face_theirs = next(f for f in range(1, 13) if rules.cast(2, 3, face=f).outcome.is_cast)
    test_mine = next(
        f for f in range(1, 13) if rules.cast(3, 2, face=f, modifier=modifiers[0]).outcome.is_cast
    )
    test_theirs = next(
        f
        for f in range(12, 0, -1)
        if not rules.cast(2, 3, face=f, modifier=modifiers[1]).outcome.is_cast
    )
    for step, face in enumerate((face_mine, face_theirs, test_mine, test_theirs)):
        assert page.locator("[data-duel-step]").get_attribute("data-duel-step") == str(step)
        pad = page.get_by_role("group", name=re.compile("^Face d"))
        assert pad.get_by_role("button").count() == rules.DIE_FACES
        pad.get_by_role("button", name=str(face), exact=True).click()
    result = rules.duel_result(True, True, rules.dominance(mine, theirs), True, False)
    assert result == "a"
    shown = page.locator("[data-duel-result]")
    assert shown.get_attribute("data-duel-outcome") == result
    gained = rules.cast(3, 2, face=face_mine).xp
    their_xp = rules.cast(2, 3, face=face_theirs).xp
    assert shown.inner_text() == (
        f"Mon sort prend effet. Vol : duel, faces {face_mine}, {face_theirs}, {test_mine}, {test_theirs}, "
        f"{rules.cast(3, 2, face=face_mine).outcome.label}, mon sort prend effet, +{gained} XP (5 → {5 + gained} XP) ; "
        f"adversaire : {rules.cast(2, 3, face=face_theirs).outcome.label}, +{their_xp} XP pour son grimoire."
    )
    assert {s["slug"]: s["xp"] for s in book_of(page)["sorts"]}["vol"] == 5 + gained
    journal = book_of(page)["journal"]
    assert [(e["type"], e["des"], e["resultat"], e["gain"]) for e in journal] == [
        ("duel", [face_mine, face_theirs, test_mine, test_theirs], result, gained)
    ]
    # My spell not cast: no test is asked, the opponent's spell takes effect unopposed.
    panel.get_by_role("button", name="Commencer le duel").click()
    failed = next(f for f in range(12, 0, -1) if not rules.cast(3, 2, face=f).outcome.is_cast)
    page.get_by_role("group", name=re.compile("^Face d")).get_by_role(
        "button", name=str(failed), exact=True
    ).click()
    page.get_by_role("group", name=re.compile("^Face d")).get_by_role(
        "button", name=str(face_theirs), exact=True
    ).click()
    assert shown.get_attribute("data-duel-outcome") == rules.duel_result(
        False, True, rules.dominance(mine, theirs)
    )
    assert [e["des"] for e in book_of(page)["journal"]][-1] == [failed, face_theirs]
    undo = page.get_by_role("button", name="Annuler la dernière entrée")
    undo.click()
    undo.click()
    assert {s["slug"]: s["xp"] for s in book_of(page)["sorts"]}["vol"] == 5
    assert book_of(page)["journal"] == []


def test_a_duel_against_a_spell_of_another_book_s_share_link(book_tab, site_url):
    page = book_tab(book=SAVED)  # reads the 1 and the 12 as « modified »
    entry(page, "vol").get_by_role("button", name="Duel avec Vol").click()
    panel = page.locator(".gr-duel")
    pasted = panel.get_by_label("Lien du grimoire adverse (facultatif)")
    choice = panel.get_by_role("group", name="Sort adverse")
    reading = panel.locator("[data-duel-reading]")
    assert (
        reading.inner_text()
        == f"Le lancer adverse se lit comme le vôtre ({rules.EXTREMES_LABELS['modified']})."
    )
    # A hostile or garbled link: a short French message, no opponent offered.
    for text, message in [
        ("javascript:alert(1)", "ce lien ne contient pas de grimoire (paramètre « livre » absent)"),
        (
            site_url + "grimoire/?livre=2.0.natural.vol_9_0",
            "apprentissage de « Vol » : attendu un entier de 0 à 5, reçu « 9 »",
        ),
    ]:
        pasted.fill(text)
        pasted.dispatch_event("change")
        assert (
            panel.locator(".gr-book__field-error").first.inner_text() == f"Lien refusé : {message}."
        )
        assert choice.is_hidden()
    # Another book's link: its spells that can be cast, its magie, the chosen spell's apprentissage
    # and element, and that wizard's reading of the 1 and the 12.
    pasted.fill(site_url + "grimoire/?livre=2.9.natural.oubli_0_0.eclair_3_4.teleportation_1_0")
    pasted.dispatch_event("change")
    assert choice.locator("label").all_inner_texts() == [
        f"{SPELLS['eclair']['name']} (apprentissage 3)",
        f"{SPELLS['teleportation']['name']} (apprentissage 1)",
    ]
    assert choice.get_by_role("radio", name=SPELLS["eclair"]["name"], exact=False).is_checked()
    assert panel.get_by_label("Magie adverse").input_value() == "9"
    assert panel.get_by_label("Apprentissage adverse").input_value() == "3"
    assert (
        panel.get_by_label("Élément du sort adverse").input_value() == SPELLS["eclair"]["element"]
    )
    # Another of its spells: its apprentissage and element.
    choice.get_by_role("radio", name=SPELLS["teleportation"]["name"], exact=False).check()
    assert panel.get_by_label("Apprentissage adverse").input_value() == "1"
    assert (
        panel.get_by_label("Élément du sort adverse").input_value()
        == SPELLS["teleportation"]["element"]
    )
    choice.get_by_role("radio", name=SPELLS["eclair"]["name"], exact=False).check()
    assert reading.inner_text() == (
        "L’adversaire lit les extrêmes du dé comme son lien le dit : "
        f"{rules.EXTREMES_LABELS['natural']} (vous : {rules.EXTREMES_LABELS['modified']})."
    )
    assert "chances avant le lancer indisponibles" in panel.locator("[data-duel-odds]").inner_text()
    panel.get_by_role("button", name="Commencer le duel").click()
    # My spell fails; theirs on a face the two readings tell apart: read as the link says.
    failed = next(f for f in range(12, 0, -1) if not rules.cast(3, 2, face=f).outcome.is_cast)
    theirs = next(
        f
        for f in range(1, 13)
        if rules.cast(9, 3, face=f, extremes="natural").outcome != rules.cast(9, 3, face=f).outcome
    )
    their_cast = rules.cast(9, 3, face=theirs, extremes="natural")
    for face in (failed, theirs):
        page.get_by_role("group", name=re.compile("^Face d")).get_by_role(
            "button", name=str(face), exact=True
        ).click()
    duel = book_of(page)["journal"][-1]
    mine = rules.cast(3, 2, face=failed)
    assert (
        duel["des"],
        duel["issue"],
        duel["issue_adverse"],
        duel["lecture"],
        duel["lecture_adverse"],
        duel["sort_adverse"],
        duel["adversaire"],
    ) == (
        [failed, theirs],
        mine.outcome.value,
        their_cast.outcome.value,
        "modified",
        "natural",
        "eclair",
        {"magic": 9, "learning": 3, "element": SPELLS["eclair"]["element"]},
    )
    assert duel["resultat"] == rules.duel_result(
        False,
        their_cast.outcome.is_cast,
        rules.dominance(SPELLS["vol"]["element"], SPELLS["eclair"]["element"]),
    )
    assert (
        f"adversaire ({SPELLS['eclair']['name']}) : {their_cast.outcome.label}, +{their_cast.xp} XP"
        in page.inner_text("[data-duel-result]")
    )
    # The evening counts the duel as a cast of mine, its outcome among those seen.
    summary = page.inner_text("[data-book-summary]")
    assert summary.startswith(f"Mon grimoire — la soirée : 1 lancer.\nXP gagnée : Vol +{mine.xp}.")
    assert f"{mine.outcome.label} 1 / " in summary
    # A version 1 link does not say its reading: the opponent reads as I do, and the panel says so.
    pasted.fill("1.2.eclair_2_0")
    pasted.dispatch_event("change")
    assert reading.inner_text() == (
        "Son lien ne dit pas comment l’adversaire lit les extrêmes du dé : son lancer se "
        f"lit comme le vôtre ({rules.EXTREMES_LABELS['modified']})."
    )
    page.get_by_role("button", name="Annuler la dernière entrée").click()
    assert (
        book_of(page)["journal"] == []
        and {s["slug"]: s["xp"] for s in book_of(page)["sorts"]}["vol"] == 5
    )


def test_at_360_px_the_first_screen_shows_the_spells_to_cast_and_no_control_is_cut(book_tab):
    page = book_tab(
        book={**SAVED, "version": 2, "reglages": {"lecture": "modified"}, "journal": []}
    )
    entry(page, "vol").wait_for()
    # The first spell's name and its « Lancer » above the fold; the page's intro is not in the way.
    first = page.locator(".gr-book__entry").first
    assert first.get_attribute("data-slug") == "boule-de-feu"
    for node in (
        first.locator(".gr-book__name"),
        first.get_by_role("button", name="Lancer Boule de feu"),
    ):
        box = node.bounding_box()
        assert box["y"] + box["height"] <= 740, box
    intro = page.locator(".gr-book__intro").bounding_box()
    assert intro is None or intro["y"] > 740
    # Every select of the page and of a duel's panel is wide enough for its chosen text and its arrow.
    entry(page, "vol").get_by_role("button", name="Duel avec Vol").click()
    cut = page.evaluate("""() => {
        const measure = document.createElement('canvas').getContext('2d');
        return [...document.querySelectorAll('.gr-book select')].filter((select) => {
            const style = getComputedStyle(select);
            measure.font = style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
            const needed = measure.measureText(select.selectedOptions[0].textContent).width +
                           parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 24;  // the arrow
            return select.clientWidth < needed;
        }).map((select) => select.id + ': ' + select.selectedOptions[0].textContent);
    }""")
    assert cut == []


def test_each_spell_shows_what_its_next_apprentissage_buys(book_tab):
    page = book_tab(book=SAVED)

    def chance(learning: int) -> str:
        odds = rules.cast_odds(SAVED["magie"], learning)
        p = sum(v for o, v in odds.items() if o.is_cast)
        return f"{rules.format_percent(p)} ({rules.format_fraction(p)})"

    box = entry(page, "vol").locator(".gr-compare")
    assert box.get_attribute("role") == "img"
    assert [v.inner_text() for v in box.locator(".gr-compare__value").all()] == [
        chance(2),
        chance(3),
    ]
    assert chance(2).split(" (")[0] in box.get_attribute("aria-label")
    widths = box.locator(".gr-compare__fill").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width / e.parentNode.getBoundingClientRect().width)"
    )
    assert widths[0] < widths[1]
    # At the last apprentissage there is nothing more to buy.
    assert entry(page, "boule-de-feu").locator(".gr-compare").count() == 0
