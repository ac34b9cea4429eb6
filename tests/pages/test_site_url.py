"""The publishing address (``SITE_URL``) is checked as an http(s) address before anything runs,
reaches the build from the Makefile through the environment (never a shell command line), and is
escaped wherever a page prints it."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from generator.build import BuildError, build_site, check_site_url
from tests.conftest import ROOT, copy_project
from tests.pages.test_previews import head_of

REFUSED = [
    "x'; touch pwned; echo '",
    'https://a.example/"><meta http-equiv="refresh" content="0;url=https://evil.example/">',
    "javascript://alert(1)",
    "javascript:alert(1)",
    "ftp://exemple.fr/",
    "https://",
    "exemple.fr/grimoire/",
    "https://exemple.fr/grimoire/?page=1",
    "https://exemple.fr/#haut",
    "https://exemple.fr/gri moire/",
    "https://exemple.fr/\u202egrimoire/",
    "https://exémple.fr/",
    "https://[::1/",
]


@pytest.mark.parametrize("address", REFUSED)
def test_an_address_that_is_not_http_is_refused_in_french(address):
    with pytest.raises(BuildError) as raised:
        check_site_url(address)
    message = str(raised.value)
    assert message.startswith(
        "SITE_URL: -: attendu l'adresse de publication, de la forme "
        "https://exemple.fr/grimoire/ (http ou https, sans ? ni #), reçu « "
    )
    assert "\u202e" not in message


@pytest.mark.parametrize(
    "address",
    [
        "",
        "https://exemple.fr/grimoire/",
        "http://127.0.0.1:8000/",
        "https://exemple.fr/a&b'c/",
        "https://user@exemple.fr:8443/x/",
    ],
)
def test_a_plain_http_address_is_accepted(address):
    check_site_url(address)


def test_a_bad_address_stops_the_build_before_anything_is_written(tmp_path, monkeypatch):
    project = copy_project(tmp_path)
    shutil.copy2(ROOT / "spells" / "vol.yaml", project / "spells" / "vol.yaml")
    monkeypatch.setenv("SITE_URL", "javascript://alert(1)")
    result = subprocess.run(
        [sys.executable, "-m", "generator", "build"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 1
    assert result.stdout.startswith(
        "Site non construit :\nSITE_URL: -: attendu l'adresse de publication"
    )
    assert not (project / "site").exists() and not (project / "build").exists()


def test_make_passes_the_address_without_a_shell(tmp_path):
    marker = tmp_path / "pwned"
    result = subprocess.run(
        [
            "make",
            "-o",
            ".venv/.installed",
            "-o",
            "node_modules/.installed",
            "build",
            f"SITE_URL=x'; touch {marker}; echo '",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert not marker.exists()
    assert result.returncode != 0
    assert "SITE_URL: -: attendu l'adresse de publication" in result.stdout
    dry = subprocess.run(
        [
            "make",
            "-n",
            "-o",
            ".venv/.installed",
            "-o",
            "node_modules/.installed",
            "build",
            "SITE_URL=https://exemple.fr/$(shell echo x)/",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "exemple.fr" not in dry.stdout  # not on the command line: in the environment


def test_the_address_is_escaped_wherever_a_page_prints_it(tmp_path, monkeypatch, build_cache):
    address = "https://exemple.fr/a&b'c/"
    project = copy_project(tmp_path, build_cache)
    for slug in ("images-miroir",):
        shutil.copy2(ROOT / "spells" / f"{slug}.yaml", project / "spells" / f"{slug}.yaml")
    monkeypatch.setenv("SITE_URL", address)
    site = build_site(project)
    for relative, url in (
        ("index.html", address),
        ("sorts/images-miroir/index.html", address + "sorts/images-miroir/"),
        ("sorts/image-miroir/index.html", address + "sorts/images-miroir/"),
    ):
        head = head_of(site / relative)
        assert head.canonical == [url], relative
        assert head.meta["og:url"] == [url], relative
        html = (site / relative).read_text(encoding="utf-8")
        assert "a&b'c" not in html and "a&amp;b&#39;c" in html, relative
