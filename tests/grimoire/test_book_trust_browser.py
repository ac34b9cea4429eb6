"""« Mon grimoire » in headless Chromium takes only what it can carry: the imported journal of the
review is refused naming its entry, the same journal put straight into storage never stops the
page, a spell gone from the compendium is shown as such, and two tabs tapping the die in the same
millisecond keep every cast of both."""

from __future__ import annotations

import json

import pytest

import rules
from tests.grimoire.support import STORAGE_KEY, book_of, store

pytestmark = pytest.mark.browser

#: The file of the review's first high finding: a level entry with neither state.
HOSTILE_FILE = {
    "format": "grimoire-livre",
    "version": 2,
    "magie": 3,
    "reglages": {"lecture": "natural"},
    "sorts": [{"slug": "acceleration", "apprentissage": 2, "xp": 3}],
    "journal": [
        {
            "t": "2099-01-01T00:00:00.000Z",
            "type": "niveau",
            "sort": "acceleration",
            "avant": None,
            "apres": None,
        }
    ],
}
SAVED = {
    "version": 1,
    "magie": 3,
    "sorts": [
        {"slug": "vol", "apprentissage": 2, "xp": 5},
        {"slug": "teleportation", "apprentissage": 1, "xp": 0},
    ],
}


def test_the_review_s_journal_is_refused_at_import_and_never_breaks_the_stored_book(
    book_tab, tmp_path
):
    page = book_tab(book=SAVED)
    page.locator("[data-book-main]").wait_for()
    path = tmp_path / "livre.json"
    path.write_text(json.dumps(HOSTILE_FILE), encoding="utf-8")
    page.locator("[data-book-file]").set_input_files(path)
    message = page.locator("[data-book-message]")
    message.wait_for(state="visible")
    assert message.inner_text() == (
        "Fichier refusé : entrée n° 1 du journal illisible : état avant et après attendus. "
        "Votre grimoire n’a pas été modifié."
    )
    assert book_of(page)["sorts"] == SAVED["sorts"]
    # The same book put straight into the browser's storage: the page lists its spell, names the
    # bad entry, and keeps it as it was stored.
    store(page, {k: v for k, v in HOSTILE_FILE.items() if k != "format"})
    page.reload()
    entry = page.locator(".gr-book__entry[data-slug='acceleration']")
    entry.wait_for()
    notice = page.locator("[data-book-broken]")
    assert notice.is_visible()
    assert notice.inner_text().count("entrée n° 1 du journal illisible : état avant et après") == 1
    assert "Une entrée est illisible ; elle reste enregistrée telle quelle" in notice.inner_text()
    assert page.get_by_role("button", name="Annuler la dernière entrée").is_disabled()
    # A change keeps the bad entry stored as it was.
    page.get_by_label("Magie").fill("4")
    page.get_by_label("Magie").blur()
    page.wait_for_function(
        "([key]) => JSON.parse(localStorage.getItem(key)).magie === 4", arg=[STORAGE_KEY]
    )
    assert book_of(page)["journal"] == HOSTILE_FILE["journal"]
    # A share link still gets its offer.
    page.goto(page.url.split("?")[0] + "?livre=2.1.modified.vol_2_0")
    page.locator("[data-book-offer]").wait_for(state="visible")


def test_a_spell_gone_from_the_compendium_is_kept_and_said_gone(book_tab):
    page = book_tab(
        book={
            **SAVED,
            "sorts": [*SAVED["sorts"], {"slug": "sort-retire", "apprentissage": 3, "xp": 4}],
        }
    )
    gone = page.locator(".gr-book__entry[data-slug='sort-retire']")
    gone.wait_for()
    assert "Ce sort n’existe plus dans le compendium" in gone.inner_text()
    assert not page.locator("[data-book-broken]").is_visible()
    page.get_by_role("button", name="Créer un lien de partage").click()
    assert page.input_value("[data-book-link]").endswith(".sort-retire_3_4")


#: Face taps per tab, all scheduled for the same millisecond in both tabs.
TAPS = 50
#: Schedules ``taps`` clicks on the cast panel's face ``face`` for the time ``at`` (ms since the
#: epoch, the same clock in both tabs); each click finds the face's button afresh (a cast redraws
#: the panel).
SCHEDULE = """([at, face, taps]) => {
    const tap = () => [...document.querySelectorAll('.gr-cast__face')]
        .find((b) => b.textContent === String(face)).click();
    for (let i = 0; i < taps; i++) setTimeout(tap, Math.max(0, at - Date.now()));
}"""


def test_two_tabs_tapping_in_the_same_millisecond_keep_every_cast(site_url, new_context):
    context = new_context(engine=False, viewport={"width": 360, "height": 740})
    tabs = [context.new_page(), context.new_page()]
    tabs[0].goto(site_url + "grimoire/")
    store(tabs[0], SAVED)
    for tab in tabs:
        tab.goto(site_url + "grimoire/")
        tab.locator(".gr-book__entry[data-slug='vol']").get_by_role(
            "button", name="Lancer Vol"
        ).click()
        tab.locator(".gr-cast").wait_for()
    at = tabs[0].evaluate("() => Date.now() + 1500")
    for tab, face in zip(tabs, (3, 4), strict=True):
        tab.evaluate(SCHEDULE, [at, face, TAPS])
    expected = 5 + TAPS * (rules.cast(3, 2, face=3).xp + rules.cast(3, 2, face=4).xp)
    for tab in tabs:
        tab.wait_for_function(
            """([key, n, xp]) => {
                const book = JSON.parse(localStorage.getItem(key));
                return (book.journal || []).length === n && book.sorts[0].xp === xp
                    && document.querySelector('#gr-book-vol-xp').value === String(xp);
            }""",
            arg=[STORAGE_KEY, 2 * TAPS, expected],
            timeout=60_000,
        )
    book = book_of(tabs[0])
    assert sorted(e["de"] for e in book["journal"]) == [3] * TAPS + [4] * TAPS
    assert len({e["id"] for e in book["journal"]}) == 2 * TAPS


#: The site's storage blocked, as a browser set to refuse every site's data makes it: reading
#: ``localStorage`` or ``sessionStorage`` throws.
BLOCKED = """for (const name of ['localStorage', 'sessionStorage']) {
    Object.defineProperty(window, name, { get() {
        throw new DOMException('The operation is insecure.', 'SecurityError'); } });
}"""


def test_with_the_storage_blocked_every_page_works_and_says_what_can_be_done(site_url, new_context):
    context = new_context(engine=False)  # a JavaScript error fails the test
    context.add_init_script(script=BLOCKED)
    page = context.new_page()
    for path in ("", "sorts/", "sorts/vol/", "calculateurs/"):
        page.goto(site_url + path)
        page.wait_for_load_state("load")
        assert page.evaluate("() => document.body.getAttribute('data-md-color-scheme')")
    page.goto(site_url + "grimoire/")
    notice = page.locator("[data-book-broken]")
    notice.wait_for(state="visible")
    assert page.inner_text("[data-book-broken-title]") == "Stockage du navigateur bloqué"
    assert "autorisez les données de site pour ce site" in notice.inner_text()
    assert "importez" not in notice.inner_text().lower()
    page.get_by_label("Magie").fill("4")
    page.get_by_label("Magie").blur()
    assert page.inner_text("[data-book-message]").startswith(
        "Refusé : ce navigateur bloque le stockage de ce site"
    )


def test_a_tampered_theme_setting_is_read_as_none(site_url, new_context):
    page = new_context(engine=False).new_page()
    page.goto(site_url)
    page.evaluate("() => localStorage.setItem('/.__palette', '{pas du JSON')")
    page.reload()
    page.wait_for_load_state("load")
    assert page.evaluate("() => document.body.getAttribute('data-md-color-scheme')")
