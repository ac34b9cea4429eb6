"""Helpers of the spellbook's and the MJ's table's tests: the stored spellbook, read and written."""

from __future__ import annotations

import itertools
import json
import re

from tests.conftest import ROOT

#: The spellbook's storage key, read from its one home (the spellbook's storage module).
STORAGE_KEY = re.search(
    r'^export const STORAGE_KEY = "([^"]+)";$',
    (ROOT / "widgets" / "grimoire" / "static" / "grimoire-store.js").read_text(encoding="utf-8"),
    re.M,
)[1]


def stored(page) -> str | None:
    """The raw text of the stored spellbook."""
    return page.evaluate("key => localStorage.getItem(key)", STORAGE_KEY)


def store(page, book: dict) -> None:
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)", [STORAGE_KEY, json.dumps(book)]
    )


#: A small stored spellbook: one spell with figures to compute, one at its highest level.
BOOK = {
    "version": 1,
    "magie": 2,
    "sorts": [
        {"slug": "vol", "apprentissage": 2, "xp": 5},
        {"slug": "oubli", "apprentissage": 5, "xp": 0},
    ],
}


#: Stores a spellbook before the first page of the site's origin runs its scripts, once per
#: browser context (a flag of its own marks it done: later pages and tabs find what the pages
#: wrote since). Arguments: [storage key, spellbook text, flag].
_SEED = """([key, text, flag]) => {
    if (!location.protocol.startsWith('http') || localStorage.getItem(flag)) return;
    localStorage.setItem(key, text);
    localStorage.setItem(flag, '1');
}"""


_SEEDS = itertools.count()


def open_with_book(page, site_url: str, path: str = "grimoire/", book: dict = BOOK) -> None:
    """Keep ``book`` as this browser's spellbook, stored on the site's origin before its first
    page's scripts run, then open ``path`` on it."""
    flag = f"grimoire-essai-{next(_SEEDS)}"
    arguments = json.dumps([STORAGE_KEY, json.dumps(book), flag])
    page.context.add_init_script(script=f"({_SEED})({arguments});")
    page.goto(site_url + path)
    assert stored(page) is not None


def book_of(page) -> dict:
    raw = stored(page)
    return json.loads(raw) if raw else {}
