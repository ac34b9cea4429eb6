"""Helpers of the browser tests: the spell data as written, French folding, the phone's layout.

Expectations are computed from ``spells/*.yaml`` (read with yaml, not through the generator),
never typed in the tests.
"""

from __future__ import annotations

import re
import unicodedata

import yaml

from tests.conftest import ROOT

PHONE = {"width": 360, "height": 740}
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SUPERSCRIPT = re.compile(r"(\d)\^(er|eme|e)\b")


#: What a reader of the open page would trip on at 360 px: the page wider than the screen, a
#: visible element of the content sticking out of it (a wide table scrolls in its own wrapper),
#: a tap target under ``min`` × ``min`` px. WCAG 2.5.8's « inline » exception, and only it: a link
#: (display: inline) whose nearest block also holds text outside it — a link inside a sentence,
#: sized by the line height around it. A field's target is its label as well (a tap on the label
#: ticks a radio button). Parts laid out only when scrolled to (content-visibility: auto) are
#: measured as they will be laid out.
PHONE_PROBLEMS = """min => {
    const width = document.documentElement.clientWidth;
    for (const el of document.querySelectorAll('.md-content *'))
        if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    const inSentence = el => {
        if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
        let block = el.parentElement;
        while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
        if (!block) return false;
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode())
            if (!el.contains(node) && node.textContent.trim()) return true;
        return false;
    };
    const name = el => `${el.tagName.toLowerCase()}.${el.className}`;
    return {
        wider: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) > width
            ? [document.documentElement.scrollWidth, document.body.scrollWidth] : [],
        outside: [...document.querySelectorAll('.md-content *')]
            .filter(el => el.checkVisibility() && !el.closest('.gr-table-wrap'))
            .filter(el => { const r = el.getBoundingClientRect();
                            return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5); })
            .map(name).slice(0, 10),
        small: [...document.querySelectorAll(':is(.md-content, dialog) :is(a[href], button, '
                + 'input, select, textarea, summary, label.md-button)')]
            .filter(el => el.checkVisibility({visibilityProperty: true, opacityProperty: true}))
            .filter(el => !el.closest('.gr-sheet') && !el.classList.contains('gr-sr-only'))
            .filter(el => [el, ...(el.labels || [])].every(target => {
                const b = target.getBoundingClientRect();
                return b.width < min || b.height < min; }))
            .filter(el => !inSentence(el))
            .map(el => { const b = el.getBoundingClientRect();
                         return `${name(el)} « ${el.textContent.trim().slice(0, 30)} »`
                                + ` ${Math.round(b.width)}×${Math.round(b.height)}`; }),
    };
}"""
#: The smallest tap target, in CSS px (WCAG 2.5.5).
TAP = 44


def phone_problems(page) -> dict[str, list]:
    """``{"wider": …, "outside": …, "small": …}`` for the open page, each empty when it reads
    well on a phone (see ``PHONE_PROBLEMS``)."""
    return page.evaluate(PHONE_PROBLEMS, TAP)


def clear_site_storage(devtools, site_url: str) -> None:
    """Empty everything the site's origin stored in the browser (localStorage, caches, service
    workers…) through ``devtools``, a DevTools session of one of its pages; the HTTP cache stays."""
    devtools.send(
        "Storage.clearDataForOrigin", {"origin": site_url.rstrip("/"), "storageTypes": "all"}
    )


def load_spells() -> dict[str, dict]:
    spells = {}
    for path in sorted((ROOT / "spells").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        spells[data["slug"]] = data
    return spells


def element_label(key: str) -> str:
    import rules

    return rules.ELEMENT_LABELS[key]


def shown(raw: str) -> str:
    """A field as the page shows it: ``3^e`` is a superscript, read as « 3e »."""
    return SUPERSCRIPT.sub(r"\1\2", raw).strip()


def fold(text: str) -> str:
    """Case, accents and ligatures ignored, words split on anything else (so elisions too)."""
    text = text.replace("œ", "oe").replace("Œ", "OE").replace("æ", "ae").replace("Æ", "AE")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def searchable(spell: dict) -> str:
    return fold(" ".join([spell["name"], *spell["aliases"], spell["description"]]))


def level_anchor(entry: dict) -> str:
    if entry["basis"] == "caster":
        return f"niveau-magicien-{entry['level']}-{entry.get('level_to', entry['level'])}"
    return f"niveau-{entry['level']}"


def alias_slug(alias: str) -> str:
    return fold(alias).replace(" ", "-")


# ---------------------------------------------------------------- layout


def in_viewport(page, selector: str) -> dict:
    """The element's box and whether it lies inside the viewport, below the fixed header."""
    return page.evaluate(
        """selector => {
            const box = document.querySelector(selector).getBoundingClientRect();
            const header = document.querySelector('.md-header');
            const top = header ? header.getBoundingClientRect().bottom : 0;
            return {top: box.top, bottom: box.bottom, headerBottom: top,
                    height: innerHeight,
                    inside: box.top >= top - 1 && box.bottom <= innerHeight + 1};
        }""",
        selector,
    )


#: The system turning dark on an open page: the theme's palette applies its dark scheme as its
#: script does at load (generator/pages/static/theme-palette.js), the page keeping its state.
_TURN_DARK = """() => {
    const input = document.querySelector("[data-md-color-media='(prefers-color-scheme: dark)']");
    for (const key of ['media', 'scheme', 'primary', 'accent'])
        document.body.setAttribute('data-md-color-' + key, input.getAttribute('data-md-color-' + key));
    // The theme's colours change with a transition: wait for every one to end, 2 s at most (a
    // transition inside a part of the page skipped by content-visibility never runs).
    const bound = new Promise(done => setTimeout(done, 2000));
    return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(
        () => Promise.race([bound, Promise.all(document.getAnimations()
            .filter(a => a instanceof CSSTransition).map(a => a.finished.catch(() => null)))])
            .then(() => done(document.body.dataset.mdColorScheme)))));
}"""


def turn_dark(page) -> None:
    """Turn the open page to the dark scheme, as the system turning dark and a reload would,
    keeping what the reader did on it; two frames are drawn after and the theme's colour
    transitions have ended."""
    page.emulate_media(color_scheme="dark")
    assert page.evaluate(_TURN_DARK) == "slate"


def open_tables(page) -> None:
    """A spell page's chart and full tables put in the page as a reader scrolling to them does
    (they come in one screen ahead of the reader: site.js openLater), then the page back at its
    top."""
    page.locator(".gr-static-tables").scroll_into_view_if_needed()
    page.wait_for_selector(".gr-static-tables .gr-xp-table", state="attached")
    page.evaluate("window.scrollTo(0, 0)")
