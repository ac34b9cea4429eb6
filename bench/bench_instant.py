"""Benchmark of the first answers on a slow phone: Chromium, CPU throttled 4×, a slow mobile
network emulated through the DevTools protocol, cold HTTP cache.

On the harness site (tests/widgets/widgets_harness.py) served on 127.0.0.1, in one run:

* covered cast and covered progression (spell page ``sort/``): the page is opened cold and
  the calculators answer as they come into view; then the reader changes one value in each
  calculator (the reading of the 1 and the 12 of the cast, the magic of the progression). Time from the tap (the ``input`` event) to the new
  figures painted (rows changed, then the next animation frame). Goal ≤ 200 ms.
* first tap on a calculator never used before (``calculateurs/``, below the fold): « Calculer »
  of the cast calculator, time to its figures, the data file fetched over the slow network.
* duel (never in the data: the engine), from the tap to its figures, as a ratio to a bare
  Pyodide boot (``pyodide-seul/``) under the same conditions. Goal ≤ 1.15×.
* the longest main-thread long task within each measured window (goal < 50 ms).

    .venv/bin/python bench/bench_instant.py [--latency 150] [--kbps 1600]

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "widgets"))

import widgets_harness as harness  # noqa: E402

BOOT_TIMEOUT_MS = 600_000

PROBE = """
(() => {
  const probe = { longtasks: [] };
  window.__probe = probe;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) {
    probe.noLongtask = true;
  }
  // Time of the reader's last tap or choice.
  for (const type of ["pointerdown", "input"]) {
    addEventListener(type, () => { probe.tap = performance.now(); }, true);
  }
})();
"""

# Resolves when the rows of ``sel`` differ from ``before`` and a frame has been painted.
PAINTED = """
([sel, before]) => new Promise((resolve, reject) => {
  setTimeout(() => reject(new Error("no new figures within 60 s")), 60000);
  const read = () => Array.from(document.querySelectorAll(sel + " tr")).map((tr) => tr.textContent).join("|");
  const done = () => requestAnimationFrame(() => resolve({ t1: performance.now(), tap: window.__probe.tap }));
  if (read() !== before) return done();
  const observer = new MutationObserver(() => {
    if (read() !== before) { observer.disconnect(); done(); }
  });
  observer.observe(document.querySelector(sel), { childList: true, subtree: true, characterData: true });
})
"""

ROWS = "(sel) => Array.from(document.querySelectorAll(sel + ' tr')).map((tr) => tr.textContent).join('|')"

LONGEST = """
([t0, t1]) => Math.max(0, ...window.__probe.longtasks.filter(([t, d]) => t + d >= t0 && t <= t1).map(([, d]) => d))
"""


def throttled_context(browser, latency, kbps):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_init_script(PROBE)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False,
        "latency": latency,
        "downloadThroughput": kbps * 1000 / 8,
        "uploadThroughput": kbps * 1000 / 16,
    })
    return context, page


def tap_choice(page, field, rows_selector, value):
    """Choose ``value`` in a <select> or put it in a text field (one input event); ms from
    the input event to the new rows painted, and the longest long task meanwhile."""
    before = page.evaluate(ROWS, rows_selector)
    locator = page.locator(field)
    if locator.evaluate("(el) => el.tagName") == "SELECT":
        locator.select_option(value)
    else:
        locator.fill(value)
    timing = page.evaluate(PAINTED, [rows_selector, before])
    t0, t1 = timing["tap"], timing["t1"]
    return t1 - t0, page.evaluate(LONGEST, [t0, t1])


def covered(browser, base, latency, kbps):
    context, page = throttled_context(browser, latency, kbps)
    page.goto(base + "sort/")
    page.wait_for_selector('section[data-calc="cast"][data-result="ok"]', state="attached", timeout=60_000)
    page.locator('section[data-calc="progression"]').scroll_into_view_if_needed()
    page.wait_for_selector('section[data-calc="progression"][data-result="ok"]', state="attached", timeout=60_000)
    cast = tap_choice(page, "#lancer-extremes", 'section[data-calc="cast"] tbody[data-rows="outcomes"]', "natural")
    progression = tap_choice(page, "#progression-magie", 'section[data-calc="progression"] tbody[data-rows="path"]', "8")
    state = page.evaluate("document.documentElement.dataset.engine")
    context.close()
    return cast, progression, state


def first_tap(browser, base, latency, kbps):
    context, page = throttled_context(browser, latency, kbps)
    page.goto(base + "calculateurs/")
    page.wait_for_load_state("load")
    rows = 'section[data-calc="cast"] tbody[data-rows="outcomes"]'
    before = page.evaluate(ROWS, rows)
    page.locator('section[data-calc="cast"] button[type=submit]').click()
    timing = page.evaluate(PAINTED, [rows, before])
    figures = (timing["t1"] - timing["tap"], page.evaluate(LONGEST, [timing["tap"], timing["t1"]]))
    context.close()
    return figures


def duel(browser, base, latency, kbps):
    context, page = throttled_context(browser, latency, kbps)
    page.goto(base + "calculateurs/")
    page.wait_for_load_state("load")
    page.locator('section[data-calc="duel"] button[type=submit]').click()
    page.wait_for_selector('section[data-calc="duel"][data-result="ok"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    t0 = page.evaluate("window.__probe.tap")
    t1 = page.evaluate("performance.getEntriesByName('grimoire:first-result:duel', 'mark')[0].startTime")
    longest = page.evaluate(LONGEST, [t0, t1])
    context.close()
    return t1 - t0, longest


def bare(browser, base, latency, kbps):
    context, page = throttled_context(browser, latency, kbps)
    page.goto(base + "pyodide-seul/")
    page.wait_for_load_state("load")
    page.locator("#demarrer").click()
    page.wait_for_selector("body[data-result=ok]", state="attached", timeout=BOOT_TIMEOUT_MS)
    t0 = page.evaluate("window.__probe.tap")
    t1 = page.evaluate("performance.getEntriesByName('bare:ready', 'mark')[0].startTime")
    context.close()
    return t1 - t0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=150, help="round trip added, ms (default 150)")
    parser.add_argument("--kbps", type=float, default=1600, help="download, kbit/s (default 1600)")
    parser.add_argument("--tiny", action="store_true",
                        help="a fast network (1 ms, 100 Mbit/s), to check the bench runs to the end")
    args = parser.parse_args(argv)
    if args.tiny:
        args.latency, args.kbps = 1, 100_000
    if not harness.CHROMIUM.exists():
        print("Chromium absent (/usr/bin/chromium) : benchmark non lancé")
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = pathlib.Path(tmp) / "site"
        config = harness.build_site(site)
        sizes = {calc: (site / "assets" / "widgets" / name).stat().st_size for calc, name in config["instant"]["files"].items()}
        print(f"CPU 4× slower, network {args.latency:.0f} ms RTT, {args.kbps:.0f} kbit/s; cold cache")
        print("data files (bytes, uncompressed): " + ", ".join(f"{c} {s}" for c, s in sizes.items()))
        with harness.serve_in_process(site) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(harness.CHROMIUM), args=harness.CHROMIUM_ARGS)
            cast, progression, state = covered(browser, base, args.latency, args.kbps)
            print(f"covered cast, tap → figures: {cast[0]:.0f} ms (longest long task {cast[1]:.0f} ms)  goal ≤ 200 ms")
            print(f"covered progression, tap → figures: {progression[0]:.0f} ms (longest long task {progression[1]:.0f} ms)  goal ≤ 200 ms")
            print(f"  engine state meanwhile: {state}")
            tap = first_tap(browser, base, args.latency, args.kbps)
            print(f"first tap on an unseen cast calculator (data fetched): {tap[0]:.0f} ms (longest long task {tap[1]:.0f} ms)")
            bare_ms = bare(browser, base, args.latency, args.kbps)
            duel_ms, duel_task = duel(browser, base, args.latency, args.kbps)
            print(f"bare Pyodide boot: {bare_ms:.0f} ms; duel tap → figures: {duel_ms:.0f} ms "
                  f"(longest long task {duel_task:.0f} ms); ratio {duel_ms / bare_ms:.3f}  goal ≤ 1.15")
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
