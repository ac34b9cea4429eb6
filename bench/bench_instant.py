"""Benchmark of the first answers on a slow phone, beside a bare Pyodide boot in the same run.

Chromium with the phone profile set through the DevTools protocol: CPU 4× slower
(Emulation.setCPUThrottlingRate), 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up
(Network.emulateNetworkConditions); the harness site (tests/widgets/widgets_harness.py) served
gzip-compressed from a child process on 127.0.0.1; every scenario in a fresh context (cold
cache). The calculators page is loaded as a spell page loads it, through its entry
``calculators-loader.js``, the four calculators a tall block of text below the top.

* a tap as the calculator scrolls in: the reader scrolls down a screen every
  ``READER_STEP_MS`` (a quick skim: the wheel, 600 px a step) and, as soon as the duel's button
  is on the screen, chooses another element → its figures painted (the calculators' scripts and
  data are fetched as they approach, three screens ahead);
* a tap right after a jump: the same tap at once after the page's load, the click scrolling to
  the duel (the worst case: nothing is fetched before the tap, so one round trip at least) →
  its figures painted;
* duel tap → figures: another element chosen, the duel in view → the new figures painted;
* an invalid value → its message: apprentissage 7 typed in the duel → the message painted;
* progression at 40 XP (not in the build's data: the engine) → its figures painted, beside a
  bare Pyodide boot with the full standard library (``pyodide-seul/``: click → Python's first
  answer) under the same conditions, the two alternated from round to round; and the engine's
  whole run, from its start (as the refused 40 XP is typed, before the tap on apprentissage 3)
  to its figures, beside the same bare boot, with its breakdown timed inside its worker:
  Pyodide booted at, engine archive + import, and everything not Pyodide's boot;
* each of those two again on a second visit in the same context (the HTTP cache and the
  browser's compiled code kept; the server answers 304 to a file the browser already holds);
* the bytes each scenario fetched (as sent on the wire, counted by the server: workers
  included), and in each measured window the longest main-thread task (PerformanceObserver
  'longtask') and the longest gap between animation frames (a requestAnimationFrame probe).

Goals printed beside the measures: the first three ≤ 200 ms; progression at 40 XP ≤ 0.8× the
bare boot on a first visit; the engine's whole run ≤ 1.15× the bare boot on either visit; no
main-thread freeze of 100 ms or more while Pyodide boots. ``--tiny`` (run by
tests/bench/test_bench_tiny.py): no throttling, one round, first visits only.

    .venv/bin/python bench/bench_instant.py [--runs 1] [--latency 150] [--down 1600] [--up 750]

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import gzip
import json
import pathlib
import re
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "widgets"))

import widgets_harness as harness  # noqa: E402
from counting_server import Site  # noqa: E402
from instant_probes import (  # noqa: E402
    CHANGED,
    ENGINE_STARTS,
    FREEZE,
    PROBE,
    READ,
    TWO_FRAMES,
    WORKER_TIMINGS,
)
from instant_report import report  # noqa: E402

BOOT_TIMEOUT_MS = 600_000
# A quick skim: one screen every half second (a reader scrolling to a calculator, not reading).
READER_STEP_MS = 500
DUEL = 'section[data-calc="duel"]'
PROGRESSION = 'section[data-calc="progression"]'
# The calculators page loaded through the spell pages' entry (written by this bench).
PAGE = "calculateurs-telephone/"


def build(site, build_dir=None):
    """The harness site, and its calculators page loaded through the spell pages' entry, with
    the modules that entry imports asked for in the head, as the site's pages do."""
    from generator.pages.page_assets import module_preloads

    config = harness.build_site(site, build_dir)
    html = (site / "calculateurs" / "index.html").read_text(encoding="utf-8")
    entry = "assets/widgets/calculators-loader.js"
    mount = re.compile(
        r'<script type="module">\s*import \{ mountCalculatorsPage \}.*?</script>', re.S
    )
    html, count = mount.subn(f'<script type="module" src="../{entry}"></script>', html)
    if count != 1:
        raise RuntimeError("page des calculateurs du banc : script d'entrée introuvable")
    preloads = "".join(
        f'<link rel="modulepreload" href="../{href}">'
        for href in module_preloads(site, [{"src": entry, "module": True}])
    )
    html = html.replace("</head>", preloads + "</head>", 1)
    (site / PAGE).mkdir()
    (site / PAGE / "index.html").write_text(html, encoding="utf-8")
    return config


# ------------------------------------------------------------------ the phone


def phone(browser, profile):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="fr-FR")
    context.add_init_script(PROBE)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
    if profile:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": profile["latency"],
                "downloadThroughput": profile["down"] * 1000 / 8,
                "uploadThroughput": profile["up"] * 1000 / 8,
            },
        )
    return context, page


def until_changed(page, kind, sel, act):
    """Do ``act`` (a tap or a change); ms from that event to ``sel`` changed and painted, and the
    longest main-thread task and frame gap meanwhile."""
    before = page.evaluate(READ, [kind, sel])
    act()
    timing = page.evaluate(CHANGED, [kind, sel, before])
    t0, t1 = timing["tap"], timing["t1"]
    return {
        "ms": t1 - t0,
        **page.evaluate(FREEZE, [t0, t1]),
        "text": timing["text"],
        "t1": t1,
        "t0": t0,
    }


ON_SCREEN = """
(sel) => {
  const box = document.querySelector(sel).getBoundingClientRect();
  return box.top >= 0 && box.bottom <= innerHeight;
}
"""


def approach_scenario(browser, site, profile):
    """The reader scrolls down at a skim's pace and, once the duel is on the screen, chooses
    another element."""
    context, page = phone(browser, profile)
    page.goto(site.base + PAGE)
    page.wait_for_load_state("load")
    button = f"{DUEL} button[type=submit]"
    page.mouse.move(180, 370)
    steps = 0
    while not page.evaluate(ON_SCREEN, button):
        if steps > 40:
            raise RuntimeError("banc : le duel n'arrive pas à l'écran")
        page.mouse.wheel(0, 600)
        page.wait_for_timeout(READER_STEP_MS)
        steps += 1
    odds = f'{DUEL} tbody[data-rows="odds"]'
    # Its first answer on the screen: another element chosen (the figures follow the fields).
    figures = until_changed(
        page, "rows", odds, lambda: page.locator("#duel-a-element").select_option("vigne")
    )
    context.close()
    return {**figures, "steps": steps}


def duel_scenario(browser, site, profile):
    context, page = phone(browser, profile)
    site.take_bytes()
    page.goto(site.base + PAGE)
    page.wait_for_load_state("load")
    odds = f'{DUEL} tbody[data-rows="odds"]'
    # « Calculer » tapped at once after the load (the click scrolls to it): a jump.
    scrolled = until_changed(
        page, "rows", odds, lambda: page.locator(f"{DUEL} button[type=submit]").click()
    )
    tap = until_changed(
        page, "rows", odds, lambda: page.locator("#duel-a-element").select_option("vigne")
    )
    invalid = until_changed(
        page,
        "text",
        f'{DUEL} [data-error-for="a_learning"]',
        lambda: page.locator("#duel-a-apprentissage").fill("7"),
    )
    engine = page.evaluate("document.documentElement.dataset.engine")
    page.wait_for_load_state("networkidle")
    fetched = site.take_bytes()
    context.close()
    return {
        "scrolled": scrolled,
        "tap": tap,
        "invalid": invalid,
        "engine": engine,
        "bytes": fetched,
    }


def progression_scenario(browser, site, profile, visits):
    """``{visit: figures}``: the engine's first answer on each visit of ``visits`` (``first``:
    a fresh context; ``second``: the same context, the page opened again)."""
    context, page = phone(browser, profile)
    figures = {}
    for visit in visits:
        site.take_bytes()
        page.goto(site.base + PAGE)
        page.wait_for_load_state("load")
        path = f'{PROGRESSION} tbody[data-rows="path"]'
        # 40 XP typed first (refused at once at apprentissage 1), then apprentissage 3: a request
        # the build's data does not answer, so the engine's. The engine starts already as the
        # refused 40 XP is typed: its whole run is measured from that start.
        page.locator(PROGRESSION).scroll_into_view_if_needed()
        page.wait_for_selector(
            f"{PROGRESSION}:not([data-state=dormant])", state="attached", timeout=BOOT_TIMEOUT_MS
        )
        until_changed(
            page,
            "text",
            f'{PROGRESSION} [data-error-for="xp"]',
            lambda: page.locator("#progression-xp").fill("40"),
        )
        answer = until_changed(
            page, "rows", path, lambda: page.locator("#progression-apprentissage").fill("3")
        )
        # The engine's whole run, from its start (which can come before that tap) to the figures.
        starts = page.evaluate(ENGINE_STARTS)
        start = min([answer["t0"], *starts])
        answer["run"] = {"ms": answer["t1"] - start, **page.evaluate(FREEZE, [start, answer["t1"]])}
        answer["worker"] = page.evaluate(WORKER_TIMINGS)
        page.wait_for_load_state("networkidle")
        answer["bytes"] = site.take_bytes()
        figures[visit] = answer
    context.close()
    return figures


def bare_scenario(browser, site, profile, visits):
    """``{visit: figures}``: the bare Pyodide boot on each visit of ``visits``."""
    context, page = phone(browser, profile)
    figures = {}
    for visit in visits:
        site.take_bytes()
        page.goto(site.base + "pyodide-seul/")
        page.wait_for_load_state("load")
        page.locator("#demarrer").click()
        page.wait_for_selector("body[data-result=ok]", state="attached", timeout=BOOT_TIMEOUT_MS)
        page.evaluate(TWO_FRAMES)
        t0 = page.evaluate("window.__probe.tap")
        t1 = page.evaluate("performance.getEntriesByName('bare:ready', 'mark')[0].startTime")
        boot = {"ms": t1 - t0, **page.evaluate(FREEZE, [t0, t1])}
        page.wait_for_load_state("networkidle")
        boot["bytes"] = site.take_bytes()
        figures[visit] = boot
    context.close()
    return figures


def main(argv=None) -> int:
    args = _arguments(argv)
    profile = (
        None if args.tiny else {"cpu": 4, "latency": args.latency, "down": args.down, "up": args.up}
    )
    runs = 1 if args.tiny else max(1, args.runs)
    visits = ("first",) if args.tiny else ("first", "second")
    if not harness.CHROMIUM.exists():
        print("Chromium absent (/usr/bin/chromium) : benchmark non lancé")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        directory = pathlib.Path(tmp) / "site"
        config = build(directory, args.build_dir)
        files = config["instant"]["files"]
        duel_file = (directory / "assets" / "shared" / files["duel"]).read_bytes()
        if profile:
            print(
                f"phone: CPU {profile['cpu']}× slower, {args.latency:.0f} ms RTT, {args.down:.0f} kbit/s down, "
                f"{args.up:.0f} kbit/s up; gzip; cold cache; {runs} round(s), medians"
            )
        else:
            print("tiny: no throttling, gzip, cold cache, one round")
        print(f"duel data: {len(duel_file)} bytes, {len(gzip.compress(duel_file, 9))} bytes gzip")
        rounds = _rounds(directory, profile, runs, visits)
    report(rounds, visits, READER_STEP_MS)
    print(json.dumps({"runs": runs, "tiny": bool(args.tiny)}))
    return 0


def _arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="rounds, medians printed (default 1)")
    parser.add_argument(
        "--latency", type=float, default=150, help="round trip added, ms (default 150)"
    )
    parser.add_argument("--down", type=float, default=1600, help="download, kbit/s (default 1600)")
    parser.add_argument("--up", type=float, default=750, help="upload, kbit/s (default 750)")
    parser.add_argument(
        "--tiny", action="store_true", help="no throttling, one round: checks the bench runs"
    )
    parser.add_argument(
        "--build-dir",
        type=pathlib.Path,
        help="the build/ folder of a site already built: the calculators' answers and the "
        "engine's standard library taken from its cache",
    )
    return parser.parse_args(argv)


def _rounds(directory, profile, runs, visits):
    """The figures of every round: the duel's scenario, then the bare boot and the engine's."""
    from playwright.sync_api import sync_playwright

    site = Site(directory)
    rounds = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(harness.CHROMIUM), args=harness.CHROMIUM_ARGS
            )
            for n in range(runs):
                # Alternated, so that a machine getting busier favours neither side.
                order = (
                    [bare_scenario, progression_scenario]
                    if n % 2 == 0
                    else [progression_scenario, bare_scenario]
                )
                figures = {
                    "approach": approach_scenario(browser, site, profile),
                    "duel": duel_scenario(browser, site, profile),
                }
                for scenario in order:
                    figures[scenario.__name__] = scenario(browser, site, profile, visits)
                rounds.append(figures)
            browser.close()
    finally:
        site.close()
    return rounds


if __name__ == "__main__":
    sys.exit(main())
