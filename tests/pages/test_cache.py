"""The build's cache (generator/cache.py): a generation is skipped only when nothing it reads has
changed and its output is intact; kept files are read back only under the digest of their sources."""

from __future__ import annotations

import random
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import generator.pages.pipeline as pipeline
from generator import cache
from generator.pages.compendium import GenerationError
from tests.conftest import ROOT, copy_project


@dataclass
class Project:
    root: Path
    generations: list = field(default_factory=list)  # the generations really run

    def __truediv__(self, name):
        return self.root / name


@pytest.fixture()
def project(tmp_path, monkeypatch):
    """A two-spell project, generated once."""
    project = Project(copy_project(tmp_path))
    for name in ("vol.yaml", "eclair.yaml"):
        shutil.copy2(ROOT / "spells" / name, project / "spells" / name)
    real = pipeline._generate
    monkeypatch.setattr(
        pipeline, "_generate", lambda *args: project.generations.append(args) or real(*args)
    )
    generate(project)
    assert len(project.generations) == 1
    return project


def generate(project, **options):
    return pipeline.generate(project.root, project / "build" / "docs", **options)


def test_unchanged_sources_are_not_generated_again(project):
    docs = project / "build" / "docs"
    before = {p: p.read_bytes() for p in docs.rglob("*") if p.is_file()}
    report = generate(project)
    assert len(project.generations) == 1
    assert report.spells == 2 and report.written == [] and report.removed == []
    assert {p: p.read_bytes() for p in docs.rglob("*") if p.is_file()} == before


def test_a_spell_rewritten_with_the_same_size_is_generated_again(project):
    path = project / "spells" / "vol.yaml"
    text = path.read_text(encoding="utf-8")
    changed = text.replace('raw: "1 s / niveau"', 'raw: "2 s / niveau"')
    assert changed != text and len(changed) == len(text)
    path.write_text(changed, encoding="utf-8")
    report = generate(project)
    assert len(project.generations) == 2
    assert "sorts/vol/index.corps.html" in report.written  # the page's body
    page = (project / "build" / "docs" / "sorts" / "vol" / "index.corps.html").read_text(
        encoding="utf-8"
    )
    assert "2 s / niveau" in page and "1 s / niveau" not in page


@pytest.mark.parametrize(
    "source",
    [
        "content/index.md",
        "sources/000_520746474e142303.txt",
        "widgets/bridge/duel.py",
        "rules/casting.py",
        "generator/pages/templates/spell.md.j2",
    ],
)
def test_any_source_changed_generates_again(project, source):
    path = project / source
    path.write_bytes(path.read_bytes() + b"\n")
    generate(project)
    assert len(project.generations) == 2
    generate(project)
    assert len(project.generations) == 2


def test_a_new_spell_or_a_new_address_generates_again(project):
    shutil.copy2(ROOT / "spells" / "boule-de-feu.yaml", project / "spells" / "boule-de-feu.yaml")
    assert generate(project).spells == 3
    assert len(project.generations) == 2
    generate(project, site_url="https://grimoire.example/")
    assert len(project.generations) == 3


@pytest.mark.parametrize("damage", ["edited", "removed", "added"])
def test_a_damaged_output_is_generated_again(project, damage):
    docs = project / "build" / "docs"
    page = docs / "sorts" / "vol" / "index.md"
    original = page.read_bytes()
    if damage == "edited":
        page.write_bytes(original.replace(b"Vol", b"Vel"))
    elif damage == "removed":
        page.unlink()
    else:
        (docs / "sorts" / "intrus.md").write_text("# Intrus\n", encoding="utf-8")
    generate(project)
    assert len(project.generations) == 2
    assert page.read_bytes() == original
    assert not (docs / "sorts" / "intrus.md").exists()


def test_a_failed_generation_leaves_nothing_to_skip_on(project):
    path = project / "spells" / "vol.yaml"
    valid = path.read_bytes()
    path.write_bytes(valid.replace(b"element: ", b"element: air #", 1))
    with pytest.raises(GenerationError):
        generate(project)
    assert not (project / "build" / "cache" / "generation.json").exists()
    path.write_bytes(valid)  # the sources of the last good generation, but it did not finish since
    generate(project)
    assert len(project.generations) == 3


def test_an_unreadable_stamp_means_generate_again(project):
    (project / "build" / "cache" / "generation.json").write_text("{oops", encoding="utf-8")
    generate(project)
    assert len(project.generations) == 2
    docs = project / "build" / "docs"
    assert cache.unchanged_generation(docs, cache.generation_digest(project.root, docs, "")) == 2


def test_kept_files_are_read_back_until_a_source_changes(tmp_path, monkeypatch):
    """What a build kept is reused by a later process with the same sources; a changed source or
    a damaged file is computed again, never trusted."""
    docs = tmp_path / "build" / "docs"
    source = tmp_path / "moteur.py"
    source.write_text("A = 1\n", encoding="utf-8")
    computed = []

    def compute():
        computed.append(source.read_text(encoding="utf-8"))
        return {"fields": f'{{"n": {len(computed)}}}'.encode(), "cast": b"\x00\xff"}

    first = cache.remember(docs, "instant", {"moteur.py": source}, compute)
    assert (tmp_path / "build" / "cache" / "instant" / "fields").is_file()
    monkeypatch.setattr(cache, "_KEPT", {})  # a new process
    again = cache.remember(docs, "instant", {"moteur.py": source}, compute)
    assert again == first and list(again) == ["fields", "cast"]  # bytes and order kept
    assert len(computed) == 1
    source.write_text("A = 2\n", encoding="utf-8")
    assert cache.remember(docs, "instant", {"moteur.py": source}, compute) != first
    assert len(computed) == 2
    (tmp_path / "build" / "cache" / "instant" / "index.json").write_text("{", encoding="utf-8")
    monkeypatch.setattr(cache, "_KEPT", {})
    cache.remember(docs, "instant", {"moteur.py": source}, compute)
    assert len(computed) == 3


def test_a_second_build_in_the_same_process_keeps_the_layer_in_its_own_cache(tmp_path, monkeypatch):
    """A layer this process already holds is not computed again for another build folder, but
    that folder keeps it too: a later process building there reads it back."""
    source = tmp_path / "moteur.py"
    source.write_text("A = 1\n", encoding="utf-8")
    computed = []

    def compute():
        computed.append(1)
        return {"fields": b"{}"}

    monkeypatch.setattr(cache, "_KEPT", {})
    first = cache.remember(tmp_path / "a" / "docs", "instant", {"moteur.py": source}, compute)
    second = cache.remember(tmp_path / "b" / "docs", "instant", {"moteur.py": source}, compute)
    assert second == first and len(computed) == 1
    assert (tmp_path / "b" / "cache" / "instant" / "fields").read_bytes() == b"{}"
    monkeypatch.setattr(cache, "_KEPT", {})  # a new process, building in b
    cache.remember(tmp_path / "b" / "docs", "instant", {"moteur.py": source}, compute)
    assert len(computed) == 1


@pytest.mark.parametrize("damage", ["edited", "shortened", "lengthened"])
def test_a_kept_file_whose_bytes_changed_is_computed_again(tmp_path, monkeypatch, damage):
    """A kept file is read back only with the bytes whose SHA-256 was recorded when its layer was
    written: under the same key, an edited file is computed again and written anew."""
    monkeypatch.setattr(cache, "_KEPT", {})
    docs = tmp_path / "build" / "docs"
    source = tmp_path / "moteur.py"
    source.write_text("A = 1\n", encoding="utf-8")
    computed = []

    def compute():
        computed.append(1)
        return {"fields": b'{"chance": "1/6"}', "cast": b"\x00\xff"}

    cache.remember(docs, "instant", {"moteur.py": source}, compute)
    kept = tmp_path / "build" / "cache" / "instant" / "fields"
    kept.write_bytes(
        {
            "edited": b'{"chance": "6/6"}',
            "shortened": b'{"chance": "1/6"',
            "lengthened": b'{"chance": "1/6"} ',
        }[damage]
    )
    monkeypatch.setattr(cache, "_KEPT", {})  # a new process
    again = cache.remember(docs, "instant", {"moteur.py": source}, compute)
    assert again == {"fields": b'{"chance": "1/6"}', "cast": b"\x00\xff"}
    assert len(computed) == 2
    assert kept.read_bytes() == b'{"chance": "1/6"}'  # written anew
    monkeypatch.setattr(cache, "_KEPT", {})
    assert cache.remember(docs, "instant", {"moteur.py": source}, compute) == again
    assert len(computed) == 2  # and trusted again


def test_edited_answers_and_a_damaged_table_of_casts_are_never_published(project, monkeypatch):
    """Cached calculators' answers edited by hand and 5,000 random bytes written over the cached
    table of expected casts: the next generation computes both again, rewrites the cache and
    publishes exactly what a build without any cache would."""
    docs, kept = project / "build" / "docs", project / "build" / "cache"

    def published():
        return {
            path.relative_to(docs).as_posix(): path.read_bytes()
            for pattern in ("assets/shared/instant-*.json", "assets/grimoire/grimoire-casts*")
            for path in docs.glob(pattern)
        }

    def generate_in_a_new_process():
        monkeypatch.setattr(cache, "_KEPT", {})
        cache.forget_generation(docs)
        generate(project)

    generate_in_a_new_process()  # (another test of this process may have kept the layers)
    expected = published()
    answers, casts = kept / "instant" / "cast", kept / "grimoire-casts" / "casts"
    originals = answers.read_bytes(), casts.read_bytes()
    edited = re.sub(rb"\d", b"9", originals[0], count=40)
    assert edited != originals[0] and len(edited) == len(originals[0])
    answers.write_bytes(edited)
    damaged = bytearray(originals[1])
    damaged[1000:6000] = random.Random(18).randbytes(5000)
    casts.write_bytes(bytes(damaged))
    generate_in_a_new_process()
    assert published() == expected
    assert (answers.read_bytes(), casts.read_bytes()) == originals


def test_one_module_owns_the_cache_folder():
    """Only generator/cache.py names the cache folder or hashes sources to key a cache."""
    owners = set()
    for path in [*(ROOT / "generator").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        if '"cache"' in text or "bytecode_cache" in text:
            owners.add(path.relative_to(ROOT).as_posix())
    assert owners == {"generator/cache.py"}


def test_the_readme_and_the_build_benchmark_name_every_layer_a_build_keeps(built_docs):
    """Each layer of ``build/cache`` is measured by bench/bench_build.py and has its line, with
    its measured gain, in the README's table; a build keeps nothing else."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import bench_build
    finally:
        sys.path.remove(str(ROOT / "bench"))
    kept = {path.name.removesuffix("/") for path in (built_docs.parent / "cache").iterdir()}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Ce que garde le cache de la construction", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([^`]+?)/?` \| [^|]+ \| (\d+,\d+) s \|$", section, re.M)
    # (A layer this process already holds in memory is not written again: a subset.)
    assert kept <= set(bench_build.LAYERS) == {name for name, _ in rows}
    assert all(float(gain.replace(",", ".")) >= 0.5 for _, gain in rows)


def test_a_copy_of_the_project_reads_the_engine_layers_of_the_session_s_build(
    tmp_path, monkeypatch, build_cache
):
    # What the tests' copies of the project start from (tests/conftest.py, the layers the
    # pipeline names): neither is computed again, in this process or another.
    from generator.build import build_site

    def computed(*_):
        raise AssertionError("calculé de nouveau")

    project = copy_project(tmp_path, build_cache)
    shutil.copy2(ROOT / "spells" / "vol.yaml", project / "spells" / "vol.yaml")
    monkeypatch.setattr(cache, "_KEPT", {})
    monkeypatch.setattr(pipeline.instant, "payloads", computed)
    monkeypatch.setattr(pipeline, "casts_file", computed)
    site = build_site(project)
    assert (site / "sorts" / "vol" / "index.html").is_file()
    assert {p.name for p in (project / "build" / "cache").iterdir()} >= set(pipeline.ENGINE_LAYERS)
