"""Spell cards in headless Chromium: the selection, the split of long spells, the PDF Chromium
prints (number of cards and pages, every word of every selected spell), the formats, and the
page without JavaScript."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
import unicodedata
from collections import Counter

import pytest
import yaml

import rules
from generator.pages import labels
from tests.conftest import ROOT
from tests.fidelity import words as shown_words
from tests.grimoire.support import STORAGE_KEY, store

pytestmark = pytest.mark.browser

SPELLS = {
    p.stem: yaml.safe_load(p.read_text(encoding="utf-8"))
    for p in sorted((ROOT / "spells").glob("*.yaml"))
}
SELECTION = ["vol", "boule-de-feu", "teleportation"]
SUPERSCRIPT = re.compile(r"(\d)\^(er|eme|e)\b")
WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    """The words of a text as printed (« 3^e » is read « 3e », as ``pdftotext -raw`` gives it)."""
    text = unicodedata.normalize("NFKC", SUPERSCRIPT.sub(r"\1\2", text))
    return WORD.findall(text)


def spell_words(spell: dict) -> Counter:
    """Every word a spell's cards must carry: name, the six fields, element, difficulty, text."""
    text = [spell["name"], rules.ELEMENT_LABELS[spell["element"]], str(spell["difficulty"])]
    for key, label in labels.FIELDS.items():
        text += [label, spell[key]["raw"]]
    description = re.sub(r"(?m)^(#### |- |  )", "", spell["description"])
    description = re.sub(r"!\[([^\]]*)\]\(\)", r"\1", description)
    description = re.sub(r"^\|?-+(\|-+)*\|?$", "", description, flags=re.M)
    text.append(description.replace("|", " "))
    return Counter(words(" ".join(text)))


def laid_out(page) -> list[dict]:
    return page.eval_on_selector_all(
        ".gr-sheet .gr-card",
        """cards => cards.map(c => ({
        slug: c.dataset.slug, label: c.getAttribute('aria-label'),
        count: c.querySelector('[data-card-count]').textContent,
        sheet: [...document.querySelectorAll('.gr-sheet')].indexOf(c.closest('.gr-sheet'))}))""",
    )


def open_cards(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(".gr-deck[data-ready]")


def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", data))


def test_a_selection_prints_as_cards_with_every_word(site_url, new_context, tmp_path):
    page = new_context(viewport={"width": 1000, "height": 900}).new_page()
    open_cards(page, site_url + "cartes/?sorts=" + ",".join(SELECTION))
    cards = laid_out(page)
    # Each spell's cards follow one another, in the order asked; the long one continues.
    order = [c["slug"] for c in cards]
    assert [s for i, s in enumerate(order) if i == 0 or order[i - 1] != s] == SELECTION
    for slug in SELECTION:
        own = [c for c in cards if c["slug"] == slug]
        name = SPELLS[slug]["name"]
        assert own[0]["label"] == name
        assert all(c["label"] == f"{name} (suite)" for c in own[1:])
        if len(own) > 1:
            assert [c["count"] for c in own] == [f"{i}/{len(own)}" for i in range(1, len(own) + 1)]
    assert len([c for c in cards if c["slug"] == "teleportation"]) >= 3
    assert len([c for c in cards if c["slug"] == "boule-de-feu"]) == 1
    # Four cards per A4 sheet.
    assert [c["sheet"] for c in cards] == [i // 4 for i in range(len(cards))]
    summary = page.inner_text("[data-deck-summary]")
    assert summary == (f"3 sorts sur {len(cards)} cartes, {math.ceil(len(cards) / 4)} pages A4.")

    # At print size nothing is cut off: every card's text fits inside the card.
    page.emulate_media(media="print")
    overflowing = page.eval_on_selector_all(
        ".gr-sheet .gr-card__text",
        """areas => areas
        .filter(a => a.scrollHeight > a.clientHeight || (a.lastElementChild &&
                 a.lastElementChild.getBoundingClientRect().bottom > a.getBoundingClientRect().bottom))
        .map(a => a.closest('.gr-card').getAttribute('aria-label'))""",
    )
    assert overflowing == []
    assert page.locator(".md-header").is_hidden() and page.locator("[data-deck-tools]").is_hidden()

    pdf = page.pdf(format="A4", prefer_css_page_size=True, print_background=True)
    path = tmp_path / "cartes.pdf"
    path.write_bytes(pdf)
    assert pdf_pages(pdf) == math.ceil(len(cards) / 4)
    assert shutil.which("pdftotext"), (
        "pdftotext absent : installez poppler-utils (make test le fait)"
    )
    text = subprocess.run(
        ["pdftotext", "-raw", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    # One footer per card.
    footers = Counter(
        re.findall(r"Grimoire · ([^\n]+?)\s*(?:suite sur la carte suivante|\d+/\d+|\n)", text)
    )
    assert footers == Counter({SPELLS[s]["name"]: order.count(s) for s in SELECTION})
    printed = Counter(words(text))
    wanted = sum((spell_words(SPELLS[slug]) for slug in SELECTION), Counter())
    missing = wanted - printed
    assert not missing, f"mots absents du PDF : {dict(missing)}"
    # The pages as images, for whoever wants to look at them (pdftoppm -png).
    if shutil.which("pdftoppm"):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "40", str(path), str(tmp_path / "page")], check=True
        )
        assert len(list(tmp_path.glob("page-*.png"))) == pdf_pages(pdf)


def test_six_cards_per_sheet(site_url, new_context):
    page = new_context(viewport={"width": 1000, "height": 900}).new_page()
    open_cards(page, site_url + "cartes/?sorts=invocation-de-monstre,oubli,vol")
    four = len(laid_out(page))
    page.get_by_label("Format", exact=True).select_option("6")
    page.wait_for_function("() => document.querySelector('.gr-deck').dataset.format === '6'")
    cards = laid_out(page)
    assert len(cards) >= four
    assert [c["sheet"] for c in cards] == [i // 6 for i in range(len(cards))]
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    assert pdf_pages(pdf) == math.ceil(len(cards) / 6)


def test_the_spellbook_and_the_index_view_print_as_cards(site_url, new_context):
    page = new_context().new_page()
    page.goto(site_url + "grimoire/")
    store(
        page,
        {
            "version": 1,
            "magie": 0,
            "sorts": [
                {"slug": "vol", "apprentissage": 1, "xp": 0},
                {"slug": "acceleration", "apprentissage": 2, "xp": 3},
            ],
        },
    )
    page.reload()
    link = page.get_by_role("link", name="Imprimer les cartes")
    link.click()
    page.wait_for_selector(".gr-deck[data-ready]")
    assert page.url.endswith("cartes/?grimoire=1")
    slugs = list(dict.fromkeys(c["slug"] for c in laid_out(page)))
    assert slugs == ["acceleration", "vol"]
    assert page.inner_text("[data-deck-summary]").startswith("Mon grimoire : 2 sorts sur ")

    # The index's current view: the rows the reader sees, in the order shown.
    page.goto(site_url + "sorts/?element=eau&tri=7-desc")
    page.wait_for_selector(".gr-count:not(:empty)")
    shown = page.eval_on_selector_all(
        ".gr-index-table tbody tr", "rows => rows.filter(r => !r.hidden).map(r => r.dataset.slug)"
    )
    assert set(shown) == {s for s, d in SPELLS.items() if d["element"] == "eau"}
    page.locator(".gr-filter-open").click()  # the link sits with the filters
    page.get_by_role("link", name="Cartes à imprimer").click()
    page.wait_for_selector(".gr-deck[data-ready]")
    assert list(dict.fromkeys(c["slug"] for c in laid_out(page))) == shown

    # One spell, from its page.
    page.goto(site_url + "sorts/oubli/")
    page.get_by_role("link", name="Carte à imprimer").click()
    page.wait_for_selector(".gr-deck[data-ready]")
    assert {c["slug"] for c in laid_out(page)} == {"oubli"}
    page.evaluate("window.print = () => { window.__printed = true; }")
    page.get_by_role("button", name="Imprimer").click()
    assert page.evaluate("window.__printed") is True

    # An unknown spell in the address is named, the others are printed.
    open_cards(page, site_url + "cartes/?sorts=vol,nimporte-quoi,constructor")
    assert "« nimporte-quoi », « constructor »" in page.inner_text("[data-deck-message]")
    assert {c["slug"] for c in laid_out(page)} == {"vol"}


def test_the_spellbook_room_hands_its_spells_to_the_cards_through_the_page(site_url, new_context):
    """« Mon grimoire »'s script writes the stored spells on the deck before the cards' runs: an
    empty spellbook and an unreadable one are said, a stored spell no card shows is left out."""
    page = new_context().new_page()
    page.goto(site_url + "grimoire/")
    store(page, {"version": 1, "magie": 0, "sorts": []})
    open_cards(page, site_url + "cartes/?grimoire=1")
    assert json.loads(page.get_attribute(".gr-deck", "data-grimoire")) == {
        "slugs": [],
        "broken": None,
    }
    assert "Votre grimoire est vide" in page.inner_text("[data-deck-message]")
    assert laid_out(page) == []

    page.evaluate("key => localStorage.setItem(key, '{pas du json')", STORAGE_KEY)
    open_cards(page, site_url + "cartes/?grimoire=1")
    assert "Le grimoire enregistré est illisible" in page.inner_text("[data-deck-message]")

    # A stored spell the compendium does not hold is left out; the others print.
    store(
        page,
        {
            "version": 1,
            "magie": 0,
            "sorts": [
                {"slug": "vol", "apprentissage": 1, "xp": 0},
                {"slug": "nimporte-quoi", "apprentissage": 1, "xp": 0},
            ],
        },
    )
    open_cards(page, site_url + "cartes/?grimoire=1")
    assert {card["slug"] for card in laid_out(page)} == {"vol"}
    # Without ?grimoire, the spellbook's script hands nothing over.
    open_cards(page, site_url + "cartes/?sorts=oubli")
    assert page.get_attribute(".gr-deck", "data-grimoire") is None


def test_without_javascript_every_card_shows_whole(site_url, new_context):
    page = new_context(java_script_enabled=False).new_page()
    page.goto(site_url + "cartes/?sorts=vol")
    cards = page.locator(".gr-deck__cards .gr-card")
    assert cards.count() == len(SPELLS)
    text = " ".join(shown_words(page.locator(".gr-card[data-slug='teleportation']").inner_text()))
    for line in SPELLS["teleportation"]["description"].split("\n"):
        assert " ".join(shown_words(re.sub(r"^(#### |- |  )", "", line))) in text, line


def test_a_very_long_paragraph_is_laid_out_like_a_normal_one(site_url, new_context):
    """A 120 KB one-paragraph description: its « suite » cards each hold a card's worth of text,
    every word once and in order, and each card costs a bounded number of measurements."""
    long_words = [f"m{i:05d}" for i in range(17_000)]  # 7 characters each with its space
    paragraph = " ".join(long_words)
    assert len(paragraph) > 118_000
    page = new_context(viewport={"width": 1000, "height": 900}).new_page()

    def long_vol(route):
        response = route.fetch()
        html = response.text()
        start = html.index('data-slug="vol"')
        text = html.index('<div class="gr-card__text">', start) + len('<div class="gr-card__text">')
        route.fulfill(response=response, body=html[:text] + f"<p>{paragraph}</p>" + html[text:])

    page.route("**/cartes/?sorts=vol,oubli", long_vol)
    open_cards(page, site_url + "cartes/?sorts=vol,oubli")
    texts = page.eval_on_selector_all(
        ".gr-sheet .gr-card[data-slug='vol'] .gr-card__text",
        "areas => areas.map(a => a.firstElementChild ? a.firstElementChild.textContent : '')",
    )
    cards = len(texts)
    per_card = [len(t) for t in texts]
    assert cards > 40
    # Every word once, in order, across the cards (the paragraph is the first block).
    seen = " ".join(texts).split()
    assert seen[: len(long_words)] == long_words
    # Each card but the last of the paragraph is filled: no card holds less than half another's.
    filled = per_card[:-2]
    assert min(filled) * 2 >= max(filled), per_card
    # The work per card is bounded (binary searches over a card's worth of words).
    measures = int(page.get_attribute(".gr-deck", "data-measures"))
    assert measures <= 40 * cards, (measures, cards)
    assert {c["slug"] for c in laid_out(page)} == {"vol", "oubli"}
