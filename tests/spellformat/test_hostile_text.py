"""What ``make check`` accepts, the build can carry: characters no page can hold (noncharacters,
lone surrogates), description blocks the renderer cannot render whole and texts far longer than
any spell are refused, located, in French, in every text field."""

from __future__ import annotations

import copy
import json

import pytest
import yaml

from generator.spellformat.text_safety import MAX_DESCRIPTION, MAX_LINE, MAX_NAME, MAX_TEXT
from generator.spellformat.validate import check_dir, load_dir
from tests.spellformat.test_validate import VALID_TEXT, _paths, run_check, write

_VALID_DATA = yaml.safe_load(VALID_TEXT)


def _value(data, path):
    for part in path:
        data = data[part]
    return data


#: Every text of the valid spell, by path.
TEXT_PATHS = [path for path in _paths(_VALID_DATA) if isinstance(_value(_VALID_DATA, path), str)]


def _field(path: tuple) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _with(path: tuple, text: str) -> str:
    data = copy.deepcopy(_VALID_DATA)
    parent = _value(data, path[:-1])
    parent[path[-1]] = text
    # A double-quoted YAML escape, as in a hand-written file: the loader turns it into the character.
    return yaml.safe_dump(data, allow_unicode=False, sort_keys=False, width=1000)


@pytest.mark.parametrize(
    "char", ["\uffff", "\ufffe", "\ufdd0", "\ufdef", "\U0001fffe", "\U0010ffff"]
)
def test_a_noncharacter_is_refused_in_the_description(char, tmp_path, capsys):
    escaped = json.dumps(char)[1:-1] if ord(char) < 0x10000 else f"\\U{ord(char):08X}"
    text = VALID_TEXT.replace(
        "description: |-\n  Une boule de feu eexplose au point visé.\n",
        f'description: "{escaped} ![x](data:,x){{: onerror=alert(document.domain)}} eexplose.'
        '\\n\\n- Niveau 3 : 3d6 dégâts"\n',
    ).replace("\n  - Niveau 3 : 3d6 dégâts\n", "\n", 1)
    directory = write(tmp_path, text)
    code, out, _ = run_check(capsys, directory)
    assert code == 1
    assert len(out) == 1
    assert out[0].startswith(
        f"{directory}/boule-de-feu.yaml:39: description: attendu un texte fait de caractères "
        f"Unicode ordinaires, reçu « <U+{ord(char):04X}> ![x](data:,x){{: onerror="
    )
    assert out[0].endswith(f"» (non-caractère U+{ord(char):04X}, qu'aucune page ne peut porter)")


def test_a_lone_surrogate_is_refused_and_leaves_no_temporary_file(tmp_path, capsys):
    directory = write(
        tmp_path, VALID_TEXT.replace("name: Boule de feu\n", 'name: "\\uD800Boule de feu"\n')
    )
    spells, problems = load_dir(directory)
    assert [str(p) for p in problems] == [
        f"{directory}/boule-de-feu.yaml:4: name: attendu un texte fait de caractères Unicode ordinaires, reçu "
        "« <U+D800>Boule de feu » (demi-codet isolé (surrogate) U+D800, qu'aucune page ne peut porter)"
    ]
    assert not list(tmp_path.rglob("*.tmp"))
    code, out, _ = run_check(capsys, directory)
    assert code == 1 and len(out) == 1


@pytest.mark.parametrize("path", TEXT_PATHS, ids=_field)
@pytest.mark.parametrize("char", ["\uffff", "\ud800"], ids=["U+FFFF", "U+D800"])
def test_every_text_field_refuses_a_character_no_page_can_hold(path, char, tmp_path):
    original = _value(_VALID_DATA, path)
    directory = write(tmp_path, _with(path, char + original))
    problems = check_dir(directory)
    mine = [p for p in problems if p.field == _field(path)]
    assert mine, [str(p) for p in problems]
    assert mine[0].line is not None
    # Shown as a code point (never printed raw); a free text says why it is refused, a fixed
    # value (slug, element…) is refused as not one of the values allowed.
    assert f"<U+{ord(char):04X}>" in mine[0].message and char not in str(mine[0])


@pytest.mark.parametrize(
    ("block", "line", "message"),
    [
        (
            "|---|",
            42,
            "attendu un tableau avec au moins une ligne de cellules, reçu seulement des lignes de "
            "séparation « |---| »",
        ),
        (
            "|---|---|\n|-|",
            42,
            "attendu un tableau avec au moins une ligne de cellules, reçu seulement "
            "des lignes de séparation « |---| »",
        ),
        ("#### ", 42, "attendu un sous-titre après « #### », reçu une ligne sans texte"),
        ("- un\n  deux\n  trois", None, None),  # indented lines continue the item: valid
        (
            "- un\n  trois\nquatre",
            44,
            "attendu dans une liste une ligne commençant par « - » ou une suite indentée "
            "de deux espaces, reçu « quatre » (laisser une ligne vide avant un paragraphe "
            "qui suit la liste)",
        ),
        ("| --- |", None, None),  # a cell holding « --- »
        ("|a|b|\n|---|---|\n|1|2|", None, None),
    ],
)
def test_a_description_block_the_renderer_cannot_render_whole_is_refused(
    block, line, message, tmp_path, capsys
):
    text = VALID_TEXT.replace(
        "  Une boule de feu eexplose au point visé.\n",
        "  Une boule de feu eexplose au point visé.\n\n"
        + "".join(f"  {row}\n" for row in block.split("\n")),
    )
    directory = write(tmp_path, text)
    code, out, _ = run_check(capsys, directory)
    if message is None:
        assert (code, out) == (0, [f"1 sort valide dans {directory}"])
    else:
        assert (code, out) == (1, [f"{directory}/boule-de-feu.yaml:{line}: description: {message}"])


def test_a_quoted_description_is_located_by_its_line_in_the_description(tmp_path, capsys):
    text = VALID_TEXT.replace(
        "description: |-\n  Une boule de feu eexplose au point visé.\n",
        'description: "Une boule de feu eexplose au point visé.\\n\\n|---|\\n\\n- Niveau 3 : 3d6 dégâts"\n',
    ).replace("\n  - Niveau 3 : 3d6 dégâts\n", "\n", 1)
    directory = write(tmp_path, text)
    code, out, _ = run_check(capsys, directory)
    assert out == [
        f"{directory}/boule-de-feu.yaml:39: description: attendu un tableau avec au moins une ligne de "
        "cellules, reçu seulement des lignes de séparation « |---| » (ligne 3 de la description)"
    ]


def _thousands(n: int) -> str:
    return f"{n:,}".replace(",", "\u202f")


@pytest.mark.parametrize(
    ("path", "limit"),
    [
        (("name",), MAX_NAME),
        (("aliases", 0), MAX_NAME),
        (("index", "name"), MAX_NAME),
        (("duration", "raw"), MAX_TEXT),
        (("errata", 0, "note"), MAX_TEXT),
        (("description",), MAX_DESCRIPTION),
    ],
)
def test_texts_far_longer_than_any_spell_are_refused(path, limit, tmp_path):
    text = (
        "a" * (limit + 1)
        if path != ("description",)
        else ("a" * 99 + "\n") * (limit // 100) + "a" * 101
    )
    directory = write(tmp_path, _with(path, text))
    problems = [
        p for p in check_dir(directory) if p.field == _field(path) and "au plus" in p.message
    ]
    assert len(problems) == 1
    assert problems[0].message.startswith(
        f"attendu un texte d'au plus {_thousands(limit)} caractères, "
        f"reçu {_thousands(len(text))} caractères (« aaa"
    )
    directory = write(tmp_path, _with(path, text[:limit]))
    assert not [
        p for p in check_dir(directory) if p.field == _field(path) and "au plus" in p.message
    ]


def test_a_description_line_far_longer_than_any_spell_is_refused_at_its_line(tmp_path, capsys):
    text = VALID_TEXT.replace(
        "  Une boule de feu eexplose au point visé.\n",
        "  Une boule de feu eexplose au point visé.\n  " + "mot " * (MAX_LINE // 4 + 1) + "\n",
    )
    directory = write(tmp_path, text)
    code, out, _ = run_check(capsys, directory)
    assert out == [
        f"{directory}/boule-de-feu.yaml:41: description: attendu une ligne d'au plus "
        f"{_thousands(MAX_LINE)} caractères, reçu {_thousands(MAX_LINE + 4)} caractères"
    ]


def test_the_limits_are_far_above_the_longest_texts_of_the_compendium():
    from tests.conftest import ROOT

    spells, problems = load_dir(ROOT / "spells")
    assert not problems
    names = max(
        len(n)
        for s in spells
        for n in (s.data["name"], *s.data["aliases"], s.data["index"]["name"])
    )
    lines = max(len(line) for s in spells for line in s.data["description"].split("\n"))
    descriptions = max(len(s.data["description"]) for s in spells)
    assert MAX_NAME >= 4 * names and MAX_LINE >= 9 * lines and MAX_DESCRIPTION >= 6 * descriptions


@pytest.mark.parametrize(
    ("path", "text", "odd"),
    [
        (("name",), "Boule dе feu", "« е » U+0435 CYRILLIC SMALL LETTER IE"),
        (("aliases", 0), "Boule de flаmmes", "« а » U+0430 CYRILLIC SMALL LETTER A"),
        (("index", "name"), "Βoule de feu", "« Β » U+0392 GREEK CAPITAL LETTER BETA"),
        (("aliases", 0), "Boule ٣", "« ٣ » U+0663 ARABIC-INDIC DIGIT THREE"),
    ],
)
def test_a_name_mixing_scripts_is_refused_naming_the_odd_letters(path, text, odd, tmp_path):
    directory = write(tmp_path, _with(path, text))
    problems = [p for p in check_dir(directory) if p.field == _field(path)]
    assert [p.message for p in problems][:1] == [
        "attendu un nom d'une seule écriture, l'alphabet latin (accents compris), avec les chiffres 0 à 9, "
        f"reçu « {text} » (d'une autre écriture : {odd})"
    ]


@pytest.mark.parametrize("text", ["Œil de mage", "Éclair", "Image mi\u0301roir", "Sort 3"])
def test_latin_names_with_accents_ligatures_and_digits_are_accepted(text, tmp_path):
    directory = write(tmp_path, _with(("aliases", 0), text))
    assert not [p for p in check_dir(directory) if p.field == "aliases[0]"]
