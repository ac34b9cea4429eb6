"""Helpers of the offline, spellbook and cards tests."""

from __future__ import annotations

import json
import re

from tests.conftest import ROOT

#: The spellbook's storage key, read from its one home (the spellbook's storage module).
STORAGE_KEY = re.search(
    r'^export const STORAGE_KEY = "([^"]+)";$',
    (ROOT / "generator" / "pages" / "static" / "grimoire-store.js").read_text(encoding="utf-8"),
    re.M,
)[1]
BOOT_MS = 90_000  # the engine's first boot (13 MB of Pyodide on loopback)


def wait_controlled(page, timeout: float = 60_000) -> None:
    """Wait until the service worker controls the page (its version is then fully precached)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=timeout)


def sw_status(page) -> dict:
    """What the controlling service worker says of its caches."""
    return page.evaluate("""() => new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        navigator.serviceWorker.controller.postMessage({type: 'status'}, [channel.port2]);
    })""")


def stored(page) -> str | None:
    """The raw text of the stored spellbook."""
    return page.evaluate("key => localStorage.getItem(key)", STORAGE_KEY)


def store(page, book: dict) -> None:
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)", [STORAGE_KEY, json.dumps(book)]
    )


def book_of(page) -> dict:
    raw = stored(page)
    return json.loads(raw) if raw else {}
