"""The build cache is not a trust boundary: a spell file is checked at every build, whatever
``build/cache`` holds (a tampered entry once let a slug such as ``../../x`` skip validation)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from generator.spellformat.validate import load_dir

ROOT = Path(__file__).resolve().parents[2]


def test_a_tampered_cache_cannot_make_an_invalid_file_pass(tmp_path):
    spells = tmp_path / "spells"
    spells.mkdir()
    source = ROOT / "spells" / "boule-de-feu.yaml"
    raw = source.read_bytes().replace(b'slug: "boule-de-feu"', b'slug: "../../x"', 1)
    assert raw != source.read_bytes()
    (spells / "boule-de-feu.yaml").write_bytes(raw)
    # What the former cache of valid files held, claiming the tampered file valid.
    cache = tmp_path / "build" / "cache"
    cache.mkdir(parents=True)
    digest = hashlib.sha256(b"boule-de-feu.yaml\0" + raw).hexdigest()
    (cache / "valid-files.json").write_text(
        json.dumps({"key": "x", "files": {digest: [{"slug": "../../x"}, []]}}), encoding="utf-8"
    )
    loaded, problems = load_dir(spells)
    assert [p for p in problems if p.field == "slug"], problems
    shutil.rmtree(cache)
    assert load_dir(spells)[1] == problems  # the same problems, cache or not
