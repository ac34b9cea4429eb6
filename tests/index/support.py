"""Helpers of the index's browser tests: its columns, reading its rows, toggles and count as a
reader sees them, and the orders and matches they must show, computed from ``spells/*.yaml``.
"""

from __future__ import annotations

import re

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.support import element_label, fold, searchable

# The index's columns: the header's full name (its sort button says « Trier par … »), the short
# label it shows, its sort key in the address, and the value of each from the data.
COLUMNS = [
    ("Nom", "Nom", "nom", lambda s: []),
    ("Niveaux", "Niv.", "niveaux", lambda s: [s["levels"]["min"], s["levels"]["max"]]),
    ("Élément", "Élément", "element", lambda s: [fold(element_label(s["element"]))]),
    ("Difficulté", "Diff.", "difficulte", lambda s: [s["difficulty"]]),
]


def text_matches(spells: dict[str, dict], query: str) -> set[str]:
    """Slugs whose name, aliases or description contain every word of ``query``."""
    words = fold(query).split()
    return {
        slug for slug, spell in spells.items() if all(word in searchable(spell) for word in words)
    }


def visible_slugs(page) -> list[str]:
    """Slugs of the index rows a reader sees, top to bottom."""
    return page.eval_on_selector_all(
        ".gr-index-table tbody tr",
        "rows => rows.filter(r => r.checkVisibility()).map(r => r.dataset.slug)",
    )


def wait_for_rows(
    page, expected: list[str] | set[str], *, ordered: bool = False, timeout: float = 5000
) -> None:
    """Wait until the visible rows are ``expected`` (a set, or a list when ``ordered``)."""
    expected_list = list(expected) if ordered else sorted(expected)
    try:
        page.wait_for_function(
            """([expected, ordered]) => {
                const rows = [...document.querySelectorAll('.gr-index-table tbody tr')]
                    .filter(r => r.checkVisibility()).map(r => r.dataset.slug);
                const seen = ordered ? rows : rows.slice().sort();
                return JSON.stringify(seen) === JSON.stringify(expected);
            }""",
            arg=[expected_list, ordered],
            timeout=timeout,
        )
    except PlaywrightTimeout:
        seen = visible_slugs(page)
        if not ordered:
            seen = set(seen)
            raise AssertionError(
                f"lignes visibles inattendues : en trop {sorted(seen - set(expected))}, "
                f"manquantes {sorted(set(expected) - seen)}"
            ) from None
        assert seen == expected_list


def facet_button(page, facet: str, label: str):
    """The toggle of a filter, found by what a screen reader announces (« Niveau 5 »…)."""
    return page.locator(f'fieldset[data-facet="{facet}"]').get_by_role(
        "button", name=re.compile(rf"^{re.escape(label)}( : (inclus|exclu))?$")
    )


def sort_button(page, header: str):
    # « Trier par nom », or with a short label shown: « Niv. : trier par niveaux ».
    return page.get_by_role(
        "button", name=re.compile(rf"^(\S+ : t|T)rier par {re.escape(header.lower())}$")
    )


def toggle_states(page) -> dict[str, str]:
    return page.eval_on_selector_all(
        ".gr-toggle",
        """buttons => Object.fromEntries(buttons.map(b =>
            [b.closest('[data-facet]').dataset.facet + ':' + b.dataset.value,
             b.dataset.state || '']))""",
    )


def shown_count(page) -> str:
    return page.locator(".gr-count").inner_text().strip()


def count_text(shown: int, total: int) -> str:
    return f"{shown} {'sorts affichés' if shown > 1 else 'sort affiché'} sur {total}"


def server_order(
    spells: dict[str, dict], slugs, value=lambda s: [], *, descending: bool = False
) -> list[str]:
    """``slugs`` in the site's one order: by ``value``, then by folded name (the order the
    generator writes); descending is the exact reverse."""
    ordered = sorted(
        slugs,
        key=lambda slug: (value(spells[slug]), fold(spells[slug]["name"]), spells[slug]["name"]),
    )
    return ordered[::-1] if descending else ordered
