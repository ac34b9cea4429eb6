"""Benchmark: is the site build dominated by MkDocs, and does it stay linear as spells grow?

In the same run:

* the real build (``build_site``: validation, generation, MkDocs) against a plain mkdocs-material
  build of the same spells (one Markdown page per spell: name, fields, description; same theme,
  language and search), in CPU seconds (goal: at most 1.5× the plain build), three ways: a
  rebuild of unchanged sources (``build/cache`` as the build before left it: the generation is
  skipped), a rebuild after one spell file changed (everything generated again, with the
  compiled templates, spell files known valid and calculators' data of ``build/cache``), and a
  first build (``build/`` removed, nothing kept in memory either);
* synthetic compendiums of 1× and 10× the real spells (copies renamed « Nom 2 », « Nom 3 »…):
  build time of each and their ratio (goal: 10× takes at most 10.5× the time of 1×), and the
  HTML bytes of a spell page (goal: a page does not grow with the number of spells).

Machines are shared and noisy: builds alternate in rounds, each compared with plain builds made
just before and after it, and medians are kept; nothing is asserted. Run from the repository root: ``python bench/bench_build.py``.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.build import build_site  # noqa: E402
from generator.spellformat.slug import slugify  # noqa: E402
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


PLAIN_CONFIG = """site_name: Grimoire (mkdocs-material seul)
site_description: Les sorts de magiciens.
docs_dir: docs
site_dir: site
use_directory_urls: true
theme:
  name: material
  language: fr
  font: false
plugins:
  - search:
      lang: fr
nav:
  - Accueil: index.md
  - Sorts: sorts/index.md
"""


def _md(text: str) -> str:
    """Plain text as Markdown paragraphs (the plain site has no restricted syntax)."""
    return "\n\n".join(line.strip() for line in text.split("\n") if line.strip())


def make_plain_project(target: Path) -> Path:
    """A plain mkdocs-material project of the same spells: a page each, a list, a home page.

    The one baseline of the benchmarks (this one's build time, bench_lighthouse's scores)."""
    docs = target / "docs"
    (docs / "sorts").mkdir(parents=True)
    spells = [yaml.safe_load(p.read_text(encoding="utf-8"))
              for p in sorted((ROOT / "spells").glob("*.yaml"))]
    (docs / "index.md").write_text(
        "# Grimoire\n\nLes sorts de magiciens, complets.\n\n[Tous les sorts](sorts/index.md)\n",
        encoding="utf-8")
    rows = ["| Nom | Niveaux |", "|---|---|"]
    for spell in spells:
        rows.append(f"| [{spell['name']}]({spell['slug']}/index.md) | {spell['levels']['raw']} |")
        fields = "\n".join(f"- **{spell[key]['label'].strip(' :')}** : {spell[key]['raw']}"
                           for key in ("levels", "casting_time", "range", "target", "duration",
                                       "saving_throw") if key in spell)
        page = docs / "sorts" / spell["slug"] / "index.md"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(f"# {spell['name']}\n\n{fields}\n\n{_md(spell['description'])}\n",
                        encoding="utf-8")
    (docs / "sorts" / "index.md").write_text("# Tous les sorts\n\n" + "\n".join(rows) + "\n",
                                             encoding="utf-8")
    (target / "mkdocs.yml").write_text(PLAIN_CONFIG, encoding="utf-8")
    return target


def cpu_seconds(build) -> float:
    """CPU seconds (user + system) of one call, this process only."""
    start = time.process_time()
    build()
    return time.process_time() - start


def forget_caches(project: Path) -> None:
    """Remove ``build/`` (the generated pages and ``build/cache``) and what this process kept of
    earlier builds (every memoized function of the engine, the bridge and the generator, the
    calculators' answers, the compiled templates and schema, the spell tables): the next build is
    a first build, its modules already imported (as the plain build's are)."""
    from generator.pages import site
    from widgets import instant

    shutil.rmtree(project / "build", ignore_errors=True)
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in ("rules", "widgets", "generator"):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
    instant._CACHE.clear()
    instant._READING.clear()
    site._partials.clear()


def edit_one_spell(project: Path) -> None:
    """Change one spell file's bytes (a trailing line break added or taken away), not its spell."""
    path = sorted((project / "spells").glob("*.yaml"))[0]
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:-1] if text.endswith("\n\n") else text + "\n", encoding="utf-8")


def compare_with_plain() -> dict[str, tuple[float, float]]:
    """For each way of building (``SCENARIOS``): (median CPU seconds, median ratio to the plain
    mkdocs-material build of the same spells). Builds alternate in rounds, and each round's ratio
    divides by the mean of a plain build made just before and one made just after, so a machine
    whose speed drifts during the run compares like with like."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    with tempfile.TemporaryDirectory(prefix="grimoire-bench-plain-") as tmp:
        (Path(tmp) / "grimoire").mkdir()
        project = make_project(Path(tmp) / "grimoire", 1)
        plain = make_plain_project(Path(tmp) / "plain")

        def plain_build():
            return cpu_seconds(lambda: build(load_config(str(plain / "mkdocs.yml"))))

        def edited():
            edit_one_spell(project)
            return cpu_seconds(lambda: build_site(project))

        def first():
            forget_caches(project)
            return cpu_seconds(lambda: build_site(project))

        builds = {"unchanged": lambda: cpu_seconds(lambda: build_site(project)),
                  "edited": edited, "first": first}
        build_site(project)  # the same warm-up for both: modules imported, caches filled
        plain_build()
        times = {name: [] for name in SCENARIOS}
        ratios = {name: [] for name in SCENARIOS}
        for _ in range(ROUNDS):
            before = plain_build()
            seconds = {name: run() for name, run in builds.items()}
            baseline = (before + plain_build()) / 2
            times["plain"].append(baseline)
            for name in builds:
                times[name].append(seconds[name])
                ratios[name].append(seconds[name] / baseline)
        return {name: (statistics.median(times[name]),
                       statistics.median(ratios[name]) if ratios[name] else 1.0)
                for name in SCENARIOS}


#: How the real build is measured against the plain one: sources unchanged since the last build
#: (the generation is skipped), one spell file changed (everything generated again with what
#: ``build/cache`` holds), a first build (``build/`` removed, nothing kept in memory).
SCENARIOS = {
    "plain": "mkdocs-material seul",
    "unchanged": "Grimoire, sources inchangées",
    "edited": "Grimoire, un sort modifié",
    "first": "Grimoire, première construction (sans build/)",
}
ROUNDS = 5


def measure(factor: int) -> tuple[float, int, float]:
    """(median build CPU seconds, number of spell pages, mean HTML bytes of a spell page); each
    measured build generates everything (one spell file changed before it)."""
    with tempfile.TemporaryDirectory(prefix=f"grimoire-bench-{factor}x-") as tmp:
        project = make_project(Path(tmp), factor)
        build_site(project)  # warm-up: the caches of build/ filled
        times = []
        for _ in range(REPEATS):
            edit_one_spell(project)
            times.append(cpu_seconds(lambda: build_site(project)))
            site = project / "site"
        pages = [p for p in (site / "sorts").glob("*/index.html")
                 if "url=" not in p.read_text(encoding="utf-8")[:600]]
        size = statistics.mean(p.stat().st_size for p in pages)
        return statistics.median(times), len(pages), size


def main(argv=None) -> int:
    global ROUNDS, REPEATS
    tiny = "--tiny" in (sys.argv[1:] if argv is None else argv)
    if tiny:  # one round of each build, 2× instead of 10×: checks the bench runs to the end
        ROUNDS, REPEATS = 1, 1
    big = 2 if tiny else 10
    results = compare_with_plain()
    print(f"construction, temps CPU (médiane de {ROUNDS} tours ; rapport de chaque tour à la "
          "moyenne de deux constructions mkdocs-material seul, faites juste avant et juste après)")
    for name, label in SCENARIOS.items():
        seconds, ratio = results[name]
        verdict = "" if name == "plain" else (
            f", rapport {ratio:.2f} (objectif ≤ 1,5 : {'atteint' if ratio <= 1.5 else 'NON atteint'})")
        print(f"  {label} : {seconds:.2f} s{verdict}")
    one = measure(1)
    ten = measure(big)
    ratio = ten[0] / one[0]
    print("taille  pages de sort  construction (CPU, médiane)  octets HTML par page de sort")
    for label, (seconds, pages, size) in (("1×", one), (f"{big}×", ten)):
        print(f"{label:>6}  {pages:>13}  {seconds:>24.2f} s  {size:>29,.0f}".replace(",", " "))
    print(f"rapport de temps {big}× / 1× : {ratio:.2f} (objectif ≤ 10,5 : "
          f"{'atteint' if ratio <= 10.5 else 'NON atteint'})")
    growth = ten[2] / one[2]
    print(f"rapport de taille d'une page {big}× / 1× : {growth:.3f} (objectif : ≈ 1, la page ne "
          "grandit pas avec le nombre de sorts)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
