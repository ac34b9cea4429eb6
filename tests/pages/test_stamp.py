"""A generation is skipped only when nothing it reads has changed and its output is intact."""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import generator.pages.site as site
from generator.pages import stamp
from generator.pages.site import GenerationError
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
    real = site._generate
    monkeypatch.setattr(site, "_generate",
                        lambda *args: project.generations.append(args) or real(*args))
    generate(project)
    assert len(project.generations) == 1
    return project


def generate(project, **options):
    return site.generate(project.root, project / "build" / "docs", **options)


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
    assert "sorts/vol/index.md" in report.written
    page = (project / "build" / "docs" / "sorts" / "vol" / "index.md").read_text(encoding="utf-8")
    assert "2 s / niveau" in page and "1 s / niveau" not in page


@pytest.mark.parametrize("source", ["content/index.md", "sources/000_520746474e142303.txt",
                                    "widgets/bridge.py", "rules/casting.py",
                                    "generator/pages/templates/spell.md.j2"])
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
    assert stamp.unchanged(project.root, docs, stamp.sources_digest(project.root, docs, "")) == 2
