"""Where ``make serve`` listens: HOST and PORT from make's command line, or GRIMOIRE_HOST and
GRIMOIRE_PORT, never a HOST or PORT inherited from the environment; a bad address or port is
refused in French by ``python -m generator serve`` before anything is built. No server starts."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest

from generator import cli
from generator.build import check_serve_address
from tests.conftest import ROOT

#: Stands in for the virtualenv's Python: prints the arguments ``make serve`` gives it.
FAKE_PYTHON = '#!/bin/sh\nprintf "%s\\n" "$@"\n'


def make_serve(tmp_path, *assignments: str, python: str | None = None, **environ: str):
    """``make serve`` run with the project's Makefile in ``tmp_path``, setup taken as done."""
    if python is None:
        python = str(tmp_path / "python")
        (tmp_path / "python").write_text(FAKE_PYTHON, encoding="utf-8")
        (tmp_path / "python").chmod(0o755)
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("HOST", "PORT", "GRIMOIRE_HOST", "GRIMOIRE_PORT", "MAKEFLAGS")
    }
    env.update(environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        ["make", "-s", "-f", str(ROOT / "Makefile"), "-o", ".venv/.installed"]
        + ["-o", "node_modules/.installed", "serve", f"PY={python}", *assignments],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def listens_on(result) -> list[str]:
    assert result.returncode == 0, result.stderr
    return [line for line in result.stdout.split("\n") if line.startswith("--")]


def test_make_serve_never_takes_an_inherited_host_or_port(tmp_path):
    inherited = {"HOST": "0.0.0.0", "PORT": "1"}
    assert listens_on(make_serve(tmp_path, **inherited)) == ["--host=127.0.0.1", "--port=8000"]
    assert listens_on(make_serve(tmp_path, "HOST=::1", "PORT=8123", **inherited)) == [
        "--host=::1",
        "--port=8123",
    ]
    named = {"GRIMOIRE_HOST": "localhost", "GRIMOIRE_PORT": "9000"}
    assert listens_on(make_serve(tmp_path, **inherited, **named)) == [
        "--host=localhost",
        "--port=9000",
    ]
    # An empty HOST on the command line is given as it is, for the server to refuse it.
    assert listens_on(make_serve(tmp_path, "HOST=")) == ["--host=", "--port=8000"]
    # Values reach the server as written: make does not expand them, the shell does not run them.
    written = make_serve(tmp_path, "HOST=$(shell touch made)", "PORT=`touch ran`")
    assert listens_on(written) == ["--host=$(shell touch made)", "--port=`touch ran`"]
    named = {"GRIMOIRE_HOST": "$(shell touch named)", "GRIMOIRE_PORT": "$$PATH"}
    assert listens_on(make_serve(tmp_path, **named)) == [
        "--host=$(shell touch named)",
        "--port=$$PATH",
    ]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["python"]


def test_make_serve_with_a_bad_host_says_it_in_french_before_building(tmp_path):
    result = make_serve(tmp_path, "HOST=myhost.example", python=sys.executable)
    assert result.returncode != 0
    assert (
        "HOST: -: attendu l'adresse où servir le site, une adresse IP (127.0.0.1, ::1…) ou "
        "localhost, reçu « myhost.example »"
    ) in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    assert not (tmp_path / "build").exists()


@pytest.fixture
def no_build(tmp_path, monkeypatch):
    """The serve command in an empty folder, MkDocs' server replaced by a recorder."""
    calls: list[dict] = []
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SITE_URL", raising=False)
    monkeypatch.setattr("mkdocs.commands.serve.serve", lambda *args, **kwargs: calls.append(kwargs))
    return calls


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--host=myhost.example"], "HOST: -: attendu l'adresse où servir le site"),
        (["--host="], "ou localhost, reçu une valeur vide"),
        (["--host=127.0.0.1:80"], "reçu « 127.0.0.1:80 »"),
        (["--host=a\x1b[31m\udcff"], "reçu « a<U+001B>[31m<U+DCFF> »"),
        (["--port=abc"], "PORT: -: attendu un port, entier de 1 à 65535, reçu « abc »"),
        (["--port=99999"], "reçu « 99999 »"),
        (["--port=0"], "reçu « 0 »"),
        (["--port="], "entier de 1 à 65535, reçu une valeur vide"),
        (["--port=+80"], "reçu « +80 »"),
        (["--port= 80"], "reçu «  80 »"),
        (["--port=٨٠"], "reçu « <U+0668><U+0660> »"),
        (["--host=fe80::1%eth0"], "reçu « fe80::1%eth0 »"),
    ],
)
def test_a_bad_address_or_port_is_refused_in_french_before_anything_is_built(
    no_build, tmp_path, capsys, arguments, message
):
    assert cli.main(["serve", *arguments]) == cli.EXIT_PROBLEMS
    out, err = capsys.readouterr()
    assert out.startswith("Site non servi :\n") and message in out
    assert "invalid" not in out + err and "Traceback" not in out + err
    assert no_build == [] and list(tmp_path.iterdir()) == []


def test_an_address_or_port_the_server_could_not_listen_on_is_refused_before_building(
    no_build, tmp_path, capsys
):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        assert cli.main(["serve", "--port", port]) == cli.EXIT_PROBLEMS
    assert (
        f"PORT: -: attendu un port libre, reçu « {port} » (déjà pris par un autre programme) : "
        "rien n'est construit"
    ) in capsys.readouterr().out
    # 192.0.2.1 is for documentation (RFC 5737): never an address of this machine.
    assert cli.main(["serve", "--host", "192.0.2.1"]) == cli.EXIT_PROBLEMS
    assert (
        "HOST: -: attendu une adresse de cette machine, reçu « 192.0.2.1 » (l'adresse d'une autre "
        "machine)"
    ) in capsys.readouterr().out
    assert no_build == [] and list(tmp_path.iterdir()) == []


def test_the_address_and_port_are_read_as_text():
    assert check_serve_address("127.0.0.1", "8000") == ("127.0.0.1", 8000)
    assert check_serve_address("[::1]", "65535") == ("::1", 65535)
    assert check_serve_address("::1", "1") == ("::1", 1)
    assert check_serve_address("LocalHost", "08000") == ("localhost", 8000)
    assert check_serve_address("0.0.0.0", "80") == ("0.0.0.0", 80)


def test_serve_listens_on_127_0_0_1_port_8000_by_default(no_build, monkeypatch):
    monkeypatch.setattr("generator.build._check_listening", lambda *args: None)  # 8000 may be taken
    assert cli.main(["serve"]) == cli.EXIT_OK
    assert [call["dev_addr"] for call in no_build] == ["127.0.0.1:8000"]
    assert cli.main(["serve", "--host", "[::1]", "--port", "8123"]) == cli.EXIT_OK
    assert no_build[-1]["dev_addr"] == "::1:8123"
