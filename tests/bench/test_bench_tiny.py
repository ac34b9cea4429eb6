"""Every script of bench/ runs to the end in its tiny mode (``--tiny``) and prints its figures,
so that a benchmark cannot break silently."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIGURE = re.compile(r"\d+(?:[.,]\d+)? ?(?:ms|s)\b")


def run_tiny(script: str, timeout: int, *options: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), "--tiny", *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    return done.stdout


def test_bench_rules_runs_to_the_end():
    out = run_tiny("bench_rules.py", 300)
    assert re.search(r"baseline: .* = \d+\.\d+ ms \(ratio 1\)", out)
    assert re.search(r"import rules .* \d+\.\d+ +\d+\.\d+$", out, re.M)


def test_bench_build_runs_to_the_end():
    out = run_tiny("bench_build.py", 1200)
    assert "Grimoire, un sort modifié :" in out and "rapport de temps 2× / 1×" in out
    assert re.search(r"les réponses des calculateurs gardées : -?\d+\.\d+ s", out)
    assert re.search(r"la table des lancers du grimoire gardée : -?\d+\.\d+ s", out)
    assert FIGURE.search(out)


@pytest.mark.browser
@pytest.mark.parametrize(
    "script, expected",
    [
        (
            "bench_instant.py",
            [
                "a tap as the calculator scrolls in → figures",
                "a screen scrolled every",
                "a tap right after a jump to the calculator → figures",
                "the page's start → the tap",
                "duel tap → figures:",
                "an invalid value → its message",
                "bare Pyodide boot (full standard library), first visit:",
                "progression at 40 XP → figures, first visit:",
                "ratio to the bare boot",
                "Pyodide booted at",
                "engine archive + import",
                "everything not Pyodide's boot",
                "bytes fetched",
                "longest main-thread task",
                "frame gap",
                "longest main-thread freeze while Pyodide boots",
            ],
        ),
        ("bench_index.py", ["frappe dans le filtre", "rapport 2× / 1×"]),
        ("bench_lighthouse.py", ["Lighthouse 12", "un sort", "style+mise en page"]),
    ],
)
def test_browser_bench_runs_to_the_end(script, expected, built_site, built_docs):
    # Lighthouse measures the site the tests built; the other benchmarks build their own, with
    # the calculators' answers and the engine's standard library its build kept.
    if script == "bench_lighthouse.py":
        options: tuple[str, ...] = ("--site", str(built_site))
    else:
        options = ("--build-dir", str(built_docs.parent))
    out = run_tiny(script, 1200, *options)
    for text in expected:
        assert text in out, (text, out)
    assert re.search(r"\d", out)
    if script == "bench_lighthouse.py":  # a score, not « — » (Lighthouse failed)
        # The tiny mode measures the Grimoire site only; bench_build.py --tiny (above) builds
        # the plain site the full run measures beside it.
        assert re.search(r"^un sort +Grimoire +\d+ ", out, re.M), out
        assert re.search(r"^un sort +Grimoire +\d+ +\d+ ms +\d+ ms$", out, re.M), out
