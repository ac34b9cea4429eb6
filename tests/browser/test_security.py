"""The Content-Security-Policy: on every built page, before any script or style, and never violated.

The site runs no inline script, so a text that slipped through as HTML could not run; the browser
reports any resource the policy blocks as a ``securitypolicyviolation`` event and a console error.
"""

from __future__ import annotations

import re

import pytest

from generator.security import CONTENT_SECURITY_POLICY
from tests.conftest import ROOT

META = f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">'
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I)
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
});
"""
BOOT_MS = 75_000


def test_every_built_page_carries_the_policy_before_any_script(built_site):
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 110
    for path in pages:
        html = path.read_text(encoding="utf-8")
        shown = path.relative_to(built_site)
        assert html.count(META) == 1, shown
        first = min(i for i in (html.find("<script"), html.find('rel="stylesheet"')) if i >= 0)
        assert html.index(META) < first, shown
        assert not INLINE_SCRIPT.search(html), shown
        assert not re.search(r"\sstyle=|<style|\son[a-z]+=", html), shown


def test_the_readme_gives_the_same_policy_as_a_header():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"Content-Security-Policy: {CONTENT_SECURITY_POLICY}" in readme


@pytest.mark.browser
def test_no_page_violates_the_policy(browser, site_url, spells):
    # The service worker runs too: its script and what it fetches are under the policy.
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, locale="fr-FR", service_workers="allow"
    )
    context.add_init_script(WATCH)
    page = context.new_page()
    console = []
    page.on(
        "console",
        lambda message: (
            console.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text
            else None
        ),
    )
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    alias = next(s for s in spells.values() if s["aliases"])
    try:
        for path in (
            "",
            "sorts/",
            "sorts/vol/",
            "regles/",
            "grimoire/",
            "table/?livres=3.3.modified.WXNvbGRl.vol_2_5~3.1.natural..vol_1_0",
            "cartes/",
            "cartes/?sorts=vol,affutage",
            "404.html",
            f"sorts/{alias['aliases'][0].lower().replace(' ', '-')}/",
            "calculateurs/",
        ):
            page.goto(site_url + path, wait_until="load")
            page.wait_for_function("() => window.__md_scope !== undefined")
            assert page.evaluate("window.__violations") == [], path
        # The calculators page computes once outside the build's data (progression at 40 XP):
        # Pyodide and its worker run under the policy.
        page.locator("#progression-apprentissage").fill("3")
        page.locator("#progression-xp").fill("40")
        page.locator("#progression-xp").press("Enter")
        page.wait_for_selector(
            'section[data-calc="progression"][data-state="ready"]',
            state="attached",
            timeout=BOOT_MS,
        )
        page.locator("#lancer-magie").fill("4")
        page.wait_for_selector(
            'section[data-calc="cast"][data-result="ok"]', state="attached", timeout=BOOT_MS
        )
        assert page.evaluate("window.__violations") == []
        # The theme's search (its own worker) and its highlighting run under the policy.
        page.goto(site_url + "sorts/", wait_until="load")
        page.locator('label.md-header__button[for="__search"]').click()
        page.locator("input.md-search__input").press_sequentially("teleportation")
        result = page.locator(
            'a.md-search-result__link[href*="/sorts/teleportation/?h="]:not([href*="#"])'
        )
        result.wait_for(timeout=10_000)
        result.click()
        page.wait_for_url(re.compile(r"/sorts/teleportation/"))
        page.wait_for_load_state("load")
        assert page.evaluate("window.__violations") == []
        # The palette toggle of the theme works without inline scripts.
        page.goto(site_url + "sorts/vol/#niveau-3", wait_until="load")
        # Automatic (the device's light scheme here) → light → dark.
        page.locator("label[for='__palette_1']").first.click()
        page.wait_for_function("() => document.body.dataset.mdColorScheme === 'default'")
        page.locator("label[for='__palette_2']").first.click()
        page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
        page.reload(wait_until="load")
        page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
        assert page.evaluate("window.__violations") == []
        assert console == [] and errors == []
    finally:
        context.close()


def test_only_mkdocs_serve_lets_its_live_reload_script_run():
    from generator import mkdocs_hooks, offline
    from generator.security import policy_for

    assert policy_for("build") == policy_for("gh-deploy") == CONTENT_SECURITY_POLICY
    assert "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval';" in policy_for("serve")
    assert "'unsafe-inline'" not in CONTENT_SECURITY_POLICY

    class Config:
        extra: dict = {}

    try:
        mkdocs_hooks.on_startup(command="serve", dirty=False)
        assert mkdocs_hooks.on_config(Config()).extra["content_security_policy"] == policy_for(
            "serve"
        )
    finally:
        mkdocs_hooks.on_startup(command="build", dirty=False)
        offline.set_command("build")
    assert (
        mkdocs_hooks.on_config(Config()).extra["content_security_policy"] == CONTENT_SECURITY_POLICY
    )


@pytest.mark.browser
@pytest.mark.parametrize("javascript", [True, False])
def test_alias_pages_redirect_without_inline_script(open_page, site_url, javascript):
    page = open_page("sorts/image-miroir/?x=1#niveau-2", java_script_enabled=javascript)
    # With JavaScript, alias.js keeps the query and the fragment; without, the <noscript> refresh.
    expected = "sorts/images-miroir/?x=1#niveau-2" if javascript else "sorts/images-miroir/"
    page.wait_for_url(site_url + expected)
    page.wait_for_load_state("load")
    assert page.locator("h1").inner_text() == "Images miroir"
