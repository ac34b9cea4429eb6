"""libyaml's parser and the pure-Python one give the same spells, lines and messages."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.spellformat import spellfile
from generator.spellformat.spellfile import MAX_DEPTH, MAX_NODES, Loaded, LoadError, load_bytes

ROOT = Path(__file__).resolve().parents[2]
SPELLS = sorted((ROOT / "spells").glob("*.yaml"))
FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*/*.yaml"))

needs_libyaml = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML sans libyaml")


def pure(text: str) -> Loaded:
    return spellfile._Builder(text, spellfile._Composer).run()


def fast(text: str) -> Loaded:
    return spellfile._Builder(text, spellfile._FastComposer).run()


def test_there_are_files_to_compare() -> None:
    assert len(SPELLS) >= 110 and len(FIXTURES) >= 40


@needs_libyaml
@pytest.mark.parametrize("path", SPELLS + FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_both_parsers_give_the_same_data_lines_and_errors(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = path.read_bytes()
    loaded = load_bytes(raw)
    monkeypatch.setattr(spellfile, "_CParser", None)
    reference = load_bytes(raw)
    assert loaded == reference
    assert repr(loaded.data) == repr(reference.data)  # types too (1 against 1.0, True against 1)


@needs_libyaml
def test_valid_spells_are_read_by_libyaml(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(text: str) -> None:
        raise AssertionError("lecture en Python pur d'un fichier valide")

    monkeypatch.setattr(spellfile, "_Composer", refused)
    for path in SPELLS:
        assert spellfile.load_path(path).ok, path


@needs_libyaml
@pytest.mark.parametrize("text", ["a: []\t\n", "a\tb: 1\n", "a: [b]\nc: d\t\n"])
def test_tabs_libyaml_would_accept_are_refused_as_before(text: str) -> None:
    assert fast(text).ok  # libyaml alone would accept these files
    errors = load_bytes(text.encode()).errors
    assert errors == pure(text).errors
    assert (
        errors[0].message
        == "YAML invalide : attendu des espaces pour l'indentation, reçu une tabulation"
    )


@needs_libyaml
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "a: 1\na: 2\n",
            [
                LoadError(
                    2,
                    ("a",),
                    "attendu des clés toutes différentes, reçu la clé « a » une deuxième fois "
                    "(première à la ligne 1)",
                )
            ],
        ),
        ("a: !!python/name:os.system x\n", None),
        ("a: [1\nb: 2\n", None),
        ("a: 1\n---\nb: 2\n", None),
        ("a: *nothing\n", None),
        ('a: "\\q"\n', None),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n", None),
        ("a: [" + "x, " * MAX_NODES + "x]\n", None),
    ],
)
def test_errors_are_those_of_the_pure_parser(text: str, expected: list[LoadError] | None) -> None:
    assert not fast(text).ok
    errors = load_bytes(text.encode()).errors
    assert errors and errors == pure(text).errors
    if expected is not None:
        assert errors == expected


def test_without_libyaml_the_pure_parser_reads_every_spell(monkeypatch: pytest.MonkeyPatch) -> None:
    with_libyaml = [load_bytes(path.read_bytes()) for path in SPELLS]
    monkeypatch.setattr(spellfile, "_CParser", None)
    monkeypatch.setattr(spellfile, "_FastComposer", None)
    assert [load_bytes(path.read_bytes()) for path in SPELLS] == with_libyaml
    assert all(loaded.ok for loaded in with_libyaml)


@pytest.mark.parametrize("name", ["alias-bomb", "deep-nesting"])
def test_hostile_fixtures_are_refused_with_their_line(name: str) -> None:
    raw = (Path(__file__).parent / "fixtures" / name / "boule-de-feu.yaml").read_bytes()
    errors = load_bytes(raw).errors
    assert len(errors) == 1 and errors[0].line is not None and errors[0].line > 1
    assert errors[0].message.startswith("attendu au plus ")
