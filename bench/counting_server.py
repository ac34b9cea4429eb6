"""The benchmarks' server: a site served gzip-compressed from a child process on 127.0.0.1 (no
GIL shared with the browser's driver), as a static host serves it (to be revalidated, 304 when
the browser holds the file already), counting the bytes it sends.

    python bench/counting_server.py <folder>     # prints « prêt <port> », then serves
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import http.server
import io
import mimetypes
import os
import pathlib
import subprocess
import sys
import threading

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "widgets"))

import widgets_harness as harness  # noqa: E402

#: The address that answers (and resets) the bytes sent.
COUNTER = "/__octets"


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files gzip-compressed (as a static host does: to be revalidated, 304 when the
    browser holds the file already), counts the bytes it sends."""

    extensions_map = harness._Handler.extensions_map
    compressed: dict[str, bytes] = {}
    sent = 0
    lock = threading.Lock()

    def log_message(self, *args):
        pass

    def count(self, n):
        with self.lock:
            GzipHandler.sent += n

    def do_GET(self):
        if self.path == COUNTER:
            with self.lock:
                body, GzipHandler.sent = str(GzipHandler.sent).encode(), 0
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if "gzip" not in self.headers.get("Accept-Encoding", "") or not os.path.isfile(path):
            if self.command == "GET" and os.path.isfile(path):
                self.count(os.path.getsize(path))
            return super().send_head()
        modified = email.utils.formatdate(os.path.getmtime(path), usegmt=True)
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(304)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return None
        body = self.compressed.get(path)
        if body is None:
            body = self.compressed[path] = gzip.compress(pathlib.Path(path).read_bytes(), 6)
        self.send_response(200)
        self.send_header(
            "Content-Type",
            self.extensions_map.get(pathlib.Path(path).suffix)
            or mimetypes.guess_type(path)[0]
            or "application/octet-stream",
        )
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Last-Modified", modified)
        self.end_headers()
        if self.command == "GET":
            self.count(len(body))
        return io.BytesIO(body)


def serve(directory):
    handler = functools.partial(GzipHandler, directory=str(directory))
    server = harness.QuietServer(("127.0.0.1", 0), handler)
    print("prêt", server.server_port, flush=True)
    server.serve_forever()


class Site:
    """The site served by a child process (no GIL shared with the browser's driver)."""

    def __init__(self, directory):
        self.child = subprocess.Popen(
            [sys.executable, __file__, str(directory)], stdout=subprocess.PIPE, text=True
        )
        said = self.child.stdout.readline().split()
        if len(said) != 2 or said[0] != "prêt":
            raise RuntimeError("serveur de mesure non démarré")
        self.base = f"http://127.0.0.1:{said[1]}/"

    def take_bytes(self):
        """The bytes sent since the last call."""
        import urllib.request

        with urllib.request.urlopen(self.base.rstrip("/") + COUNTER) as response:
            return int(response.read())

    def close(self):
        self.child.terminate()
        self.child.wait(timeout=10)


if __name__ == "__main__":
    serve(sys.argv[1])
