"""The real spell files of ``spells/``: 110 of them, all valid, slugs following the rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main
from generator.spellformat.slug import slugify
from generator.spellformat.validate import load_dir

SPELLS = Path(__file__).resolve().parents[2] / "spells"


def test_spells_directory_passes_the_validator(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", str(SPELLS)])
    out, _ = capsys.readouterr()
    assert out == f"110 sorts valides dans {SPELLS}\n"
    assert code == 0


def test_110_files_and_each_slug_follows_the_rule() -> None:
    spells, problems = load_dir(SPELLS)
    assert problems == []
    assert len(spells) == 110
    for spell in spells:
        name, slug = spell.data["name"], spell.data["slug"]
        assert slug == slugify(name) == Path(spell.path).stem, spell.path
