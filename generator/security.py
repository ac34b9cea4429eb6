"""The site's Content-Security-Policy: one definition for every page and for the README's header.

Every script and style of the site is a file of the site itself (mkdocs-material's small inline
scripts are moved into ``pages/static/theme-*.js`` by the overrides of ``theme/partials``), so the
policy allows no inline script: a text that slipped through as HTML could not run. Pyodide needs
``'wasm-unsafe-eval'`` to compile its WebAssembly; the engine and the search run in same-origin
workers; icons are ``data:`` images in the theme's styles. The one page that is not a file of
the site, the error page of ``serve``, holds its style in the page: the policy allows that exact
text by its hash, and no other inline style. The page the service worker answers offline
(``generator/offline/offline-page.html``) gets this very policy at build time, and its style from
the site's ``offline.css``.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable

__all__ = ["CONTENT_SECURITY_POLICY", "policy_for", "style_source"]

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "worker-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ]
)


def policy_for(command: str, *, styles: Iterable[str] = ()) -> str:
    """The policy of the pages MkDocs builds for ``command`` (``build``, ``serve``…).

    ``mkdocs serve`` injects its live-reload script inline into every page it serves, on the
    author's machine only: those pages allow inline scripts; a built site never does. A page that
    is not a file of the site (the error page of ``serve``) may hold ``<style>`` elements: each
    of ``styles`` is allowed by its hash alone (:func:`style_source`), never any other style.
    """
    policy = CONTENT_SECURITY_POLICY
    if command == "serve":
        policy = policy.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
    hashes = "".join(f" {style_source(style)}" for style in styles)
    return policy.replace("style-src 'self'", f"style-src 'self'{hashes}")


def style_source(style: str) -> str:
    """The source (``'sha256-…'``) that allows exactly the ``<style>`` element whose text is
    ``style``, character for character."""
    digest = hashlib.sha256(style.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"
