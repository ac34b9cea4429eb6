"""A build replaces only a site it made: the site folder is refused, before anything runs, when it
is, holds or lies inside the project's sources (directly or through a link), when it is a file, a
link to nothing or a folder that is not a site of this project; leftovers of killed builds are
recognised by the marker too, and nothing else beside the site is removed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator import cli
from generator.site_folder import (
    MARKER,
    MARKER_TEXT,
    SOURCES,
    SiteFolderError,
    check_site_dir,
    remove_leftovers,
    start_staging,
)
from tests.conftest import copy_project

REFUSED_SOURCE = "attendu un dossier de site hors des sources du projet"


@pytest.fixture
def project(tmp_path) -> Path:
    """A project's folders, each with a file, and a site of this project's already built."""
    root = tmp_path / "projet"
    for name in SOURCES:
        (root / name).mkdir(parents=True)
        (root / name / "fichier.txt").write_text("à garder", encoding="utf-8")
    site = root / "site"
    site.mkdir()
    (site / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
    (site / "index.html").write_text("<p>ancien site</p>", encoding="utf-8")
    return root


def files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


@pytest.mark.parametrize("name", ["spells", "content", "rules", "generator", ".git", "build"])
def test_a_source_folder_is_refused(project, name):
    with pytest.raises(SiteFolderError) as raised:
        check_site_dir(project, project / name, name)
    assert str(raised.value) == (
        f"{name}: -: {REFUSED_SOURCE}, reçu {name}/ (sources du projet) : rien n'est construit ni "
        "effacé, choisissez un autre dossier (par défaut site)"
    )


def test_a_folder_inside_a_source_is_refused(project):
    with pytest.raises(SiteFolderError, match="reçu un dossier dans spells/ "):
        check_site_dir(project, project / "spells" / "site", "spells/site")


@pytest.mark.parametrize("shown", [".", ".."])
def test_the_project_or_a_folder_holding_it_is_refused(project, shown):
    folder = project if shown == "." else project.parent
    with pytest.raises(SiteFolderError) as raised:
        check_site_dir(project, folder, shown)
    assert str(raised.value).startswith(f"{shown}: -: {REFUSED_SOURCE}, reçu ")
    assert "le projet" in str(raised.value)


def test_a_link_to_the_project_or_a_source_is_refused(project):
    (project / "site").rename(project / "ancien")
    for target in (".", "spells", "widgets/"):
        link = project / "site"
        link.unlink(missing_ok=True)
        link.symlink_to(target)
        with pytest.raises(SiteFolderError, match=REFUSED_SOURCE):
            check_site_dir(project, link, "site")


def test_the_build_folder_given_elsewhere_is_a_source(project, tmp_path):
    elsewhere = tmp_path / "construction"
    elsewhere.mkdir()
    with pytest.raises(SiteFolderError, match=REFUSED_SOURCE):
        check_site_dir(project, elsewhere / "docs", "docs", extra=(elsewhere,))


def test_a_file_a_dangling_link_and_a_folder_of_other_files_are_refused(project, tmp_path):
    (project / "fichier").write_text("site", encoding="utf-8")
    with pytest.raises(SiteFolderError) as raised:
        check_site_dir(project, project / "fichier", "fichier")
    assert "attendu un dossier, reçu un fichier : rien n'y est touché" in str(raised.value)

    (project / "lien").symlink_to(tmp_path / "absent")
    with pytest.raises(SiteFolderError) as raised:
        check_site_dir(project, project / "lien", "lien")
    assert f"reçu un lien vers {tmp_path / 'absent'}, qui n'existe pas" in str(raised.value)
    assert not (tmp_path / "absent").exists()

    other = tmp_path / "deploiement"
    other.mkdir()
    (other / "NOT-A-SITE.txt").write_text("à garder", encoding="utf-8")
    (other / MARKER).write_text("un autre texte", encoding="utf-8")
    (project / "vers-ailleurs").symlink_to(other)
    with pytest.raises(SiteFolderError) as raised:
        check_site_dir(project, project / "vers-ailleurs", "vers-ailleurs")
    assert str(raised.value) == (
        f"vers-ailleurs: -: attendu un dossier vide ou un site construit par Grimoire (fichier "
        f"{MARKER}), reçu un dossier qui contient d'autres fichiers : rien n'y est touché ; "
        "videz-le ou choisissez un autre dossier (--site-dir)"
    )


def test_a_site_of_this_project_an_empty_folder_or_a_new_one_may_be_built(project, tmp_path):
    assert check_site_dir(project, project / "site", "site") == (project / "site").resolve()
    (tmp_path / "vide").mkdir()
    assert check_site_dir(project, tmp_path / "vide", "vide") == (tmp_path / "vide").resolve()
    assert check_site_dir(project, project / "neuf", "neuf") == (project / "neuf").resolve()
    # A link to a site of this project's: the site it points to is the one replaced.
    (project / "site").rename(tmp_path / "publie")
    (project / "site").symlink_to(tmp_path / "publie")
    assert check_site_dir(project, project / "site", "site") == (tmp_path / "publie").resolve()


def test_only_leftovers_with_the_marker_and_no_running_process_are_removed(project):
    site = project / "site"
    made = {
        ".site.en-cours-0": True,
        ".site.ancien-0": True,
        ".site.en-cours-99999999999": True,  # an id no process can have
        f".site.ancien-{os.getpid()}": True,  # this process's earlier build, interrupted
        f".site.en-cours-{os.getppid()}": True,  # a running build's folder
        ".site.ancien-2023": False,  # a folder of the user's that looks like one
        ".deploy.ancien-2024": True,  # another site's
    }
    for name, marked in made.items():
        (project / name / "assets").mkdir(parents=True)
        (project / name / "assets" / "page.html").write_text("page", encoding="utf-8")
        if marked:
            (project / name / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
    (project / ".site.en-cours-7").symlink_to(project / "spells")  # a link is never a leftover
    remove_leftovers(site)
    left = sorted(p.name for p in project.iterdir() if p.name.startswith("."))
    assert left == sorted(
        [".git", ".venv", ".ci", ".site.en-cours-7", f".site.en-cours-{os.getppid()}"]
        + [".site.ancien-2023", ".deploy.ancien-2024"]
    )
    assert files(project / "spells") == ["fichier.txt"]
    assert (project / "site" / "index.html").is_file()


def test_the_folder_under_construction_carries_the_marker(project):
    staging = start_staging(project / "neuf")
    assert staging.name == f".neuf.en-cours-{os.getpid()}"
    assert (staging / MARKER).read_text(encoding="utf-8") == MARKER_TEXT


def test_the_command_refuses_a_source_before_anything_runs(tmp_path, monkeypatch, capsys):
    """`python -m generator build --site-dir spells` (or `.`, or a link `site` to `.`) says why in
    French, exits 1 and leaves every file of the project where it was."""
    root = tmp_path / "projet"
    root.mkdir()
    copy_project(root)
    (root / "spells" / "vol.yaml").write_text("name: Vol\n", encoding="utf-8")
    (root / ".git").mkdir()
    (root / "non-suivi.txt").write_text("à garder", encoding="utf-8")
    before = files(root)
    monkeypatch.chdir(root)
    monkeypatch.delenv("SITE_URL", raising=False)
    for site_dir in ("spells", ".", "rules/site"):
        assert cli.main(["build", "--site-dir", site_dir]) == cli.EXIT_PROBLEMS
        out = capsys.readouterr().out
        assert out.startswith(f"Site non construit :\n{site_dir}: -: {REFUSED_SOURCE}, reçu ")
        assert "Traceback" not in out
    (root / "site").symlink_to(".")
    assert cli.main(["build"]) == cli.EXIT_PROBLEMS
    assert "site: -: attendu un dossier de site hors des sources du projet, reçu le projet" in (
        capsys.readouterr().out
    )
    (root / "site").unlink()
    assert files(root) == before
    assert not [p for p in root.iterdir() if p.name.startswith(".site.")]
