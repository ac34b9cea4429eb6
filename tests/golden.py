"""The project's one way to compare an output with its golden file, reviewed by a person.

Every golden file lives under ``tests/pages/golden/``: the generated spell pages (``*.md``), the
calculators (``calculateurs/``), the odds chart (``graphiques/``), and the description renderer's
and cross-linker's cases (``texte/``). A difference fails with a unified diff; after reviewing
it, accept the new output with ``--update-goldens`` and review the golden files' diff in git.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from tests.conftest import ROOT

GOLDEN = ROOT / "tests" / "pages" / "golden"


def compare(produced: str, golden: Path, update: bool) -> None:
    """Fail with the diff between ``produced`` and the file ``golden`` (absent: empty), or, with
    ``update``, write ``produced`` there and skip, asking for the diff to be reviewed."""
    shown = golden.relative_to(GOLDEN).as_posix()
    if update:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(produced, encoding="utf-8")
        pytest.skip(f"{shown} réécrit : relisez son diff avant de valider")
    expected = golden.read_text(encoding="utf-8") if golden.exists() else ""
    if produced != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(True),
                produced.splitlines(True),
                f"golden/{shown}",
                f"produit/{shown}",
            )
        )
        pytest.fail(f"la sortie diffère de sa référence :\n{diff}", pytrace=False)
