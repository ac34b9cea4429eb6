"""Benchmark of the rules engine, in CPython: ``python bench/bench_rules.py``.

Times (median of several repetitions, ``time.perf_counter``) the workloads the
site needs: the whole cast-odds table, a full duel grid, the expected casts
for every level and difficulty and the level paths to 5, plus the import of
the package. Each figure is also given as a ratio to a baseline measured in
the same run (plain Fraction additions), so runs on different machines
compare. Reports only; asserts nothing.
"""

import statistics
import subprocess
import sys
import time
from fractions import Fraction
from itertools import product
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import rules  # noqa: E402  (after the path set-up, so it runs from anywhere)

REPEAT = 7
BASELINE_ADDITIONS = 10_000
READINGS = rules.EXTREMES


def median_seconds(work, repeat=REPEAT):
    """Run ``work`` ``repeat`` times and return the median wall time in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def baseline():
    total = Fraction(0)
    step = Fraction(1, 12)
    for _ in range(BASELINE_ADDITIONS):
        total = total + step
    return total


def cast_table():
    for magic, learning, reading in product(range(31), range(1, 6), READINGS):
        rules.cast_odds(magic, learning, extremes=reading)
        rules.expected_xp(magic, learning, extremes=reading)


def duel_grid():
    for magic_a, magic_b in ((0, 0), (4, 4), (10, 2), (20, 6)):
        for la, lb, ea, eb in product(range(1, 6), range(1, 6), rules.ELEMENTS, rules.ELEMENTS):
            rules.duel_breakdown(rules.Caster(magic_a, la, ea), rules.Caster(magic_b, lb, eb))


def next_level_table():
    for magic, learning, difficulty in product((0, 6, 12), range(1, 5), range(1, 6)):
        rules.casts_to_next_level(magic, learning, difficulty)


def within_table():
    for learning, difficulty in product(range(1, 5), range(1, 6)):
        cost = rules.level_up_cost(learning, difficulty)
        rules.level_up_within(0, learning, difficulty, cost // 3)


def level_paths():
    for difficulty in range(1, 6):
        rules.level_path(0, 1, difficulty)


def worst_level_path():
    rules.level_path(0, 1, 5)


def study_table():
    for hours in range(1, 7):
        for percent in range(0, 101, 5):
            rules.study_odds(hours, Fraction(percent, 100))


def import_time():
    """Seconds to import the package in a fresh interpreter, startup excluded."""

    def run(code):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True)
        return time.perf_counter() - start

    bare = statistics.median(run("pass") for _ in range(5))
    loaded = statistics.median(run("import rules") for _ in range(5))
    return max(loaded - bare, 0.0)


WORKLOADS = [
    ("cast odds + expected XP: magic 0–30 × learning 1–5 × 2 readings (310 tables)", cast_table),
    ("duel grid: 4 magic pairs × 25 learning pairs × 16 element pairs (1 600 duels)", duel_grid),
    ("casts_to_next_level: magic 0/6/12 × learning 1–4 × difficulty 1–5 (60)", next_level_table),
    ("level_up_within: learning 1–4 × difficulty 1–5, n = cost/3 (20)", within_table),
    ("level_path 1 → 5, difficulty 1–5 (5 paths)", level_paths),
    ("level_path 1 → 5, difficulty 5 (one click, worst case)", worst_level_path),
    ("study_odds: 1–6 hours × p = 0 %, 5 %, …, 100 % (126)", study_table),
]


def main(argv=None):
    global REPEAT
    if "--tiny" in (sys.argv[1:] if argv is None else argv):
        REPEAT = 1  # tiny mode: one run of each workload, to check the bench runs to the end
    print(f"Python {sys.version.split()[0]}, median of {REPEAT} runs")
    base = median_seconds(baseline)
    print(f"baseline: {BASELINE_ADDITIONS} Fraction additions = {base * 1000:.2f} ms (ratio 1)")
    print()
    width = max(len(name) for name, _ in WORKLOADS)
    print(f"{'workload':<{width}}  {'median ms':>10}  {'× baseline':>10}")
    for name, work in WORKLOADS:
        seconds = median_seconds(work)
        print(f"{name:<{width}}  {seconds * 1000:>10.2f}  {seconds / base:>10.2f}")
    seconds = import_time()
    name = "import rules (fresh interpreter, startup excluded)"
    print(f"{name:<{width}}  {seconds * 1000:>10.2f}  {seconds / base:>10.2f}")


if __name__ == "__main__":
    main()
