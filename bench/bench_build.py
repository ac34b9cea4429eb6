"""Benchmark: is the site build dominated by MkDocs, and does it stay linear as spells grow?

In the same run:

* the real build (``build_site``: validation, generation, MkDocs) against a plain mkdocs-material
  build of the same spells (one Markdown page per spell: name, fields, description; same theme,
  language and search), in CPU seconds (goal: at most 1.5× the plain build), three ways: a
  rebuild of unchanged sources (``build/cache`` as the build before left it: the generation is
  skipped), a rebuild after one spell file changed (everything generated again, with the
  layers of ``build/cache``), and a first build (``build/`` removed); each build forgets what
  the process kept in memory, as a new ``make build``;
* what each layer of ``build/cache`` saves: the same rebuild with that layer alone removed
  (a layer stays only if it saves at least 0.5 s);
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
#: Whether each comparison starts with builds that are not counted (modules imported, caches
#: filled). The tiny mode skips them: there the first build counted warms up instead.
WARM_UP = True


#: How many of the real spells the compendiums hold (None: all; the tiny mode takes a few).
SPELLS: int | None = None
TINY_SPELLS = 2


def spell_files() -> list[Path]:
    return sorted((ROOT / "spells").glob("*.yaml"))[:SPELLS]


def make_project(target: Path, factor: int) -> Path:
    """A copy of the project whose spells/ holds ``factor`` × the real spells."""
    spells_dir = copy_project(target) / "spells"
    originals = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in spell_files()]
    for copy in range(factor):
        for spell in originals:
            spell = dict(spell)
            if copy:
                spell["name"] = f"{spell['name']} {copy + 1}"
                spell["slug"] = slugify(spell["name"])
                spell["aliases"] = []
                spell["index"] = {
                    "name": spell["name"],
                    "position": spell["index"]["position"] + copy * len(originals),
                }
            (spells_dir / f"{spell['slug']}.yaml").write_text(
                yaml.safe_dump(spell, allow_unicode=True, sort_keys=False), encoding="utf-8"
            )
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


def make_plain_project(target: Path, slugs: tuple[str, ...] | None = None) -> Path:
    """A plain mkdocs-material project of the same spells (only ``slugs`` when given): a page
    each, a list, a home page.

    The one baseline of the benchmarks (this one's build time, bench_lighthouse's scores)."""
    docs = target / "docs"
    (docs / "sorts").mkdir(parents=True)
    files = [ROOT / "spells" / f"{slug}.yaml" for slug in slugs] if slugs else spell_files()
    spells = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in files]
    (docs / "index.md").write_text(
        "# Grimoire\n\nLes sorts de magiciens, complets.\n\n[Tous les sorts](sorts/index.md)\n",
        encoding="utf-8",
    )
    rows = ["| Nom | Niveaux |", "|---|---|"]
    for spell in spells:
        rows.append(f"| [{spell['name']}]({spell['slug']}/index.md) | {spell['levels']['raw']} |")
        fields = "\n".join(
            f"- **{spell[key]['label'].strip(' :')}** : {spell[key]['raw']}"
            for key in ("levels", "casting_time", "range", "target", "duration", "saving_throw")
            if key in spell
        )
        page = docs / "sorts" / spell["slug"] / "index.md"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(
            f"# {spell['name']}\n\n{fields}\n\n{_md(spell['description'])}\n", encoding="utf-8"
        )
    (docs / "sorts" / "index.md").write_text(
        "# Tous les sorts\n\n" + "\n".join(rows) + "\n", encoding="utf-8"
    )
    (target / "mkdocs.yml").write_text(PLAIN_CONFIG, encoding="utf-8")
    return target


def cpu_seconds(build) -> float:
    """CPU seconds (user + system) of one call, this process only."""
    start = time.process_time()
    build()
    return time.process_time() - start


def forget_memory() -> None:
    """Forget what this process kept of earlier builds (every memoized function of the engine,
    the bridge and the generator, the answers and compiled templates held in memory): the next
    build reads only what ``build/cache`` holds, as a new ``make build`` would, its modules
    already imported (as the plain build's are)."""
    from generator import cache
    from generator.pages import spell_page

    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in ("rules", "widgets", "generator"):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
    cache._KEPT.clear()
    spell_page.forget_partials()


def forget_caches(project: Path, *kept: str) -> None:
    """Remove ``build/cache`` but what ``kept`` names (:data:`LAYERS`), and what this process
    kept in memory; with nothing kept, ``build/`` goes too (a first build)."""
    folder = project / "build" / "cache"
    if not kept:
        shutil.rmtree(project / "build", ignore_errors=True)
    elif folder.is_dir():
        for path in folder.iterdir():
            if path.name not in kept:
                shutil.rmtree(path) if path.is_dir() else path.unlink()
    forget_memory()


#: What ``build/cache`` holds: the generation's stamp, the calculators' answers, the spellbook's
#: table of expected casts.
LAYERS = ("generation.json", "instant", "grimoire-casts")


def edit_one_spell(project: Path) -> None:
    """Change one spell file's bytes (a trailing line break added or taken away), not its spell."""
    path = sorted((project / "spells").glob("*.yaml"))[0]
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:-1] if text.endswith("\n\n") else text + "\n", encoding="utf-8")


def _ways_of_building(project: Path) -> dict:
    """Each way of building (``SCENARIOS`` but the plain one), as a function giving its CPU
    seconds: the caches it keeps, and whether a spell file is edited first."""

    def first():
        forget_caches(project)
        return cpu_seconds(lambda: build_site(project))

    def rebuild(edit: bool, *kept: str):
        def run():
            if edit:
                edit_one_spell(project)
            forget_caches(project, *kept)
            return cpu_seconds(lambda: build_site(project))

        return run

    without = {layer: tuple(k for k in LAYERS if k != layer) for layer in LAYERS}
    return {
        "unchanged": rebuild(False, *LAYERS),
        "unchanged-no-stamp": rebuild(False, *without["generation.json"]),
        "edited": rebuild(True, *LAYERS),
        "edited-no-answers": rebuild(True, *without["instant"]),
        "edited-no-casts": rebuild(True, *without["grimoire-casts"]),
        "first": first,
    }


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

        builds = _ways_of_building(project)
        order = list(builds)
        if WARM_UP:
            build_site(project)  # the same warm-up for both: modules imported, caches filled
            plain_build()
        else:  # a first build fills the caches the others read
            order.sort(key=lambda name: name != "first")
        times = {name: [] for name in SCENARIOS}
        ratios = {name: [] for name in SCENARIOS}
        for _ in range(ROUNDS):
            before = plain_build()
            seconds = {name: builds[name]() for name in order}
            baseline = (before + plain_build()) / 2
            times["plain"].append(baseline)
            for name in builds:
                times[name].append(seconds[name])
                ratios[name].append(seconds[name] / baseline)
        return {
            name: (
                statistics.median(times[name]),
                statistics.median(ratios[name]) if ratios[name] else 1.0,
            )
            for name in SCENARIOS
        }


#: How the real build is measured against the plain one, each build in a process that forgot
#: earlier builds (as a new ``make build``): sources unchanged since the last build (the
#: generation is skipped), one spell file changed (everything generated again with what
#: ``build/cache`` holds), a first build (``build/`` removed); and each layer of the cache taken
#: away alone, to measure what it saves.
SCENARIOS = {
    "plain": "mkdocs-material seul",
    "unchanged": "Grimoire, sources inchangées",
    "unchanged-no-stamp": "Grimoire, sources inchangées, sans l'empreinte de la génération",
    "edited": "Grimoire, un sort modifié",
    "edited-no-answers": "Grimoire, un sort modifié, sans les réponses gardées",
    "edited-no-casts": "Grimoire, un sort modifié, sans la table des lancers gardée",
    "first": "Grimoire, première construction (sans build/)",
}
#: Each layer of ``build/cache``: (scenario without it, scenario with it).
SAVINGS = {
    "l'empreinte de la génération": ("unchanged-no-stamp", "unchanged"),
    "les réponses des calculateurs gardées": ("edited-no-answers", "edited"),
    "la table des lancers du grimoire gardée": ("edited-no-casts", "edited"),
}
ROUNDS = 5


def measure(factor: int) -> tuple[float, int, float]:
    """(median build CPU seconds, number of spell pages, mean HTML bytes of a spell page); each
    measured build generates everything (one spell file changed before it)."""
    with tempfile.TemporaryDirectory(prefix=f"grimoire-bench-{factor}x-") as tmp:
        project = make_project(Path(tmp), factor)
        if WARM_UP:
            build_site(project)  # the caches of build/ filled
        times = []
        for _ in range(REPEATS):
            edit_one_spell(project)
            times.append(cpu_seconds(lambda: build_site(project)))
            site = project / "site"
        pages = [
            p
            for p in (site / "sorts").glob("*/index.html")
            if "url=" not in p.read_text(encoding="utf-8")[:600]
        ]
        size = statistics.mean(p.stat().st_size for p in pages)
        return statistics.median(times), len(pages), size


def main(argv=None) -> int:
    global ROUNDS, REPEATS, SPELLS, WARM_UP
    tiny = "--tiny" in (sys.argv[1:] if argv is None else argv)
    if tiny:  # each build once, of 2 spells, 2× instead of 10×: checks the bench runs to the end
        ROUNDS, REPEATS, SPELLS, WARM_UP = 1, 1, TINY_SPELLS, False
    big = 2 if tiny else 10
    results = compare_with_plain()
    print(
        f"construction, temps CPU (médiane de {ROUNDS} tours ; rapport de chaque tour à la "
        "moyenne de deux constructions mkdocs-material seul, faites juste avant et juste après)"
    )
    for name, label in SCENARIOS.items():
        seconds, ratio = results[name]
        verdict = (
            ""
            if name == "plain"
            else (
                f", rapport {ratio:.2f} (objectif ≤ 1,5 : {'atteint' if ratio <= 1.5 else 'NON atteint'})"
            )
        )
        print(f"  {label} : {seconds:.2f} s{verdict}")
    print(
        "ce que gagne chaque couche du cache (médianes ; une couche reste si elle gagne ≥ 0,5 s) :"
    )
    for label, (without, with_) in SAVINGS.items():
        saved = results[without][0] - results[with_][0]
        print(f"  {label} : {saved:.2f} s ({'gardée' if saved >= 0.5 else 'à retirer'})")
    one = measure(1)
    ten = measure(big)
    ratio = ten[0] / one[0]
    print("taille  pages de sort  construction (CPU, médiane)  octets HTML par page de sort")
    for label, (seconds, pages, size) in (("1×", one), (f"{big}×", ten)):
        print(f"{label:>6}  {pages:>13}  {seconds:>24.2f} s  {size:>29,.0f}".replace(",", " "))
    print(
        f"rapport de temps {big}× / 1× : {ratio:.2f} (objectif ≤ 10,5 : "
        f"{'atteint' if ratio <= 10.5 else 'NON atteint'})"
    )
    growth = ten[2] / one[2]
    print(
        f"rapport de taille d'une page {big}× / 1× : {growth:.3f} (objectif : ≈ 1, la page ne "
        "grandit pas avec le nombre de sorts)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
