"""Helpers of the offline tests: the engine's first boot, the service worker."""

from __future__ import annotations

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
