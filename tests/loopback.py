"""What every browser test and benchmark shares: Debian's Chromium with its flags, and a quiet
loopback HTTP server (no request log, no trace for a connection the browser drops on purpose)."""

from __future__ import annotations

import http.server
import sys

CHROMIUM = "/usr/bin/chromium"

#: The features Playwright turns off when it launches Chromium. Chromium keeps only the last
#: ``--disable-features`` of its command line, so a launch that adds one repeats these.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
)
#: The address bar's pop-up, drawn by headless Chromium for each new window (so each browser
#: context) in two renderer processes of its own: about 1 s of CPU per context, for a window no
#: one sees.
ADDRESS_BAR_POPUP = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")

CHROMIUM_ARGS = [
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + ADDRESS_BAR_POPUP),
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
