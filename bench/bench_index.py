"""Benchmark of the index /sorts/ in headless Chromium at 360 × 740, CPU slowed down 4×.

In one run, builds the site with the real spells (1×) and with 10× the spells (the compendium of
bench_build.py), then on each index: the number of elements of the page, and the time from a
keystroke in the text filter to the list updated and laid out (the input event's work, then a
forced layout), for each letter of a few queries typed one by one. Reports medians and maxima per
size and the ratio 10× / 1× (goal: a keystroke ≤ 100 ms at 10×). Prints figures; asserts nothing.

    .venv/bin/python bench/bench_index.py
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_build  # noqa: E402
from bench_build import make_project  # noqa: E402

from generator.build import build_site  # noqa: E402
from tests.loopback import CHROMIUM, CHROMIUM_ARGS, QuietServer  # noqa: E402

QUERIES = ["boule de feu", "invisibilite", "mur feu", "protection"]
TINY_QUERIES = ["mur"]
SLOWDOWN = 4

KEYSTROKE = """async (text) => {
    const box = document.querySelector('#gr-q');
    const times = [];
    for (let n = 1; n <= text.length; n++) {
        const start = performance.now();
        box.value = text.slice(0, n);
        box.dispatchEvent(new Event('input', {bubbles: true}));
        document.body.getBoundingClientRect();  // the list laid out
        times.push(performance.now() - start);
        await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    }
    box.value = '';
    box.dispatchEvent(new Event('input', {bubbles: true}));
    await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    return times;
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def measure(browser, site: Path, queries: list[str]) -> tuple[int, list[float]]:
    server = QuietServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        # No service worker: its download of the site for offline reading is not the index's.
        context = browser.new_context(
            viewport={"width": 360, "height": 740}, locale="fr-FR", service_workers="block"
        )
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/sorts/")
        page.locator(".gr-book-row").first.wait_for(state="attached")
        # The whole text arrives with the first query: load it before timing.
        page.evaluate(KEYSTROKE, "x")
        page.wait_for_load_state("networkidle")
        elements = page.evaluate("document.getElementsByTagName('*').length")
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
        times: list[float] = []
        for query in queries:
            times += page.evaluate(KEYSTROKE, query)
        context.close()
        return elements, times
    finally:
        server.shutdown()


def seed_cache(project: Path, build_dir: Path | None) -> None:
    """Copy into ``project``'s build cache the calculators' answers and the engine's standard
    library of the site build in ``build_dir`` (the build checks their sources' digest)."""
    for layer in ("instant", "stdlib"):
        source = build_dir / "cache" / layer if build_dir else None
        if source and source.is_dir():
            shutil.copytree(source, project / "build" / "cache" / layer)


def main(argv=None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="checks the bench runs to the end")
    parser.add_argument(
        "--build-dir",
        type=Path,
        help="the build/ folder of a site already built: the calculators' answers and the "
        "engine's standard library taken from its cache",
    )
    args = parser.parse_args(argv)
    tiny = args.tiny
    # tiny mode: 2 spells, 2× instead of 10×, one short query, to check the bench runs to the end
    big = 2 if tiny else 10
    queries = TINY_QUERIES if tiny else QUERIES
    if tiny:
        bench_build.SPELLS = bench_build.TINY_SPELLS

    with tempfile.TemporaryDirectory() as tmp:
        sites = {}
        for factor in (1, big):
            (Path(tmp) / f"p{factor}").mkdir()
            project = make_project(Path(tmp) / f"p{factor}", factor)
            seed_cache(project, args.build_dir)
            sites[factor] = build_site(project, Path(tmp) / f"site{factor}")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            results = {factor: measure(browser, site, queries) for factor, site in sites.items()}
            browser.close()
    for factor, (elements, times) in results.items():
        print(
            f"{factor}× : {elements} éléments ; frappe dans le filtre (CPU ÷{SLOWDOWN}) : "
            f"médiane {statistics.median(times):.1f} ms, max {max(times):.1f} ms "
            f"({len(times)} frappes)"
        )
    one, ten = (statistics.median(results[f][1]) for f in (1, big))
    worst = max(results[big][1])
    print(
        f"rapport {big}× / 1× (médianes) : {ten / one:.2f} ; pire frappe à {big}× : {worst:.1f} ms "
        f"(objectif ≤ 100 ms : {'atteint' if worst <= 100 else 'NON atteint'})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
