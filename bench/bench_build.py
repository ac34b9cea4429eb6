"""Benchmark: does the site build stay linear as the number of spells grows?

Builds synthetic compendiums of 1× and 10× the real spells (copies renamed « Nom 2 », « Nom 3 »…)
in the same run, and reports the build time of each, their ratio (goal: 10× takes at most 12×
the time of 1×), and the HTML bytes of a spell page (goal: a page does not grow with the number
of spells). Machines are shared and noisy: each size is built several times and the median is
kept; nothing is asserted. Run from the repository root: ``python bench/bench_build.py``.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.build import build_site  # noqa: E402
from generator.slug import slugify  # noqa: E402
from tests.conftest import copy_project  # noqa: E402  (the same sandbox copy as the tests)

REPEATS = 3


def make_project(target: Path, factor: int) -> Path:
    """A copy of the project whose spells/ holds ``factor`` × the real spells."""
    spells_dir = copy_project(target) / "spells"
    originals = [yaml.safe_load(p.read_text(encoding="utf-8"))
                 for p in sorted((ROOT / "spells").glob("*.yaml"))]
    for copy in range(factor):
        for spell in originals:
            spell = dict(spell)
            if copy:
                spell["name"] = f"{spell['name']} {copy + 1}"
                spell["slug"] = slugify(spell["name"])
                spell["aliases"] = []
                spell["index"] = {"name": spell["name"],
                                  "position": spell["index"]["position"] + copy * len(originals)}
            (spells_dir / f"{spell['slug']}.yaml").write_text(
                yaml.safe_dump(spell, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return target


def measure(factor: int) -> tuple[float, int, float]:
    """(median build seconds, number of spell pages, mean HTML bytes of a spell page)."""
    with tempfile.TemporaryDirectory(prefix=f"grimoire-bench-{factor}x-") as tmp:
        project = make_project(Path(tmp), factor)
        times = []
        for _ in range(REPEATS):
            start = time.perf_counter()
            site = build_site(project)
            times.append(time.perf_counter() - start)
        pages = [p for p in (site / "sorts").glob("*/index.html")
                 if "url=" not in p.read_text(encoding="utf-8")[:600]]
        size = statistics.mean(p.stat().st_size for p in pages)
        return statistics.median(times), len(pages), size


def main() -> int:
    one = measure(1)
    ten = measure(10)
    ratio = ten[0] / one[0]
    print("taille  pages de sort  construction (médiane)  octets HTML par page de sort")
    for label, (seconds, pages, size) in (("1×", one), ("10×", ten)):
        print(f"{label:>6}  {pages:>13}  {seconds:>19.2f} s  {size:>29,.0f}".replace(",", " "))
    print(f"rapport de temps 10× / 1× : {ratio:.2f} (objectif ≤ 12 : "
          f"{'atteint' if ratio <= 12 else 'NON atteint'})")
    growth = ten[2] / one[2]
    print(f"rapport de taille d'une page 10× / 1× : {growth:.3f} (objectif : ≈ 1, la page ne "
          "grandit pas avec le nombre de sorts)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
