"""The validator, end to end: one fixture per kind of error, exact output and exit status.

Each directory of ``fixtures/`` holds the minimal valid spell (``fixtures/valid``) with a
single change; the expected output pins the path, the line, the field and the French
message of every problem. ``{d}`` stands for the fixture directory as given on the
command line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, event, example, given, settings, strategies as st
from jsonschema import Draft202012Validator

from generator.cli import main
from generator.spellformat.spellfile import MAX_BYTES
from generator.spellformat.validate import Problem, check_dir, check_file, load_dir, load_schema

FIXTURES = Path(__file__).resolve().parent / "fixtures"
VALID = FIXTURES / "valid" / "boule-de-feu.yaml"
VALID_TEXT = VALID.read_text(encoding="utf-8")

CASES = {
    "alias-address-taken": [
        "{d}/boule-de-glace.yaml:5: aliases[0]: attendu un alias dont l'adresse sorts/boule-de-flammes/ mène à ce sort, reçu « Boule-de-Flammes », adresse déjà celle d'un alias de {d}/boule-de-feu.yaml:5",
    ],
    "alias-bomb": [
        "{d}/boule-de-feu.yaml:60: -: attendu au plus 2000 valeurs une fois les alias développés, reçu davantage (alias imbriqués en cascade)",
    ],
    "alias-markup": [
        "{d}/boule-de-feu.yaml:5: aliases[0]: attendu un nom fait de lettres, de chiffres, d'espaces et de la ponctuation ' ’ - – — / , . : ! ? ( ), reçu « Boule [clic](javascript:alert(document.domain)) » (caractère « [ » interdit)",
        "{d}/boule-de-feu.yaml:5: aliases[1]: attendu un nom fait de lettres, de chiffres, d'espaces et de la ponctuation ' ’ - – — / , . : ! ? ( ), reçu « <img src=x onerror=alert(1)> » (caractère « < » interdit)",
    ],
    "alias-no-slug": [
        "{d}/boule-de-feu.yaml:5: aliases[1]: attendu un nom avec au moins une lettre ou un chiffre (il donne l'adresse sorts/<slug>/), reçu « — »",
    ],
    "bidi-control": [
        "{d}/boule-de-feu.yaml:4: name: attendu un texte sans caractère de contrôle bidirectionnel (il inverserait l'affichage), reçu « Boule de feu<U+2066> » (caractère U+2066)",
        "{d}/boule-de-feu.yaml:39: description: attendu un texte sans caractère de contrôle bidirectionnel (il inverserait l'affichage), reçu « Une boule de feu eexplose au point <U+202E>visé.… » (caractère U+202E)",
    ],
    "control-character": [
        "{d}/boule-de-feu.yaml:35: element_note: attendu un texte sans caractère de contrôle, reçu « Sort de destruction<U+0007> par le feu. » (caractère U+0007)",
    ],
    "index-name-markup": [
        "{d}/boule-de-feu.yaml:13: index.name: attendu un nom fait de lettres, de chiffres, d'espaces et de la ponctuation ' ’ - – — / , . : ! ? ( ), reçu « Boule de flammes {#x onclick=alert(1)} » (caractère « { » interdit)",
    ],
    "multiline-field": [
        "{d}/boule-de-feu.yaml:28: duration.raw: attendu un texte d'une seule ligne, reçu « instantanée… »",
    ],
    "name-markup": [
        "{d}/boule-de-feu.yaml:4: name: attendu un nom fait de lettres, de chiffres, d'espaces et de la ponctuation ' ’ - – — / , . : ! ? ( ), reçu « Boule de feu {: onmouseover=alert(document.cookie) tabindex… » (caractère « { » interdit)",
    ],
    "alias-is-name": [
        "{d}/boule-de-feu.yaml:5: aliases[0]: attendu une graphie différente du nom, reçu « Boule de feu », identique à name",
    ],
    "alias-is-other-name": [
        "{d}/boule-de-glace.yaml:5: aliases[0]: attendu un alias distinct des noms et alias des autres sorts, reçu « Boule de feu », déjà le nom de {d}/boule-de-feu.yaml:4",
    ],
    "deep-nesting": [
        "{d}/boule-de-feu.yaml:35: -: attendu au plus 20 niveaux d'imbrication, reçu davantage",
    ],
    "difficulty-out-of-range": [
        "{d}/boule-de-feu.yaml:36: difficulty: attendu un entier de 1 à 5, reçu le nombre 6",
    ],
    "duplicate-alias": [
        "{d}/boule-de-glace.yaml:5: aliases[0]: attendu un alias distinct des noms et alias des autres sorts, reçu « Boule de flammes », déjà un alias de {d}/boule-de-feu.yaml:5",
    ],
    "duplicate-key": [
        "{d}/boule-de-feu.yaml:60: name: attendu des clés toutes différentes, reçu la clé « name » une deuxième fois (première à la ligne 4)",
    ],
    "duplicate-name": [
        "{d}/boule-de-glace.yaml:3: slug: attendu « boule-de-feu » (slug du nom « Boule de feu »), reçu « boule-de-glace »",
        "{d}/boule-de-glace.yaml:4: name: attendu un nom distinct des noms et alias des autres sorts, reçu « Boule de feu », déjà le nom de {d}/boule-de-feu.yaml:4",
    ],
    "duplicate-position": [
        "{d}/boule-de-glace.yaml:14: index.position: attendu une position propre à ce sort, reçu le nombre 1, déjà celle de {d}/boule-de-feu.yaml:14",
    ],
    "duplicate-slug": [
        "{d}/boule-de-glace.yaml:3: slug: attendu « boule-de-glace » (nom du fichier boule-de-glace.yaml), reçu « boule-de-feu »",
        "{d}/boule-de-glace.yaml:3: slug: attendu un slug propre à ce sort, reçu « boule-de-feu », déjà celui de {d}/boule-de-feu.yaml:3",
    ],
    "empty": [
        "{d}/boule-de-feu.yaml:1: -: attendu un objet YAML décrivant un sort, reçu un fichier vide",
    ],
    "errata-text": [
        "{d}/boule-de-feu.yaml:53: errata[0].text: attendu un fragment présent tel quel dans le sort (nom, champs ou description), reçu « eexplosse », introuvable",
    ],
    "invalid-yaml": [
        "{d}/boule-de-feu.yaml:4: -: YAML invalide : attendu une seule paire « clé: valeur » par ligne, reçu un deuxième « : » suivi d'une espace (mettre la valeur entre guillemets)",
    ],
    "level-not-number": [
        "{d}/boule-de-feu.yaml:9: levels.min: attendu un entier de 1 à 9, reçu « trois »",
    ],
    "level-out-of-range": [
        "{d}/boule-de-feu.yaml:10: levels.max: attendu un entier de 1 à 9, reçu le nombre 12",
    ],
    "level-to-below-level": [
        "{d}/boule-de-feu.yaml:45: per_level[0].level_to: attendu un entier supérieur ou égal à level (3), reçu le nombre 2",
    ],
    "min-above-max": [
        "{d}/boule-de-feu.yaml:10: levels.max: attendu un entier supérieur ou égal à levels.min (3), reçu le nombre 2",
    ],
    "missing-key": [
        "{d}/boule-de-feu.yaml:2: name: clé obligatoire « name » absente",
    ],
    "misspelt-key": [
        "{d}/boule-de-feu.yaml:6: levels.max: clé obligatoire « max » absente",
        "{d}/boule-de-feu.yaml:10: levels.maxi: clé inconnue « maxi » (clés permises : label, raw, min, max, index_raw)",
    ],
    "no-spell-file": [
        "{d}: -: attendu au moins un fichier de sort *.yaml, reçu un dossier qui n'en contient aucun",
    ],
    "not-mapping": [
        "{d}/boule-de-feu.yaml:2: -: attendu un objet (clé: valeur, avec les clés schema, slug, name…) au premier niveau du document, reçu une liste",
    ],
    "parsed-kind": [
        "{d}/boule-de-feu.yaml:18: casting_time.parsed.kind: attendu l'une des valeurs fixed, per_level, special, reçu « dice »",
    ],
    "parsed-missing-key": [
        "{d}/boule-de-feu.yaml:22: range.parsed.per: clé obligatoire « per » absente",
    ],
    "per-level-text": [
        "{d}/boule-de-feu.yaml:47: per_level[0].text: attendu un texte qui, après « Niveau 3 : », forme une ligne de la description, reçu « 4d6 dégâts », introuvable dans la description",
    ],
    "slug-bad-form": [
        "{d}/boule-de-feu.yaml:3: slug: attendu un slug (lettres minuscules sans accents et chiffres, mots séparés par un seul tiret, ex. « images-miroir »), reçu « Boule_de_feu »",
    ],
    "slug-not-file-name": [
        "{d}/boule-de-feux.yaml:3: slug: attendu « boule-de-feux » (nom du fichier boule-de-feux.yaml), reçu « boule-de-feu »",
    ],
    "slug-not-name": [
        "{d}/boule-feu.yaml:3: slug: attendu « boule-de-feu » (slug du nom « Boule de feu »), reçu « boule-feu »",
    ],
    "source-lines": [
        "{d}/boule-de-feu.yaml:59: source.last_line: attendu un entier supérieur ou égal à source.first_line (10), reçu le nombre 9",
    ],
    "unknown-element": [
        "{d}/boule-de-feu.yaml:33: element: attendu l'une des valeurs feu, vigne, eau, neutre, reçu « air »",
    ],
    "unknown-key": [
        "{d}/boule-de-feu.yaml:60: source_file: clé inconnue « source_file » (clés permises : schema, slug, name, aliases, levels, index, casting_time, range, target, duration, saving_throw, element, element_status, element_note, difficulty, difficulty_status, difficulty_note, description, per_level, figures, errata, source)",
    ],
    "wrong-type-list": [
        "{d}/boule-de-feu.yaml:5: aliases: attendu une liste, reçu « Boule de flammes »",
    ],
    "wrong-type": [
        "{d}/boule-de-feu.yaml:8: levels.raw: attendu un texte non vide, reçu le nombre 9",
    ],
    "yaml-tag": [
        "{d}/boule-de-feu.yaml:35: element_note: attendu une valeur YAML ordinaire (étiquettes permises : !!str, !!int, !!float, !!bool, !!null, !!seq, !!map), reçu l'étiquette « !!python/object/apply:os.system »",
    ],
}


def run_check(
    capsys: pytest.CaptureFixture[str], directory: Path | str
) -> tuple[int, list[str], str]:
    code = main(["check", str(directory)])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


@pytest.mark.parametrize("kind", sorted(CASES))
def test_each_kind_of_error_is_reported_exactly(
    kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = FIXTURES / kind
    code, out, err = run_check(capsys, directory)
    assert out == [line.replace("{d}", str(directory)) for line in CASES[kind]]
    assert code == 1
    count = len(CASES[kind])
    assert err == f"{count} problème{'s' if count > 1 else ''} trouvé{'s' if count > 1 else ''}\n"


def test_every_fixture_directory_is_tested() -> None:
    assert sorted(p.name for p in FIXTURES.iterdir() if p.is_dir()) == sorted([*CASES, "valid"])


def test_valid_fixture_passes_with_a_one_line_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_check(capsys, VALID.parent)
    assert (code, out, err) == (0, [f"1 sort valide dans {VALID.parent}"], "")


def test_summary_counts_spells_and_keeps_the_directory_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    spells = tmp_path / "spells"
    spells.mkdir()
    (spells / "boule-de-feu.yaml").write_text(VALID_TEXT, encoding="utf-8")
    (spells / "boule-de-glace.yaml").write_text(
        VALID_TEXT.replace("slug: boule-de-feu", "slug: boule-de-glace")
        .replace("name: Boule de feu", "name: Boule de glace")
        .replace("aliases: [Boule de flammes]", "aliases: []")
        .replace("position: 1", "position: 2"),
        encoding="utf-8",
    )
    (spells / "LISEZMOI.md").write_text("pas un sort", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["check"]) == 0  # default directory: spells/
    assert capsys.readouterr().out == "2 sorts valides dans spells/\n"


# --------------------------------------------------------------------------- errors written by the tests


def write(tmp_path: Path, content: bytes | str, name: str = "boule-de-feu.yaml") -> Path:
    directory = tmp_path / "spells"
    directory.mkdir(exist_ok=True)
    data = content.encode("utf-8") if isinstance(content, str) else content
    (directory / name).write_bytes(data)
    return directory


def test_file_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # One value pasted from a Latin-1 editor into an otherwise UTF-8 file.
    data = VALID_TEXT.encode("utf-8").replace("raw: instantanée".encode(), b"raw: instantan\xe9e")
    directory = write(tmp_path, data)
    line = data.split(b"\n").index(b"  raw: instantan\xe9e") + 1
    assert line == 28
    code, out, _ = run_check(capsys, directory)
    assert out == [
        f"{directory}/boule-de-feu.yaml:{line}: -: attendu un fichier encodé en UTF-8, reçu l'octet 0xE9 "
        "invalide en UTF-8 (fichier enregistré en Latin-1 ou Windows-1252 ?)"
    ]
    assert code == 1


def test_huge_file_is_refused_before_parsing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = write(tmp_path, VALID_TEXT + "# " + "x" * 10_000_000 + "\n")
    code, out, _ = run_check(capsys, directory)
    size = len((VALID_TEXT + "# " + "x" * 10_000_000 + "\n").encode("utf-8"))
    shown = f"{size:,}".replace(",", "\u202f")  # narrow no-break space between thousands
    assert out == [
        f"{directory}/boule-de-feu.yaml:1: -: attendu un fichier d'au plus 128 Kio, reçu {shown} octets"
    ]
    assert code == 1


def test_missing_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_check(capsys, tmp_path / "nulle-part")
    assert out == [
        f"{tmp_path}/nulle-part: -: attendu un dossier de sorts, reçu un chemin inexistant"
    ]
    assert code == 1


def test_a_file_instead_of_a_directory(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_check(capsys, VALID)
    assert out == [f"{VALID}: -: attendu un dossier de sorts, reçu un fichier"]
    assert code == 1


def test_entries_that_are_not_files_are_ignored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = write(tmp_path, VALID_TEXT)
    (directory / "lien-casse.yaml").symlink_to(tmp_path / "absent.yaml")  # not a file: ignored
    (directory / "dossier.yaml").mkdir()  # a directory named *.yaml: ignored
    code, out, _ = run_check(capsys, directory)
    assert (code, out) == (0, [f"1 sort valide dans {directory}"])


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "  min: 3\n",
            "  min: 3.0\n",
            "{f}:9: levels.min: attendu un entier de 1 à 9, reçu le nombre 3.0",
        ),
        (
            "  min: 3\n",
            "  min: true\n",
            "{f}:9: levels.min: attendu un entier de 1 à 9, reçu le booléen true",
        ),
        (
            "  min: 3\n",
            "  min:\n",
            "{f}:9: levels.min: attendu un entier de 1 à 9, reçu une valeur vide (null)",
        ),
        (
            "  min: 3\n",
            "  min: [3]\n",
            "{f}:9: levels.min: attendu un entier de 1 à 9, reçu une liste",
        ),
        (
            "  min: 3\n",
            "  min: {a: 3}\n",
            "{f}:9: levels.min: attendu un entier de 1 à 9, reçu un objet",
        ),
        (
            "name: Boule de feu\n",
            'name: ""\n',
            "{f}:4: name: attendu un texte non vide, reçu un texte vide",
        ),
        ("schema: 1\n", "schema: 2\n", "{f}:2: schema: attendu la valeur 1, reçu le nombre 2"),
        (
            "  parsed: {kind: instantaneous}\n",
            '  parsed: "instantanée"\n',
            "{f}:29: duration.parsed: attendu un objet avec une clé « kind » ou null, reçu « instantanée »",
        ),
        (
            "{kind: fixed, amount: 1, unit: round}",
            "{kind: special, amount: 1}",
            "{f}:18: casting_time.parsed.amount: clé inconnue « amount » (clés permises : kind)",
        ),
        (
            "amount: 1.5, unit: metre",
            "amount: 0, unit: metre",
            "{f}:22: range.parsed.amount: attendu un nombre strictement positif, reçu le nombre 0",
        ),
        (
            "  parsed: {kind: instantaneous}\n",
            "  parsed: {kind: dice, base: 9, dice: 1D4, unit: round}\n",
            "{f}:29: duration.parsed.dice: attendu des dés de la forme NdM (ex. « 1d4 »), reçu « 1D4 »",
        ),
        (
            "aliases: [Boule de flammes]\n",
            "aliases: [Boule de flammes, Boule de flammes]\n",
            "{f}:5: aliases[1]: attendu des éléments tous différents, reçu « Boule de flammes » une deuxième fois (déjà à l'indice 0)",
        ),
        (
            "    basis: spell\n",
            "    basis: sort\n",
            "{f}:45: per_level[0].basis: attendu l'une des valeurs spell, caster, reçu « sort »",
        ),
        (
            "element_status: editorial\n",
            "element_status: Editorial\n",
            "{f}:34: element_status: attendu l'une des valeurs editorial, author, reçu « Editorial »",
        ),
        (
            "  title_line: 11\n",
            "  title_line: 20\n",
            "{f}:57: source.title_line: attendu un entier de source.first_line à source.last_line (10 à 16), reçu le nombre 20",
        ),
        (
            "description: |-\n",
            "description: |-\n  Niveau 3 ;\n",
            None,
        ),  # still valid: the per-level line is elsewhere in the description
        (
            "element_note: Sort de destruction par le feu.\n",
            "element_note: 2001-01-01\n",
            None,
        ),  # a date stays text
        (
            "element_note: Sort de destruction par le feu.\n",
            "element_note: 9\n",
            "{f}:35: element_note: attendu un texte, reçu le nombre 9",
        ),
        ("element_note: Sort de destruction par le feu.\n", "element_note: !!str 9\n", None),
        (
            "  raw: instantanée\n",
            "  raw: .inf\n",
            "{f}:28: duration.raw: attendu un nombre fini, reçu « .inf »",
        ),
        (
            "  - level: 3\n",
            "  - ? [level]\n    : 3\n",
            "{f}:44: per_level[0]: attendu une clé simple (un mot), reçu une liste en position de clé",
        ),
    ],
)
def test_value_errors(
    old: str, new: str, expected: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert VALID_TEXT.count(old) == 1
    directory = write(tmp_path, VALID_TEXT.replace(old, new))
    code, out, _ = run_check(capsys, directory)
    if expected is None:
        assert (code, out) == (0, [f"1 sort valide dans {directory}"])
    else:
        assert out == [expected.replace("{f}", f"{directory}/boule-de-feu.yaml")]
        assert code == 1


def test_every_problem_of_a_file_is_reported_in_line_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        VALID_TEXT.replace("  max: 9\n", "  max: 12\n")
        .replace("element: feu\n", "element: air\n")
        .replace("difficulty: 2\n", "difficulty: 0\n")
        .replace("schema: 1\n", "schema: 1\nfoo: bar\n")
        .replace("name: Boule de feu\n", "")
    )
    directory = write(tmp_path, text)
    code, out, _ = run_check(capsys, directory)
    f = f"{directory}/boule-de-feu.yaml"
    assert out == [
        f"{f}:2: name: clé obligatoire « name » absente",
        f"{f}:3: foo: clé inconnue « foo » (clés permises : schema, slug, name, aliases, levels, index, casting_time, "
        "range, target, duration, saving_throw, element, element_status, element_note, difficulty, "
        "difficulty_status, difficulty_note, description, per_level, figures, errata, source)",
        f"{f}:10: levels.max: attendu un entier de 1 à 9, reçu le nombre 12",
        f"{f}:33: element: attendu l'une des valeurs feu, vigne, eau, neutre, reçu « air »",
        f"{f}:36: difficulty: attendu un entier de 1 à 5, reçu le nombre 0",
    ]
    assert code == 1


def test_loading_errors_stop_the_file_before_the_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A duplicate key: no schema message about a half-read document, but every duplicate is listed.
    text = VALID_TEXT.replace("element: feu\n", "element: air\nelement: feu\n") + "difficulty: 3\n"
    directory = write(tmp_path, text)
    code, out, _ = run_check(capsys, directory)
    f = f"{directory}/boule-de-feu.yaml"
    assert out == [
        f"{f}:34: element: attendu des clés toutes différentes, reçu la clé « element » une deuxième fois "
        "(première à la ligne 33)",
        f"{f}:61: difficulty: attendu des clés toutes différentes, reçu la clé « difficulty » une deuxième fois "
        "(première à la ligne 37)",
    ]
    assert code == 1


# --------------------------------------------------------------------------- API used by the build


def test_check_dir_and_load_dir_api() -> None:
    assert check_dir(VALID.parent) == []
    spells, problems = load_dir(VALID.parent)
    assert problems == []
    assert [s.data["slug"] for s in spells] == ["boule-de-feu"]
    assert spells[0].lines[("levels", "max")] == 10
    assert spells[0].lines[("per_level", 0, "text")] == 47

    problems = check_dir(FIXTURES / "level-out-of-range")
    assert problems == [
        Problem(
            str(FIXTURES / "level-out-of-range" / "boule-de-feu.yaml"),
            10,
            "levels.max",
            "attendu un entier de 1 à 9, reçu le nombre 12",
        )
    ]


def test_check_file_reports_only_the_file() -> None:
    # check_file has no cross-file rules: the duplicate alias is not its business.
    assert check_file(FIXTURES / "duplicate-alias" / "boule-de-glace.yaml") == []
    assert [str(p) for p in check_file(FIXTURES / "empty" / "boule-de-feu.yaml")] == [
        f"{FIXTURES / 'empty' / 'boule-de-feu.yaml'}:1: -: attendu un objet YAML décrivant un sort, reçu un fichier vide"
    ]


def test_problem_without_line_renders_without_line() -> None:
    assert str(Problem("spells", None, "-", "message")) == "spells: -: message"
    assert (
        str(Problem("spells/a.yaml", 3, "levels.min", "message"))
        == "spells/a.yaml:3: levels.min: message"
    )


# --------------------------------------------------------------------------- robustness


@pytest.mark.parametrize("kind", ["alias-bomb", "deep-nesting"])
def test_pathological_fixtures_are_rejected(kind: str) -> None:
    assert check_dir(FIXTURES / kind)


@pytest.mark.parametrize(
    "content",
    [
        "a: " + "[" * 60_000 + "]" * 60_000 + "\n",  # deep flow nesting
        "".join("  " * i + f"k{i}:\n" for i in range(500)),  # deep block nesting
        "".join(f"k{i}: v\n" for i in range(MAX_BYTES // 12)),  # too many values
        "a: &a [" + ", ".join(["*a"] * 50) + "]\n",  # recursive alias
        "a: x\n" + "\n" * (MAX_BYTES - 10),  # largest accepted size, mostly blank
        "a: " + "mot " * (MAX_BYTES // 4 - 2) + "\n",  # largest accepted size, one long value
    ],
)
def test_worst_case_files_are_rejected_not_loaded(content: str, tmp_path: Path) -> None:
    # The limits stop the loader early (the bench of these cases stays well under a second);
    # the test checks the behaviour, not the clock: each file is refused with a located message.
    directory = write(tmp_path, content)
    problems = check_dir(directory)
    assert problems  # none of them is a spell
    assert all(problem.path.endswith(".yaml") for problem in problems)


_PROBLEM_LINE = re.compile(
    r"^\S+\.yaml:\d+: (-|[a-z_]+(\[\d+\])*(\.[a-z_]+(\[\d+\])*)*): (attendu |clé |YAML invalide)"
)
_ENGLISH = re.compile(
    r"\b(is not|is a required|does not match|Additional properties|expected|found|should)\b"
)

_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-20, 200)
    | st.floats(-10, 10, allow_nan=False)
    | st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(st.sampled_from(["kind", "amount", "x", "raw"]), children, max_size=3)
    ),
    max_leaves=6,
)


def _paths(node: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, prefix + (index,))
    return out


_VALID_DATA = yaml.safe_load(VALID_TEXT)
_ALL_PATHS = _paths(_VALID_DATA)


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(path=st.sampled_from(_ALL_PATHS), value=_values, drop=st.booleans())
@example(path=("difficulty",), value="trois", drop=False)  # refused: must give a message
@example(path=("name",), value=None, drop=True)
def test_any_mutation_gives_located_french_messages(
    path: tuple, value: object, drop: bool, tmp_path: Path
) -> None:
    import copy

    data = copy.deepcopy(_VALID_DATA)
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    if drop and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    directory = write(tmp_path, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    problems = check_dir(directory)
    # The schema file is the oracle: a mutation it refuses must be reported, never let through.
    refused = next(Draft202012Validator(load_schema()).iter_errors(data), None)
    event("refusée par le schéma" if refused else "acceptée par le schéma")
    if refused is not None:
        assert problems, (
            f"mutation {path!r} = {value!r} refusée par le schéma mais acceptée : {refused.message}"
        )
    for problem in problems:
        line = str(problem)
        assert _PROBLEM_LINE.match(line), line
        assert not _ENGLISH.search(problem.message), line


def test_messages_never_print_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = VALID_TEXT.replace("  - text: eexplose\n", '  - text: "\\e[31mrouge\\u202e"\n')
    directory = write(tmp_path, text)
    code, out, _ = run_check(capsys, directory)
    f = f"{directory}/boule-de-feu.yaml"
    assert sorted(out) == [
        f"{f}:53: errata[0].text: attendu un fragment présent tel quel dans le sort (nom, champs ou description), "
        "reçu « <U+001B>[31mrouge<U+202E> », introuvable",
        f"{f}:53: errata[0].text: attendu un texte sans caractère de contrôle, "
        "reçu « <U+001B>[31mrouge<U+202E> » (caractère U+001B)",
    ]
    assert code == 1
