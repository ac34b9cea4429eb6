"""Golden pages: the generated Markdown of a few representative spells, reviewed by a person.

The calculators and the odds chart have their own golden files (``golden/calculateurs/``,
``golden/graphiques/``): a spell page's golden
holds a one-line marker where each calculator stands, so that a change of a calculator's markup
changes one golden file, not every spell page's.

Compared by the project's one golden comparison (:mod:`tests.golden`): after reviewing a
difference, accept the new output with ``pytest tests/pages/test_golden.py --update-goldens``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.golden import GOLDEN, compare

SLUGS = [
    "invocation-de-monstre",
    "invisibilite",
    "teleportation",
    "affutage",
    "images-miroir",
    "vol",
]
#: The calculators' golden files: (golden name, generated page, calculator).
CALCULATORS = [
    ("sort-lancer", "sorts/vol", "cast"),
    ("sort-progression", "sorts/vol", "progression"),
    ("lancer", "calculateurs", "cast"),
    ("duel", "calculateurs", "duel"),
    ("progression", "calculateurs", "progression"),
    ("etude", "calculateurs", "study"),
]
CALCULATOR = re.compile(r'<section class="gr-calc" data-calc="(?P<calc>\w+)".*?</section>\n', re.S)
#: The odds chart has its own golden file (``golden/graphiques/``, tests/pages/test_chart.py).
CHART = re.compile(r'<svg class="gr-chart" data-chart="(?P<chart>\w+)".*?</svg>\n', re.S)


def generated(docs: Path, page: str) -> str:
    """The generated page whole: its Markdown, then, for a page whose body is HTML only, a blank
    line and that body (written beside it)."""
    markdown = (docs / page / "index.md").read_text(encoding="utf-8")
    body = docs / page / "index.corps.html"
    return markdown + "\n" + body.read_text(encoding="utf-8") if body.exists() else markdown


def without_calculators(page: str) -> str:
    page = CHART.sub(lambda m: f"<!-- graphique « {m['chart']} » : golden/graphiques/ -->\n", page)
    return CALCULATOR.sub(
        lambda m: f"<!-- calculateur « {m['calc']} » : golden/calculateurs/ -->\n", page
    )


def calculator(page: str, name: str) -> str:
    found = [m[0] for m in CALCULATOR.finditer(page) if m["calc"] == name]
    assert len(found) == 1, f"calculateur « {name} » : {len(found)} sur la page"
    return found[0]


@pytest.mark.parametrize("slug", SLUGS)
def test_generated_page_matches_its_golden_file(slug, built_docs, update_goldens):
    page = generated(built_docs, f"sorts/{slug}")
    assert len(CALCULATOR.findall(page)) == 2  # the cast and progression calculators
    compare(without_calculators(page), GOLDEN / f"{slug}.md", update_goldens)


@pytest.mark.parametrize(("name", "page", "calc"), CALCULATORS, ids=[c[0] for c in CALCULATORS])
def test_calculator_matches_its_golden_file(name, page, calc, built_docs, update_goldens):
    compare(
        calculator(generated(built_docs, page), calc),
        GOLDEN / "calculateurs" / f"{name}.html",
        update_goldens,
    )
