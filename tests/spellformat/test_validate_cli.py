"""The command line: ``python -m generator check [DIR]``."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from generator import cli
from generator.cli import main

FIXTURES = Path(__file__).resolve().parent / "fixtures"
REPO = Path(__file__).resolve().parents[2]


def test_no_command_is_a_usage_error_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "utilisation : python -m generator [-h] COMMANDE ...\n"
        "python -m generator : erreur : argument obligatoire absent : COMMANDE\n"
    )


def test_unknown_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["construire"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "python -m generator : erreur : argument COMMANDE : attendu l'une des valeurs check, generate, build, serve, reçu « construire »"
    )


def test_extra_argument(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "spells", "encore"]) == 2
    assert (
        capsys.readouterr().err.splitlines()[-1]
        == "python -m generator : erreur : arguments non reconnus : encore"
    )


def test_help_is_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("utilisation : python -m generator [-h] COMMANDE ...\n")
    assert "afficher cette aide et quitter" in out
    assert "check     valider les fichiers de sort" in out
    assert main(["check", "-h"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("utilisation : python -m generator check [-h] [DOSSIER]\n")
    assert "dossier des fichiers de sort (défaut : spells/)" in out


def test_unexpected_exception_gives_a_short_message_and_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def boom(path: object) -> None:
        raise RuntimeError("panne de disque")

    monkeypatch.setattr("generator.spellformat.validate.load_dir", boom)
    monkeypatch.delenv("GRIMOIRE_TRACEBACK", raising=False)
    assert main(["check", str(FIXTURES / "valid")]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "python -m generator : erreur inattendue (RuntimeError : panne de disque). "
        "Relancer avec GRIMOIRE_TRACEBACK=1 pour la trace complète.\n"
    )


def test_a_new_subcommand_is_one_function_and_one_registration(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def _add_publish(commands: argparse._SubParsersAction) -> None:
        parser = commands.add_parser("publish", help="publier le site")
        parser.add_argument("--out", default="site/")
        parser.set_defaults(run=lambda args: print(f"construit dans {args.out}") or 0)

    monkeypatch.setattr(cli, "COMMANDS", (*cli.COMMANDS, _add_publish))
    assert main(["publish", "--out", "public/"]) == 0
    assert capsys.readouterr().out == "construit dans public/\n"
    assert main(["check", str(FIXTURES / "valid")]) == 0


def test_python_dash_m_generator_exit_status() -> None:
    ok = subprocess.run(
        [sys.executable, "-m", "generator", "check", str(FIXTURES / "valid")],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert (ok.returncode, ok.stdout, ok.stderr) == (
        0,
        f"1 sort valide dans {FIXTURES / 'valid'}\n",
        "",
    )
    bad = subprocess.run(
        [sys.executable, "-m", "generator", "check", str(FIXTURES / "alias-bomb")],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert bad.returncode == 1
    assert bad.stdout.endswith(
        "-: attendu au plus 2000 valeurs une fois les alias développés, reçu davantage "
        "(alias imbriqués en cascade)\n"
    )
    assert "Traceback" not in bad.stderr
