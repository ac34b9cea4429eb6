"""``site/`` is always a whole site: a build killed at any step (SIGKILL, as a power cut) leaves the
previous complete site or the new one, never a mix, and the next build removes what it left; a
folder that cannot be written is named in French and nothing is left beside the previous site."""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from generator.build import BuildError, build_site
from generator.site_folder import MARKER, MARKER_TEXT
from tests.conftest import ROOT, copy_project

#: Steps of a build where it may be killed (generator/build.py, fault_point), in order.
STEPS = ["generated", "pages", "built", "swapped", "removing"]
#: MkDocs stamps these with the build's date.
STAMPED = {"sitemap.xml", "sitemap.xml.gz"}


def snapshot(site: Path) -> dict[str, str]:
    """Every file of a built site and the digest of its bytes."""
    return {
        path.relative_to(site).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(site.rglob("*"))
        if path.is_file() and path.name not in STAMPED
    }


def leftovers(project: Path) -> list[str]:
    return sorted(p.name for p in project.iterdir() if p.name.startswith(".site."))


def version(project: Path, text: str) -> None:
    spell = (ROOT / "spells" / "vol.yaml").read_text(encoding="utf-8")
    (project / "spells" / "vol.yaml").write_text(
        spell.replace("Ce sort permet", f"{text} Ce sort permet", 1), encoding="utf-8"
    )


def killed_build(project: Path, step: str) -> int:
    env = {**os.environ, "GRIMOIRE_BUILD_KILL_AT": step, "SITE_URL": ""}
    code = "from pathlib import Path; from generator.build import build_site; build_site(Path('.'))"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=project, env=env, capture_output=True, timeout=600
    ).returncode


@pytest.fixture(scope="module")
def project(tmp_path_factory, build_cache) -> Path:
    return copy_project(tmp_path_factory.mktemp("atomic"), build_cache)


def test_a_build_killed_at_any_step_leaves_a_whole_site(project, monkeypatch):
    monkeypatch.delenv("SITE_URL", raising=False)
    version(project, "Version B.")
    sites = {"B": snapshot(build_site(project, project / "autre"))}
    shutil.rmtree(project / "autre")
    version(project, "Version A.")
    sites["A"] = snapshot(build_site(project))
    assert sites["A"] != sites["B"] and "sw.js" in sites["A"] and "index.html" in sites["A"]
    # Every site carries the marker by which the next build knows it may replace it.
    assert (project / "site" / MARKER).read_text(encoding="utf-8") == MARKER_TEXT
    current = "A"
    for step in STEPS:
        target = "B" if current == "A" else "A"
        version(project, f"Version {target}.")
        assert killed_build(project, step) == -signal.SIGKILL, step
        after = snapshot(project / "site")
        expected = target if STEPS.index(step) >= STEPS.index("swapped") else current
        assert after == sites[expected], (
            f"tué à l'étape « {step} » : site/ n'est ni l'ancien ni le nouveau"
        )
        current = expected
    # The build killed while removing the previous site left part of it beside site/: the next
    # build removes it.
    assert leftovers(project)
    version(project, f"Version {current}.")
    assert snapshot(build_site(project)) == sites[current]
    assert leftovers(project) == []


@pytest.mark.parametrize(
    ("code", "reason"), [(errno.ENOSPC, "disque plein"), (errno.EROFS, "disque en lecture seule")]
)
def test_a_full_or_read_only_disk_names_the_folder_and_leaves_nothing(
    project, monkeypatch, code, reason
):
    from mkdocs import utils

    monkeypatch.delenv("SITE_URL", raising=False)
    version(project, "Version A.")
    site = build_site(project)
    before = snapshot(site)
    written = utils.write_file
    calls = {"n": 0}

    def failing(output, path):
        calls["n"] += 1
        if calls["n"] > 3:
            raise OSError(code, os.strerror(code), path)
        written(output, path)

    monkeypatch.setattr(utils, "write_file", failing)
    version(project, "Version B.")
    with pytest.raises(BuildError) as raised:
        build_site(project)
    assert str(raised.value) == (
        f"{project}: -: attendu un dossier où écrire le site, reçu une erreur ({reason}) : le site précédent "
        "(site/) est gardé tel quel et rien n'est laissé à côté"
    )
    assert snapshot(site) == before
    assert leftovers(project) == []
