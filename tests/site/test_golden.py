"""Golden pages: the generated Markdown of a few representative spells, reviewed by a person.

A difference fails with a unified diff. After reviewing it, accept the new output with
``pytest tests/site/test_golden.py --update-goldens`` and review the golden files' diff in git.
"""

from __future__ import annotations

import difflib

import pytest

from tests.conftest import ROOT

GOLDEN = ROOT / "tests" / "site" / "golden"
SLUGS = ["invocation-de-monstre", "invisibilite", "teleportation", "affutage", "images-miroir",
         "vol"]


@pytest.mark.parametrize("slug", SLUGS)
def test_generated_page_matches_its_golden_file(slug, built_site, update_goldens):
    produced = (ROOT / "build" / "docs" / "sorts" / slug / "index.md").read_text(encoding="utf-8")
    golden = GOLDEN / f"{slug}.md"
    if update_goldens:
        golden.write_text(produced, encoding="utf-8")
        pytest.skip(f"{golden.name} réécrit : relisez son diff avant de valider")
    expected = golden.read_text(encoding="utf-8") if golden.exists() else ""
    if produced != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), produced.splitlines(True),
                                            f"golden/{slug}.md", f"généré/{slug}.md"))
        pytest.fail(f"la page générée diffère de sa référence :\n{diff}", pytrace=False)
