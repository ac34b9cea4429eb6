"""Benchmark: Lighthouse (mobile, simulated throttling) on the built site, beside a plain
mkdocs-material site holding the same spells, built in the same run.

Pages: home, the index of spells, a spell, the calculators (the plain site has no calculator).
Each page is measured RUNS times; the median and the range of each category are printed.
Both sites are served the same way on 127.0.0.1, gzip-compressed as a static host would.
Then, per page, what it costs the phone's processor (Lighthouse's audits): its elements, the main
thread's style and layout time, the total blocking time. Then each goal, and whether it is met
(:func:`goals`): the performance of home, index and a spell at least the plain page's minus 2 in
the median, never below 90 in any run; the calculators ≥ 90 in every run; style and layout of a
spell page and of the home at most 2× the plain page's; blocking time at most 1.5× the plain
page's; a spell page at most 300 elements. Nothing is asserted.

Needs Lighthouse (npm, pinned in package.json, installed by ``make setup``) and Debian's
Chromium (/usr/bin/chromium). Run from the repository root: ``python bench/bench_lighthouse.py``.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.build import build_site  # noqa: E402

RUNS = 3
SPELL = "eclair"
PAGES = (
    ("accueil", ""),
    ("index des sorts", "sorts/"),
    ("un sort", f"sorts/{SPELL}/"),
    ("calculateurs", "calculateurs/"),
)
CATEGORIES = (
    ("performance", "perf."),
    ("accessibility", "access."),
    ("best-practices", "bonnes pr."),
    ("seo", "SEO"),
)
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
TIMEOUT_S = 240


# ---------------------------------------------------------------- the plain site


def build_plain(target: Path) -> Path:
    """The plain mkdocs-material site of the same spells (bench_build.make_plain_project), built."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from bench.bench_build import make_plain_project

    project = make_plain_project(target)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    build(load_config(str(project / "mkdocs.yml")))
    return project / "site"


# ---------------------------------------------------------------- serving


class _GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, gzip-compressed when the browser accepts it (as a static host does)."""

    _cache: dict[str, bytes] = {}

    def log_message(self, *args):
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()
            path = path / "index.html"
        if "gzip" not in self.headers.get("Accept-Encoding", "") or not path.is_file():
            return super().send_head()
        key = str(path)
        if key not in self._cache:
            self._cache[key] = gzip.compress(path.read_bytes(), 6)
        body = self._cache[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return io.BytesIO(body)


def serve(directory: Path):
    handler = functools.partial(_GzipHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}/", server


# ---------------------------------------------------------------- Lighthouse


def lighthouse(url: str, out: Path) -> dict[str, float] | None:
    command = [
        str(LIGHTHOUSE),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        "--form-factor=mobile",
        "--throttling-method=simulate",
        "--only-categories=" + ",".join(c for c, _ in CATEGORIES),
        # Taken after every measure, for the report's viewer only: no score reads it.
        "--disable-full-page-screenshot",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
    ]
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    try:
        subprocess.run(
            command,
            env=env,
            check=True,
            timeout=TIMEOUT_S,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        print(f"  Lighthouse a échoué sur {url} : {error}", file=sys.stderr)
        return None
    report = json.loads(out.read_text(encoding="utf-8"))
    scores = {
        name: round(report["categories"][name]["score"] * 100)
        for name, _ in CATEGORIES
        if report["categories"].get(name, {}).get("score") is not None
    }
    return {**scores, **work(report["audits"])}


def work(audits: dict) -> dict[str, float]:
    """What the page costs the phone's processor, from Lighthouse's audits: its elements, the
    main thread's style and layout time and the total blocking time (ms)."""
    figures = {}
    if audits.get("dom-size", {}).get("numericValue") is not None:
        figures["dom"] = audits["dom-size"]["numericValue"]
    items = (audits.get("mainthread-work-breakdown", {}).get("details") or {}).get("items") or []
    if items:
        figures["style"] = sum(i["duration"] for i in items if i.get("group") == "styleLayout")
    if audits.get("total-blocking-time", {}).get("numericValue") is not None:
        figures["tbt"] = audits["total-blocking-time"]["numericValue"]
    return figures


def summary(scores: list[dict[str, float]], name: str) -> str:
    values = [s[name] for s in scores if name in s]
    if not values:
        return "—"
    low, high, median = min(values), max(values), statistics.median(values)
    return f"{median:.0f}" + (f" ({low:.0f}–{high:.0f})" if low != high else "")


Results = dict[tuple[str, str], list[dict[str, float]]]
PLAIN = "mkdocs-material seul"
#: Goals: a page's performance at least the plain page's minus this, in the median of its runs.
PERFORMANCE_MARGIN = 2
#: ... and never below this in any run (the calculators too, which the plain site lacks).
PERFORMANCE_FLOOR = 90
#: A page's style and layout at most this many times the plain page's (a spell, the home).
STYLE_RATIO = 2.0
#: A page's blocking time at most this many times the plain page's.
BLOCKING_RATIO = 1.5
#: A spell page's elements before interaction.
SPELL_ELEMENTS = 300


def main(argv=None) -> int:
    global RUNS, PAGES
    args = _arguments(argv)
    if args.site and not (args.site / "index.html").is_file():
        print(f"{args.site} : pas de site construit ici.", file=sys.stderr)
        return 1
    if args.tiny:
        RUNS, PAGES = 1, tuple(p for p in PAGES if p[1] == f"sorts/{SPELL}/")
    if not LIGHTHOUSE.exists():
        print("Lighthouse absent : lancez `make setup` (npm ci).", file=sys.stderr)
        return 1
    if not Path(CHROMIUM).exists():
        print("Chromium absent : installez le paquet Debian « chromium ».", file=sys.stderr)
        return 1
    results = _measure(args.site, args.tiny)
    print(f"Lighthouse 12 (mobile, simulé), {RUNS} mesures par page : médiane (min–max)")
    if args.tiny:
        print("(--tiny : le site mkdocs-material seul n'est pas mesuré)")
    _print_scores(results)
    print()
    _print_work(results)
    print()
    print("Objectifs :")
    for text, met in goals(results):
        state = "non mesuré" if met is None else "atteint" if met else "NON ATTEINT"
        print(f"  {text} : {state}")
    return 0


def _arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tiny",
        action="store_true",
        help="one run of one spell page of the Grimoire site only (the plain site is built by "
        "bench_build.py --tiny): checks the bench runs to the end",
    )
    parser.add_argument(
        "--site", type=Path, help="a Grimoire site already built (by default, one is built)"
    )
    return parser.parse_args(argv)


def _measure(site_dir: Path | None, tiny: bool) -> Results:
    """Every page of :data:`PAGES` measured :data:`RUNS` times on each site."""
    with tempfile.TemporaryDirectory(prefix="grimoire-lighthouse-") as name:
        tmp = Path(name)
        grimoire = site_dir or build_site(ROOT, tmp / "site", build_dir=tmp / "build")
        sites = {"Grimoire": serve(grimoire)}
        if not tiny:
            sites[PLAIN] = serve(build_plain(tmp / "plain"))
        results: Results = {}
        for label, path in PAGES:
            for site, (base, _) in sites.items():
                if site != "Grimoire" and path == "calculateurs/":
                    continue
                runs = []
                for run in range(RUNS):
                    score = lighthouse(base + path, tmp / f"lh-{len(results)}-{run}.json")
                    if score:
                        runs.append(score)
                results[(label, site)] = runs
        for _, server in sites.values():
            server.shutdown()
    return results


def _print_scores(results: Results) -> None:
    header = f"{'page':<16} {'site':<22} " + " ".join(f"{short:>14}" for _, short in CATEGORIES)
    print(header)
    for (label, site), runs in results.items():
        print(
            f"{label:<16} {site:<22} "
            + " ".join(f"{summary(runs, name):>14}" for name, _ in CATEGORIES)
        )


def _print_work(results: Results) -> None:
    print(
        "Travail du processeur (médianes) : éléments de la page, style et mise en page, temps bloquant"
    )
    print(f"{'page':<16} {'site':<22} {'éléments':>10} {'style+mise en page':>20} {'bloquant':>10}")
    for (label, site), runs in results.items():
        print(
            f"{label:<16} {site:<22} {median_of(runs, 'dom', '{:.0f}'):>10} "
            f"{median_of(runs, 'style', '{:.0f} ms'):>20} {median_of(runs, 'tbt', '{:.0f} ms'):>10}"
        )


def goals(results: Results) -> list[tuple[str, bool | None]]:
    """Each goal in French with whether the results meet it (None: not measured)."""
    said: list[tuple[str, bool | None]] = []
    for label in ("accueil", "index des sorts", "un sort"):
        ours, plain = (
            _runs(results, label, "Grimoire", "performance"),
            _runs(results, label, PLAIN, "performance"),
        )
        if ours and plain:
            text = (
                f"{label} : performance {statistics.median(ours):.0f} (min {min(ours):.0f}), "
                f"au moins {statistics.median(plain):.0f} − {PERFORMANCE_MARGIN} et jamais sous "
                f"{PERFORMANCE_FLOOR}"
            )
            met = statistics.median(ours) >= statistics.median(plain) - PERFORMANCE_MARGIN
            said.append((text, met and min(ours) >= PERFORMANCE_FLOOR))
        else:
            said.append((f"{label} : performance au moins celle du site simple − 2", None))
    calculators = _runs(results, "calculateurs", "Grimoire", "performance")
    said.append(
        (
            f"calculateurs : performance ≥ {PERFORMANCE_FLOOR} à chaque mesure"
            + (f" (min {min(calculators):.0f})" if calculators else ""),
            min(calculators) >= PERFORMANCE_FLOOR if calculators else None,
        )
    )
    for label in ("un sort", "accueil"):
        said.append(_ratio_goal(results, label, "style", "style et mise en page", STYLE_RATIO))
    for label in ("accueil", "index des sorts", "un sort"):
        said.append(_ratio_goal(results, label, "tbt", "temps bloquant", BLOCKING_RATIO))
    elements = _runs(results, "un sort", "Grimoire", "dom")
    said.append(
        (
            f"un sort : au plus {SPELL_ELEMENTS} éléments"
            + (f" ({statistics.median(elements):.0f})" if elements else ""),
            statistics.median(elements) <= SPELL_ELEMENTS if elements else None,
        )
    )
    return said


def _runs(results: Results, label: str, site: str, name: str) -> list[float]:
    return [run[name] for run in results.get((label, site), []) if name in run]


def _ratio_goal(
    results: Results, label: str, name: str, what: str, limit: float
) -> tuple[str, bool | None]:
    """The goal « ``what`` at most ``limit`` × the plain page's » for one page."""
    ours, plain = _runs(results, label, "Grimoire", name), _runs(results, label, PLAIN, name)
    text = f"{label} : {what} au plus {limit:g}× celui du site simple"
    if not ours or not plain:
        return text, None
    ratio = statistics.median(ours) / max(1.0, statistics.median(plain))
    return f"{text} ({ratio:.2f}×)", ratio <= limit


def median_of(runs: list[dict[str, float]], name: str, form: str) -> str:
    values = [r[name] for r in runs if name in r]
    return form.format(statistics.median(values)) if values else "—"


if __name__ == "__main__":
    sys.exit(main())
