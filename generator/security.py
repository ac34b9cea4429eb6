"""The site's Content-Security-Policy: one definition for every page and for the README's header.

Every script and style of the site is a file of the site itself (mkdocs-material's small inline
scripts are moved into ``pages/static/theme-*.js`` by the overrides of ``theme/partials``), so the
policy allows no inline script: a text that slipped through as HTML could not run. Pyodide needs
``'wasm-unsafe-eval'`` to compile its WebAssembly; the engine and the search run in same-origin
workers; icons are ``data:`` images in the theme's styles.
"""

from __future__ import annotations

__all__ = ["CONTENT_SECURITY_POLICY", "policy_for"]

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


def policy_for(command: str) -> str:
    """The policy of the pages MkDocs builds for ``command`` (``build``, ``serve``…).

    ``mkdocs serve`` injects its live-reload script inline into every page it serves, on the
    author's machine only: those pages allow inline scripts; a built site never does.
    """
    if command != "serve":
        return CONTENT_SECURITY_POLICY
    return CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
