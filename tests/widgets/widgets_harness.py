"""A small standalone site for driving the calculators in a browser.

Renders the calculators with :func:`widgets.calculators.calculator_html` (as
the site's pages do) into a folder, installs the engine
assets with :func:`widgets.packaging.install_engine_assets`, and serves the
folder over HTTP on 127.0.0.1. Used by the browser tests and by
``bench/bench_instant.py``; independent of the real site generator.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import pathlib
import shutil
import sys
import threading

import jinja2

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

# The benchmarks import CHROMIUM_ARGS and QuietServer from here too.
from tests.loopback import CHROMIUM as _CHROMIUM, CHROMIUM_ARGS, QuietServer  # noqa: E402,F401
from widgets import calculators  # noqa: E402
from widgets.calculators import calculator_html  # noqa: E402
from widgets.packaging import SERVED, install_engine_assets  # noqa: E402

#: The scripts the calculators' pages run, and where the site serves them: the calculators' and
#: the shared modules (whose folder the engine's files join).
SCRIPTS = ((calculators.SERVED, calculators.STATIC), (SERVED, REPO_ROOT / "widgets" / "shared"))

CHROMIUM = pathlib.Path(_CHROMIUM)

SPELLS = [
    {"slug": "boule-de-feu", "name": "Boule de feu", "element": "feu"},
    {"slug": "mur-d-eau", "name": "Mur d'eau", "element": "eau"},
    {"slug": "lierre-rieur", "name": "Lierre <rieur> & cie", "element": "vigne"},
    {"slug": "detection", "name": "Détection", "element": "neutre"},
]

# The precomputed table the real spell pages carry; here only a marker that
# must stay visible whatever happens to the engine.
STATIC_TABLE = """
<table class="gr-static" id="table-precalculee">
  <caption>Table précalculée (à la construction du site)</caption>
  <tr><th>Apprentissage</th><th>Réussi</th></tr>
  <tr><td>1</td><td>50,0 %</td></tr>
</table>
"""

PAGE = jinja2.Template(
    """<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="{{ root }}assets/widgets/calculators.css">
</head>
<body>
<main class="md-typeset">
<h1>{{ title }}</h1>
{{ static_table }}
{% if spacer %}<div id="espace" style="height: 2600px">Texte de la page…</div>{% endif %}
{{ body }}
</main>
<script type="module">
import { mountCalculatorsPage } from "{{ root }}assets/widgets/calculators.js";
mountCalculatorsPage();
</script>
</body>
</html>
"""
)

BARE_PAGE = """<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Pyodide seul</title><link rel="icon" href="data:,"></head>
<body><button id="demarrer" type="button">Démarrer Pyodide</button><p id="etat">prêt à démarrer</p>
<script type="module">
import ENGINE from "../assets/shared/engine-config.js";
// Boots the same self-hosted Pyodide in a module worker with its whole standard library
// (copied beside this page), and nothing else: the reference the calculators' loading time
// is measured against.
document.getElementById("demarrer").addEventListener("click", function () {
  performance.mark("bare:start");
  var base = new URL("../assets/shared/", location.href);
  var indexURL = new URL(ENGINE.pyodide, base).href;
  var stdlibURL = new URL("python_stdlib.zip", location.href).href;
  var source = "const m = await import(" + JSON.stringify(indexURL + "pyodide.mjs") + ");" +
    "const py = await m.loadPyodide({indexURL: " + JSON.stringify(indexURL) +
    ", stdLibURL: " + JSON.stringify(stdlibURL) + ", stdout: () => {}});" +
    "postMessage(py.runPython('1 + 1'));";
  var worker = new Worker(URL.createObjectURL(new Blob([source], {type: "text/javascript"})), {type: "module"});
  worker.onmessage = function (event) {
    performance.mark("bare:ready");
    document.getElementById("etat").textContent = "résultat " + event.data;
    document.body.setAttribute("data-result", "ok");
  };
});
</script>
</body></html>
"""


def render_calculator(name: str, calc: dict) -> str:
    """One calculator's HTML, as the site's pages have it (``widgets.calculators``)."""
    return calculator_html(name, calc)


CALCULATORS = {
    "cast": {
        "prefix": "lancer",
        "defaults": {"magic": 4, "learning": 1, "modifier": 0, "extremes": "modified"},
    },
    "duel": {"prefix": "duel", "defaults": {}, "spells": SPELLS},
    "progression": {
        "prefix": "progression",
        "defaults": {"learning": 1, "xp": 0, "difficulty": 2, "magic": 4, "n": 20},
    },
    "study": {"prefix": "etude", "defaults": {"hours": 3, "p": "3/4"}},
}


def build_site(site_dir: pathlib.Path, build_dir: pathlib.Path | None = None) -> dict:
    """Write the harness site into ``site_dir``; return the engine config.

    ``build_dir``: the ``build/`` folder of a site the generator built, whose cache gives the
    calculators' answers and the engine's standard library while their sources are unchanged
    (computed, and kept there, otherwise).

    Pages: ``calculateurs/`` (the four calculators below a tall block of
    text, so that none is in view at load), ``sort/`` (a spell page: cast
    and progression prefilled, in view at once) and ``pyodide-seul/`` (a
    bare page that only boots Pyodide in a worker with its whole standard
    library, for the benchmark).
    """
    site_dir = pathlib.Path(site_dir)
    for served, folder in SCRIPTS:
        for source in folder.iterdir():
            if source.is_file() and source.name != "README.md":
                (site_dir / served).mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, site_dir / served / source.name)
    config = install_engine_assets(site_dir, REPO_ROOT, **cached_engine_files(build_dir))
    all_four = "\n".join(render_calculator(name, calc) for name, calc in CALCULATORS.items())
    pages = {
        "calculateurs": dict(title="Calculateurs", body=all_four, spacer=True),
        "sort": dict(
            title="Boule de feu",
            body=render_calculator(
                "cast",
                {
                    "prefix": "lancer",
                    "defaults": {"magic": 6, "learning": 2},
                    "title": "Lancer ce sort",
                    "heading_level": 3,
                },
            )
            + render_calculator(
                "progression",
                {"prefix": "progression", "defaults": {"difficulty": 3, "n": 10}},
            ),
            spacer=False,
        ),
    }
    for slug, values in pages.items():
        target = site_dir / slug / "index.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        html = PAGE.render(root="../", static_table=STATIC_TABLE, **values)
        target.write_text(html, encoding="utf-8")
    bare = site_dir / "pyodide-seul" / "index.html"
    bare.parent.mkdir(parents=True, exist_ok=True)
    bare.write_text(BARE_PAGE, encoding="utf-8")
    # The bare boot takes Pyodide's whole standard library, as a page without the trimmed one would.
    shutil.copyfile(
        REPO_ROOT / "node_modules" / "pyodide" / "python_stdlib.zip",
        bare.parent / "python_stdlib.zip",
    )
    return config


def cached_engine_files(build_dir: pathlib.Path | None) -> dict:
    """``{"answers": ..., "stdlib": ...}`` for :func:`install_engine_assets`, as the generator
    gets them: the answers from the cache of the site build in ``build_dir``, the standard
    library made once per process (nothing without a build)."""
    if build_dir is None:
        return {}
    from generator import cache
    from widgets import instant
    from widgets.packaging import stdlib_archive

    docs = pathlib.Path(build_dir) / "docs"

    return {
        "answers": cache.remember(docs, "instant", instant.sources(), instant.payloads),
        "stdlib": stdlib_archive(REPO_ROOT),
    }


def break_pyodide(site_dir: pathlib.Path) -> None:
    """Delete the Pyodide core files of a built site (the fallback scenario)."""
    for directory in (pathlib.Path(site_dir) / "assets" / "pyodide").iterdir():
        shutil.rmtree(directory)
        directory.mkdir()


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".zip": "application/zip",
        ".css": "text/css",
    }

    def log_message(self, *args):  # keep test output quiet
        pass

    def end_headers(self):
        # Like a static host: revalidate, so a reload uses the HTTP cache.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


@contextlib.contextmanager
def serve_in_process(directory: pathlib.Path):
    """Serve ``directory`` from a child process (no GIL shared with the caller)."""
    import subprocess

    child = subprocess.Popen(
        [sys.executable, __file__, "serve", str(directory)], stdout=subprocess.PIPE, text=True
    )
    try:
        # The child says « prêt <port> » once its socket listens on a free port it was given by
        # the system (or closes stdout if it failed).
        said = child.stdout.readline().split()
        if len(said) != 2 or said[0] != "prêt":
            raise RuntimeError("serveur de test non démarré")
        yield f"http://127.0.0.1:{said[1]}/"
    finally:
        child.terminate()
        child.wait(timeout=10)


@contextlib.contextmanager
def serve(directory: pathlib.Path):
    """Serve ``directory`` on 127.0.0.1 (free port) in a thread; yield the base URL."""
    handler = functools.partial(_Handler, directory=str(directory))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "serve":
        handler = functools.partial(_Handler, directory=sys.argv[2])
        listening = QuietServer(("127.0.0.1", 0), handler)
        print("prêt", listening.server_port, flush=True)
        listening.serve_forever()
    else:
        sys.exit("usage: widgets_harness.py serve DIRECTORY")
