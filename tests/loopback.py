"""What every browser test and benchmark shares: Debian's Chromium with its flags, and a quiet
loopback HTTP server (no request log, no trace for a connection the browser drops on purpose)."""

from __future__ import annotations

import http.server
import sys

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


class QuietServer(http.server.ThreadingHTTPServer):
    """A threaded loopback server that does not print the connections a browser drops."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)
