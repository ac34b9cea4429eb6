"""Safe YAML loading with line numbers (generator.spellformat.spellfile)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.spellformat.spellfile import (
    MAX_BYTES,
    MAX_DEPTH,
    MAX_NODES,
    LoadError,
    load_bytes,
    load_path,
)


def errors(text: str | bytes) -> list[LoadError]:
    loaded = load_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    assert loaded.data is None and loaded.lines == {}
    return loaded.errors


def test_data_and_the_line_of_every_key_and_item() -> None:
    loaded = load_bytes(b"# comment\na: 1\nb:\n  - x\n  -   y: 2\n      z: 'q'\nc: |-\n  t\n  u\n")
    assert loaded.ok
    assert loaded.data == {"a": 1, "b": ["x", {"y": 2, "z": "q"}], "c": "t\nu"}
    assert loaded.lines == {
        (): 2,
        ("a",): 2,
        ("b",): 3,
        ("b", 0): 4,
        ("b", 1): 5,
        ("b", 1, "y"): 5,
        ("b", 1, "z"): 6,
        ("c",): 7,
    }


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("9", 9),
        ("0x1F", 31),
        ("1_000", 1000),
        ("-3", -3),
        ("1.5", 1.5),
        ("1.0e+3", 1000.0),
        ("true", True),
        ("no", False),
        ("Yes", True),
        ("~", None),
        ("null", None),
        ("", None),
        ("'9'", "9"),
        ('"true"', "true"),
        ("!!str 9", "9"),
        ("2001-01-01", "2001-01-01"),
        ("1,5", "1,5"),
        ("3-9", "3-9"),
        ("9+1d4 rounds", "9+1d4 rounds"),
        ("[a]", ["a"]),
        ("<<", "<<"),
        ("=", "="),
    ],
)
def test_only_int_float_bool_and_null_are_resolved(text: str, value: object) -> None:
    loaded = load_bytes(f"v: {text}\n".encode())
    assert loaded.ok, loaded.errors
    assert loaded.data == {"v": value}
    assert type(loaded.data["v"]) is type(value)


def test_keys_stay_text() -> None:
    assert load_bytes(b"1: a\ntrue: b\n~: c\n").data == {"1": "a", "true": "b", "~": "c"}


def test_python_tags_are_refused_and_never_executed(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    text = f"a: !!python/object/apply:os.system ['touch {marker}']\nb: !!python/name:os.system ''\nc: !foo x\n"
    allowed = "!!str, !!int, !!float, !!bool, !!null, !!seq, !!map"
    assert errors(text) == [
        LoadError(
            1,
            ("a",),
            f"attendu une valeur YAML ordinaire (étiquettes permises : {allowed}), "
            "reçu l'étiquette « !!python/object/apply:os.system »",
        ),
        LoadError(
            2,
            ("b",),
            f"attendu une valeur YAML ordinaire (étiquettes permises : {allowed}), "
            "reçu l'étiquette « !!python/name:os.system »",
        ),
        LoadError(
            3,
            ("c",),
            f"attendu une valeur YAML ordinaire (étiquettes permises : {allowed}), "
            "reçu l'étiquette « !foo »",
        ),
    ]
    assert not marker.exists()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "a: 1\nb: 2\na: 3\n",
            [
                LoadError(
                    3,
                    ("a",),
                    "attendu des clés toutes différentes, reçu la clé « a » "
                    "une deuxième fois (première à la ligne 1)",
                )
            ],
        ),
        (
            "a:\n  b: 1\n  b: 2\n",
            [
                LoadError(
                    3,
                    ("a", "b"),
                    "attendu des clés toutes différentes, reçu la clé « b » "
                    "une deuxième fois (première à la ligne 2)",
                )
            ],
        ),
        (
            "? [a, b]\n: 1\n",
            [
                LoadError(
                    1, None, "attendu une clé simple (un mot), reçu une liste en position de clé"
                )
            ],
        ),
        (
            "a: !!set {x, y}\n",
            [
                LoadError(
                    1,
                    ("a",),
                    "attendu une valeur YAML ordinaire (étiquettes permises : !!str, "
                    "!!int, !!float, !!bool, !!null, !!seq, !!map), reçu l'étiquette « !!set »",
                )
            ],
        ),
        (
            "a: !!int abc\n",
            [LoadError(1, ("a",), "attendu un entier d'au plus 4300 chiffres, reçu « abc »")],
        ),
        (
            "a: !!bool maybe\n",
            [LoadError(1, ("a",), "attendu un booléen (true ou false), reçu « maybe »")],
        ),
        (
            "a: " + "9" * 5000 + "\n",
            [
                LoadError(
                    1, ("a",), "attendu un entier d'au plus 4300 chiffres, reçu « 5000 caractères »"
                )
            ],
        ),
        (
            "a: [.inf, -.Inf, .nan]\n",
            [
                LoadError(1, ("a", 0), "attendu un nombre fini, reçu « .inf »"),
                LoadError(1, ("a", 1), "attendu un nombre fini, reçu « -.Inf »"),
                LoadError(1, ("a", 2), "attendu un nombre fini, reçu « .nan »"),
            ],
        ),
    ],
)
def test_structural_errors_are_all_collected(text: str, expected: list[LoadError]) -> None:
    assert errors(text) == expected


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            "a: 1\nname: Images: miroir\n",
            2,
            "attendu une seule paire « clé: valeur » par ligne, reçu un deuxième « : » "
            "suivi d'une espace (mettre la valeur entre guillemets)",
        ),
        ("a: 1\n\tb: 2\n", 2, "attendu des espaces pour l'indentation, reçu une tabulation"),
        (
            "a: 1\nb: @x\n",
            2,
            "attendu le début d'une valeur, reçu le caractère « @ » (mettre la valeur entre guillemets)",
        ),
        (
            "a:\n  b: 1\n c: 2\n",
            3,
            "attendu la fin du bloc (indentation incohérente ?), reçu le début d'un objet "
            "(clé : valeur) (objet commencé ligne 1)",
        ),
        (
            "a: 'abc\nb: 2\n",
            3,
            "attendu la fin de la valeur, reçu la fin du fichier (texte entre guillemets commencé ligne 1)",
        ),
        (
            "a: [1, 2\nb: 3\n",
            2,
            "attendu « , » ou « ] », reçu « : » (liste « [ ] » commencée ligne 1)",
        ),
        (
            "a: {x: 1\n",
            2,
            "attendu « , » ou « } », reçu la fin du fichier (objet « { } » commencé ligne 1)",
        ),
        (
            "a: 1\n---\nb: 2\n",
            2,
            "attendu un seul document YAML, reçu un deuxième document (« --- »)",
        ),
        (
            "a: *x\n",
            1,
            "attendu un alias défini plus haut par une ancre « & », reçu l'alias inconnu « x »",
        ),
        (
            "a: &x 1\nb: &x 2\n",
            2,
            "attendu des ancres toutes différentes, reçu l'ancre « x » une deuxième fois",
        ),
        (
            'a: "\\q"\n',
            1,
            "attendu une séquence d'échappement connue après « \\ » entre guillemets doubles, reçu « q »",
        ),
        (
            "a: b\n- c\n",
            2,
            "attendu la fin du bloc (indentation incohérente ?), reçu un élément de liste « - » "
            "(objet commencé ligne 1)",
        ),
        (
            "- a\nb: 1\n",
            2,
            "attendu la fin du bloc (indentation incohérente ?), reçu une clé (liste ou objet commencé ligne 1)",
        ),
    ],
)
def test_yaml_syntax_errors_in_french_with_their_line(text: str, line: int, message: str) -> None:
    assert errors(text) == [LoadError(line, None, "YAML invalide : " + message)]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (b"", LoadError(1, None, "attendu un objet YAML décrivant un sort, reçu un fichier vide")),
        (
            b"# rien\n\n",
            LoadError(
                1,
                None,
                "attendu un objet YAML décrivant un sort, reçu un document sans contenu "
                "(seulement des commentaires ou des espaces)",
            ),
        ),
        (
            b"a: 1\nb: D\xe9tection\n",
            LoadError(
                2,
                None,
                "attendu un fichier encodé en UTF-8, reçu l'octet 0xE9 invalide "
                "en UTF-8 (fichier enregistré en Latin-1 ou Windows-1252 ?)",
            ),
        ),
        (
            b"a: 1\n\nb: x\x00y\n",
            LoadError(
                3, None, "attendu des caractères imprimables, reçu le caractère de contrôle U+0000"
            ),
        ),
        (
            b"a: 1\r\nb: \x1b\r\n",
            LoadError(
                2, None, "attendu des caractères imprimables, reçu le caractère de contrôle U+001B"
            ),
        ),
    ],
)
def test_whole_file_errors(raw: bytes, expected: LoadError) -> None:
    assert errors(raw) == [expected]


def test_byte_order_mark_and_crlf_are_accepted() -> None:
    loaded = load_bytes(b"\xef\xbb\xbfa: 1\r\nb: 2\r\n")
    assert (loaded.data, loaded.lines[("b",)]) == ({"a": 1, "b": 2}, 2)


def test_size_limit() -> None:
    assert load_bytes(b"a: " + b"x" * (MAX_BYTES - 4) + b"\n").ok
    assert errors(b"a: " + b"x" * (MAX_BYTES - 3) + b"\n") == [
        LoadError(1, None, "attendu un fichier d'au plus 128 Kio, reçu 131\u202f073 octets")
    ]


def test_load_path_reports_unreadable_files(tmp_path: Path) -> None:
    loaded = load_path(tmp_path)  # a directory cannot be read as a file
    assert loaded.errors == [
        LoadError(
            None, None, "attendu un fichier lisible, reçu une erreur de lecture (Is a directory)"
        )
    ]
    huge = tmp_path / "huge.yaml"
    huge.write_bytes(b"#" * (5 * MAX_BYTES))
    assert load_path(huge).errors == [
        LoadError(1, None, "attendu un fichier d'au plus 128 Kio, reçu 655\u202f360 octets")
    ]


def _bomb(levels: int) -> str:
    lines = ["l0: &l0 [" + ", ".join(["lol"] * 10) + "]"]
    lines += [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            _bomb(9),
            LoadError(
                1,
                None,
                f"attendu au plus {MAX_NODES} valeurs une fois les alias développés, reçu davantage "
                "(alias imbriqués en cascade)",
            ),
        ),
        (
            "a: &a [*a]\n",
            LoadError(
                1, None, f"attendu au plus {MAX_DEPTH} niveaux d'imbrication, reçu davantage"
            ),
        ),
        (
            "a: " + "[" * 60_000 + "]" * 60_000 + "\n",
            LoadError(
                1, None, f"attendu au plus {MAX_DEPTH} niveaux d'imbrication, reçu davantage"
            ),
        ),
        (
            "".join("  " * i + f"k{i}:\n" for i in range(300)),
            LoadError(
                MAX_DEPTH,
                None,
                f"attendu au plus {MAX_DEPTH} niveaux d'imbrication, reçu davantage",
            ),
        ),
        (
            "".join(f"- {i}\n" for i in range(10_000)),
            LoadError(MAX_NODES, None, f"attendu au plus {MAX_NODES} valeurs, reçu davantage"),
        ),
    ],
)
def test_pathological_documents_are_refused(text: str, expected: LoadError) -> None:
    assert errors(text) == [expected]


def test_a_few_aliases_are_fine() -> None:
    loaded = load_bytes(b"a: &x {k: v}\nb: *x\nc: [*x, *x]\n")
    assert loaded.data == {"a": {"k": "v"}, "b": {"k": "v"}, "c": [{"k": "v"}, {"k": "v"}]}
    assert loaded.lines[("c", 1, "k")] == 1  # an expanded alias points at its anchor
