"""axe-core with its full default rule set (best practices included, not only the WCAG tags)
reports nothing on the site's pages, in the light and the dark scheme, at 360 px."""

from __future__ import annotations

import json

import pytest

from tests.browser.support import AXE, PHONE

pytestmark = pytest.mark.browser

BOOK = {"version": 1, "magie": 2, "sorts": [{"slug": "vol", "apprentissage": 2, "xp": 5},
                                            {"slug": "oubli", "apprentissage": 5, "xp": 0}]}

PAGES = {
    "accueil": ("", "body"),
    "index": ("sorts/", ".gr-count:not(:empty)"),
    "index filtré": ("sorts/?niveau=9", ".gr-count:not(:empty)"),
    "sort": ("sorts/invisibilite/", ".gr-book-add"),
    "sort à sous-titres": ("sorts/teleportation/", ".gr-book-add"),
    "ancre de niveau": ("sorts/invisibilite/#niveau-5", ".gr-book-add"),
    "règles": ("regles/", "body"),
    "calculateurs": ("calculateurs/", "body"),
    "grimoire": ("grimoire/", ".gr-book__list, [data-book-main]:not([hidden])"),
    "cartes": ("cartes/?sorts=vol,teleportation", ".gr-deck[data-ready]"),
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", list(PAGES))
def test_axe_default_rules_report_nothing(browser, site_url, name, scheme):
    path, ready = PAGES[name]
    context = browser.new_context(viewport=dict(PHONE), locale="fr-FR", color_scheme=scheme,
                                  bypass_csp=True, service_workers="block")
    try:
        page = context.new_page()
        if name == "grimoire":
            page.goto(site_url + "grimoire/")
            page.evaluate("book => localStorage.setItem('grimoire.livre.v1', JSON.stringify(book))",
                          BOOK)
        page.goto(site_url + path)
        page.wait_for_selector(ready, state="attached")
        page.wait_for_load_state("networkidle")
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
        violations = [f"{v['id']}: {v['help']} — " + "; ".join(str(n["target"]) for n in v["nodes"][:5])
                      for v in result["violations"]]
        assert violations == [], json.dumps(violations, ensure_ascii=False, indent=1)
    finally:
        context.close()
