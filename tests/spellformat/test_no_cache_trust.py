"""The build cache is not a trust boundary: a spell file edited after a generation is checked
again, whatever ``build/cache`` holds. The one record a build reads before skipping the check is
the generation's stamp (``generation.json``, :mod:`generator.cache`), and it never covers a spell
file it did not read (a tampered file once skipped validation with a slug such as ``../../x``)."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator import cache
from generator.spellformat.validate import load_dir

ROOT = Path(__file__).resolve().parents[2]


def test_a_generation_stamp_never_covers_an_edited_spell_file(tmp_path):
    root = tmp_path / "project"
    root.mkdir()
    for name in cache.SOURCE_FOLDERS:
        if name != "spells":
            (root / name).symlink_to(ROOT / name)
    shutil.copytree(ROOT / "spells", root / "spells")
    out = tmp_path / "build" / "docs"
    out.mkdir(parents=True)
    (out / "index.md").write_text("généré", encoding="utf-8")
    key = cache.generation_digest(root, out, "")
    cache.record_generation(out, key, 110)
    assert cache.unchanged_generation(out, key) == 110  # the same sources: skipped

    spell = root / "spells" / "boule-de-feu.yaml"
    raw = spell.read_bytes()
    tampered = raw.replace(b'slug: "boule-de-feu"', b'slug: "../../x"', 1)
    assert tampered != raw
    spell.write_bytes(tampered)
    edited = cache.generation_digest(root, out, "")
    assert edited != key
    assert cache.unchanged_generation(out, edited) is None  # so the files are loaded again
    problems = load_dir(root / "spells")[1]
    assert [p for p in problems if p.field == "slug" and "boule-de-feu.yaml" in str(p.path)]
