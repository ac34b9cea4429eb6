"""rules/ is the only home of a game constant: the pages show what rules/ says, and no template
or script types a rule's number again."""

from __future__ import annotations

import json
import re

import pytest

import rules
from tests.conftest import ROOT
from widgets import instant, packaging


def page(built_site, path: str) -> str:
    return (built_site / path / "index.html").read_text(encoding="utf-8")


def test_a_spell_page_shows_the_rules_constants(built_site):
    spell = json.loads((built_site / "api" / "sorts" / "vol.json").read_text(encoding="utf-8"))
    html = page(built_site, "sorts/vol")
    assert (
        f'<span class="gr-badge-label">Difficulté</span> {spell["difficulty"]} / {rules.MAX_DIFFICULTY}</span>'
        in html
    )
    assert f"({rules.CAST_FORMULA}, " in html
    for magic in (0, 4, 8):
        assert (
            f"<caption>Magie {magic} (d{rules.DIE_FACES} − "
            f"{magic // rules.MAGIC_DIVISOR})</caption>"
        ) in html
    learning = range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)
    rows = re.findall(
        r'<table class="gr-table gr-odds-table" data-magic="0">.*?</table>', html, re.S
    )[0]
    assert re.findall(r'<th scope="col" data-learning="(\d+)">', rows) == [str(n) for n in learning]
    assert re.findall(r'<tr data-outcome="(\w+)">', rows) == [o.value for o in rules.Outcome]
    assert (f"De {rules.MIN_LEARNING} à {rules.MAX_LEARNING}.</span>") in html
    assert (f"Niveau actuel, de {rules.MIN_LEARNING} à {rules.MAX_LEARNING}.</span>") in html
    assert f"Lecture du 1 et du {rules.DIE_FACES}</label>" in html
    for key, label in rules.EXTREMES_LABELS.items():
        assert re.search(f'<option value="{key}"( selected)?>{label}</option>', html), key
    for outcome in rules.Outcome:
        assert f'<th scope="row">{outcome.label}</th>' in html


def test_the_calculators_page_shows_the_rules_limits(built_site):
    html = page(built_site, "calculateurs")
    assert f"De {rules.MIN_STUDY_HOURS} à {rules.MAX_STUDY_HOURS}.</span>" in html
    assert f"De {rules.MIN_DIFFICULTY} à {rules.MAX_DIFFICULTY}.</span>" in html
    assert f"Apprentissage ({rules.MIN_LEARNING} à {rules.MAX_LEARNING})</label>" in html


def test_the_index_filters_follow_the_rules(built_site):
    html = page(built_site, "sorts")

    def facet(name: str) -> list[int]:
        block = re.search(f'data-facet="{name}">.*?</fieldset>', html, re.S)[0]
        return [int(v) for v in re.findall(r'data-value="(\d+)"', block)]

    assert facet("niveau") == list(range(rules.MIN_SPELL_LEVEL, rules.MAX_SPELL_LEVEL + 1))
    assert facet("difficulte") == list(range(rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY + 1))
    for element, label in rules.ELEMENT_LABELS.items():
        assert label in html, element


def test_the_cards_and_the_spellbook_follow_the_rules(built_site):
    assert f"/{rules.MAX_DIFFICULTY}</span>" in page(built_site, "cartes")
    book = page(built_site, "grimoire")
    options = re.search(r"<template data-book-learning>(.*?)</template>", book, re.S)[1]
    assert re.findall(r'<option value="(\d+)">', options) == [
        str(n) for n in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)
    ]
    script = (built_site / "assets" / "grimoire" / "grimoire-config.js").read_text(encoding="utf-8")
    config = json.loads(script.split("export default ", 1)[1].rstrip().rstrip(";"))
    config.pop(
        "table"
    )  # the casts', the study's and the duel's data: tests/grimoire/test_grimoire_table.py
    config.pop("study")
    config.pop("duel")
    assert config == {
        "learning": {
            "min": rules.MIN_LEARNING,
            "max": rules.MAX_LEARNING,
            "unlearnt": rules.MIN_LEARNING - 1,
        },
        "difficulty": {"min": rules.MIN_DIFFICULTY, "max": rules.MAX_DIFFICULTY},
        "elements": dict(rules.ELEMENT_LABELS),
        "level_up_cost": {
            str(d): {
                str(n): rules.level_up_cost(n, d)
                for n in range(rules.MIN_LEARNING, rules.MAX_LEARNING)
            }
            for d in range(rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY + 1)
        },
        # The number of casts of the progressions the calculators' data holds.
        "progression": {"casts": instant.PROGRESSION_CASTS[0]},
        # How long it waits for the build's data: the calculators' wait, read from one home.
        "dataWaitMs": packaging.DATA_WAIT_MS,
    }


# The literals a rule was once typed as, outside rules/. Each must now come from rules/.
OLD_LITERALS = [
    "1 à 5",
    "1 à 6",
    "1–5",
    "1–6",
    "/ 5",
    "/5",
    "range(1, 5)",
    "range(1, 6)",
    "range(1, 10)",
    "range(1, 13)",
    "magie / 2",
    "// 2",
    "d12",
    "LEARNING_MIN = 1",
    '"Résultat modifié"',
    '"Dé naturel"',
    '"le feu"',
    "la vigne",
    "l'eau",
    "du 12",
    "(12)",
    '"learning": 1,',
    '"difficulty": 1,',
]


def derived_literals() -> list[str]:
    """The ways a rule number or label of ``rules/`` would be typed again elsewhere, derived
    from the rules themselves (a change of a rule changes what is looked for)."""
    spans = [
        (rules.MIN_LEARNING, rules.MAX_LEARNING),
        (rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY),
        (rules.MIN_STUDY_HOURS, rules.MAX_STUDY_HOURS),
        (rules.MIN_SPELL_LEVEL, rules.MAX_SPELL_LEVEL),
    ]
    found = [f"range({low}, {high + 1})" for low, high in spans]
    found += [f"{low} à {high}" for low, high in spans]
    found += [f"{low}–{high}" for low, high in spans]
    found += [
        f"d{rules.DIE_FACES}",
        f"range(1, {rules.DIE_FACES + 1})",
        f"magie / {rules.MAGIC_DIVISOR}",
        f"// {rules.MAGIC_DIVISOR}",
        f"Apprentissage {rules.MAX_LEARNING} ",
        f"/ {rules.MAX_DIFFICULTY}",
    ]
    found += [f'"{label}"' for label in rules.EXTREMES_LABELS.values()]
    found += [f'"{outcome.label}"' for outcome in rules.Outcome]
    return found


#: Files that hold rule bounds by necessity, each read against rules/ by a test: the spell
#: schema (tests/spellformat/test_spell_schema.py) names its bounds in its descriptions.
CHECKED_ELSEWHERE = {"generator/spellformat/spell.schema.json"}


#: The kinds of files of generator/ and widgets/ (code, templates, styles, data, docs).
TEXT_SUFFIXES = (".py", ".js", ".mjs", ".html", ".j2", ".css", ".md", ".json", ".yaml", ".txt")


def sources() -> list:
    """Every file of generator/ and widgets/ (the code outside rules/)."""
    found = [
        path
        for top in ("generator", "widgets")
        for path in (ROOT / top).rglob("*")
        if path.suffix in TEXT_SUFFIXES and "__pycache__" not in path.parts
    ]
    return sorted(path for path in found if path.is_file())


def typed_literals(text: str, literals: list[str] = OLD_LITERALS) -> list[str]:
    """The old literals in ``text`` (a literal ending in a digit must not go on with another:
    « / 512 » is not « / 5 »)."""
    return [
        literal
        for literal in literals
        if re.search(re.escape(literal) + (r"(?!\d)" if literal[-1].isdigit() else ""), text)
    ]


def literals_for(path) -> list[str]:
    """What must not be typed in ``path``: the old literals and those derived from rules/."""
    if path.relative_to(ROOT).as_posix() in CHECKED_ELSEWHERE:
        return OLD_LITERALS
    return OLD_LITERALS + [d for d in derived_literals() if d not in OLD_LITERALS]


def test_the_old_literals_are_gone_from_every_file_of_generator_and_widgets():
    files = sources()
    assert {
        "generator/spellformat/validate.py",
        "widgets/instant/tables.py",
        "widgets/bridge/fields.py",
        "generator/theme/main.html",
        "widgets/shared/instant.js",
        "widgets/shared/instant-check.js",
    } <= {p.relative_to(ROOT).as_posix() for p in files}
    typed = [
        f"{path.relative_to(ROOT)}: {literal!r}"
        for path in files
        for literal in typed_literals(path.read_text(encoding="utf-8"), literals_for(path))
    ]
    assert typed == []


@pytest.mark.parametrize("literal", ["1 à 5", "range(1, 13)", '"Dé naturel"', "/ 5"])
def test_the_literal_search_would_find_an_old_literal(literal, tmp_path):
    # The search above is not vacuous: the same check on a file holding the literal finds it.
    assert typed_literals(f"<p>{literal}</p>") == [literal]
    assert typed_literals(f"<p>{literal}0</p>") == ([] if literal[-1].isdigit() else [literal])


def test_the_derived_literals_follow_the_rules(tmp_path):
    # Derived from rules/, not listed: the search finds a rule's number retyped in a page...
    derived = derived_literals()
    assert f"Apprentissage {rules.MAX_LEARNING} " in derived
    assert f"{rules.MIN_SPELL_LEVEL} à {rules.MAX_SPELL_LEVEL}" in derived
    assert f'"{rules.Outcome.PERFECT.label}"' in derived
    text = f"<p>Apprentissage {rules.MAX_LEARNING} atteint</p>"
    assert typed_literals(text, literals_for(ROOT / "widgets" / "x.html"))
    # ...except in a file that a test reads against rules/.
    schema = ROOT / "generator" / "spellformat" / "spell.schema.json"
    assert "1 à 9" not in literals_for(schema) or "1 à 9" in OLD_LITERALS


def test_each_zero_of_the_odds_tables_is_explained_by_the_engine(built_site):
    html = page(built_site, "sorts/vol")
    tables = re.findall(
        r'<table class="gr-table gr-odds-table" data-magic="(\d+)">.*?</table>\n</div>\n'
        r'(?:<ul class="gr-odds-zero"[^>]*>(.*?)</ul>)?',
        html,
        re.S,
    )
    assert [int(magic) for magic, _ in tables] == [0, 4, 8]
    explained = 0
    for magic, notes in tables:
        wanted = [
            reason
            for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)
            for outcome in rules.Outcome
            if (reason := rules.impossible_reason(outcome, int(magic), learning))
        ]
        assert re.findall(r"<li>(.*?)</li>", notes) == list(dict.fromkeys(wanted))
        explained += len(wanted)
    assert explained > 0
