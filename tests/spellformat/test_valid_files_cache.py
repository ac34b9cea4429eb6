"""The spell files known valid, kept between builds: a kept file never hides a problem."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import yaml

from generator.spellformat import validate
from generator.spellformat.validate import load_dir
from tests.conftest import ROOT

VALID = Path(__file__).resolve().parent / "fixtures" / "valid"


def spells_copy(tmp_path: Path) -> Path:
    spells = tmp_path / "spells"
    shutil.copytree(VALID, spells)
    return spells


def test_a_valid_file_is_kept_then_used_instead_of_reading_it(tmp_path, monkeypatch):
    spells, cache = spells_copy(tmp_path), tmp_path / "cache"
    fresh = load_dir(spells)
    assert load_dir(spells, cache_dir=cache)[1] == []
    kept = json.loads((cache / "valid-files.json").read_text(encoding="utf-8"))
    assert len(kept["files"]) == len(list(spells.glob("*.yaml")))
    calls = []
    monkeypatch.setattr(validate, "load_path", lambda path: calls.append(path))
    monkeypatch.setattr(validate, "load_bytes", lambda raw: calls.append(raw))
    monkeypatch.setattr(validate, "_schema_messages", lambda data: calls.append(data) or iter(()))
    spells_again, problems = load_dir(spells, cache_dir=cache)
    assert calls == [] and problems == []  # every file was known valid
    assert [(s.path, s.data, list(s.lines.items())) for s in spells_again] == \
        [(s.path, s.data, list(s.lines.items())) for s in fresh[0]]


def test_a_changed_file_is_checked_again_and_its_problem_found(tmp_path):
    spells, cache = spells_copy(tmp_path), tmp_path / "cache"
    assert load_dir(spells, cache_dir=cache)[1] == []
    path = next(spells.glob("*.yaml"))
    path.write_text(path.read_text(encoding="utf-8").replace("difficulty: ", "difficulty: -"),
                    encoding="utf-8")
    problems = load_dir(spells, cache_dir=cache)[1]
    assert [p.field for p in problems] == ["difficulty"]
    assert problems == load_dir(spells)[1]  # the same as without any cache


def test_a_renamed_file_is_checked_again(tmp_path):
    # The same bytes under another name: its slug no longer matches the file's name.
    spells, cache = spells_copy(tmp_path), tmp_path / "cache"
    assert load_dir(spells, cache_dir=cache)[1] == []
    path = next(spells.glob("*.yaml"))
    path.rename(path.with_name("autre-nom.yaml"))
    problems = load_dir(spells, cache_dir=cache)[1]
    assert problems and problems == load_dir(spells)[1]
    assert all(p.path.endswith("autre-nom.yaml") for p in problems)


def test_problems_across_files_are_found_among_kept_files(tmp_path):
    spells, cache = spells_copy(tmp_path), tmp_path / "cache"
    assert load_dir(spells, cache_dir=cache)[1] == []
    # A second spell, valid on its own, at the index position of the kept one.
    position = yaml.safe_load((VALID / "boule-de-feu.yaml").read_text(encoding="utf-8"))["index"]["position"]
    text = (ROOT / "spells" / "vol.yaml").read_text(encoding="utf-8")
    (spells / "vol.yaml").write_text(re.sub(r"(?m)^  position: \d+$", f"  position: {position}", text),
                                     encoding="utf-8")
    problems = load_dir(spells, cache_dir=cache)[1]
    assert [p.field for p in problems] == ["index.position"]
    assert problems == load_dir(spells)[1]


def test_an_unreadable_or_foreign_cache_is_ignored_then_replaced(tmp_path):
    spells, cache = spells_copy(tmp_path), tmp_path / "cache"
    cache.mkdir()
    count = len(list(spells.glob("*.yaml")))
    digest = validate._ValidFiles.digest(next(spells.glob("*.yaml")).name, b"")
    for text in ("{oops", json.dumps({"key": "autre", "files": {"x": [{}, []]}}), "[]",
                 json.dumps({"key": validate._cache_key(), "files": {digest: "pas une entrée"}})):
        (cache / "valid-files.json").write_text(text, encoding="utf-8")
        assert load_dir(spells, cache_dir=cache)[1] == []
        kept = json.loads((cache / "valid-files.json").read_text(encoding="utf-8"))
        assert kept["key"] == validate._cache_key() and len(kept["files"]) == count
