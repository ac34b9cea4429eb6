"""The schema passes kept between builds: a kept pass never hides a problem."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from generator.spellformat import validate
from generator.spellformat.validate import load_dir

VALID = Path(__file__).resolve().parent / "fixtures" / "valid"


def spells_copy(tmp_path: Path) -> Path:
    spells = tmp_path / "spells"
    shutil.copytree(VALID, spells)
    return spells


def test_a_pass_is_kept_then_used_instead_of_the_schema(tmp_path, monkeypatch):
    spells, cache = spells_copy(tmp_path), tmp_path / "cache"
    assert load_dir(spells, cache_dir=cache)[1] == []
    kept = json.loads((cache / "schema-passes.json").read_text(encoding="utf-8"))
    assert len(kept["passes"]) == len(list(spells.glob("*.yaml")))
    calls = []
    monkeypatch.setattr(validate, "_schema_messages", lambda data: calls.append(data) or iter(()))
    assert load_dir(spells, cache_dir=cache)[1] == []
    assert calls == []  # every file was known to pass


def test_a_changed_file_is_checked_again_and_its_problem_found(tmp_path):
    spells, cache = spells_copy(tmp_path), tmp_path / "cache"
    assert load_dir(spells, cache_dir=cache)[1] == []
    path = next(spells.glob("*.yaml"))
    path.write_text(path.read_text(encoding="utf-8").replace("difficulty: ", "difficulty: -"),
                    encoding="utf-8")
    problems = load_dir(spells, cache_dir=cache)[1]
    assert [p.field for p in problems] == ["difficulty"]
    assert problems == load_dir(spells)[1]  # the same as without any cache


def test_an_unreadable_or_foreign_cache_is_ignored_then_replaced(tmp_path):
    spells, cache = spells_copy(tmp_path), tmp_path / "cache"
    cache.mkdir()
    for text in ("{oops", json.dumps({"key": "autre", "passes": ["x"]}), "[]"):
        (cache / "schema-passes.json").write_text(text, encoding="utf-8")
        assert load_dir(spells, cache_dir=cache)[1] == []
        kept = json.loads((cache / "schema-passes.json").read_text(encoding="utf-8"))
        assert kept["key"] == validate._schema_key() and "x" not in kept["passes"]
