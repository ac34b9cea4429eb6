"""The public contract of ``rules``: its names, its types and its imports."""

import dataclasses
import inspect
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import rules

REPO = Path(__file__).resolve().parents[2]

PUBLIC = [
    "CAST_FORMULA",
    "CastResult",
    "Caster",
    "DIE_FACES",
    "DuelBreakdown",
    "DuelRow",
    "ELEMENTS",
    "ELEMENT_ARTICLE_LABELS",
    "ELEMENT_LABELS",
    "EXTREMES",
    "EXTREMES_LABELS",
    "LevelStep",
    "MAGIC_DIVISOR",
    "MAX_DIFFICULTY",
    "MAX_LEARNING",
    "MAX_SPELL_LEVEL",
    "MAX_STUDY_HOURS",
    "MIN_DIFFICULTY",
    "MIN_LEARNING",
    "MIN_SPELL_LEVEL",
    "MIN_STUDY_HOURS",
    "Outcome",
    "RulesError",
    "STUDY_XP",
    "best_study_hours",
    "cast",
    "cast_key",
    "cast_odds",
    "cast_shift_range",
    "casts_to_next_level",
    "clash_odds",
    "dominance",
    "duel_breakdown",
    "duel_odds",
    "duel_result",
    "expected_xp",
    "format_decimal",
    "format_fraction",
    "format_percent",
    "gain_xp",
    "impossible_parts",
    "impossible_reason",
    "level_path",
    "level_up_cost",
    "level_up_curve",
    "level_up_within",
    "one_in",
    "outcome_faces",
    "progression_key",
    "stable_magic",
    "study_expected",
    "study_odds",
    "study_xp",
    "test_modifiers",
    "tests_in_hour",
    "xp_for",
]


def test_all_is_pinned():
    assert rules.__all__ == PUBLIC
    assert sorted(PUBLIC) == PUBLIC


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_name_exists_and_is_documented(name):
    value = getattr(rules, name)
    if callable(value):
        assert inspect.getdoc(value), f"{name} has no docstring"


def test_star_import_gives_exactly_the_contract():
    namespace = {}
    exec("from rules import *", namespace)
    assert sorted(k for k in namespace if k != "__builtins__") == PUBLIC


def test_package_docstring_states_the_conventions():
    doc = rules.__doc__
    for word in ("Fraction", "RulesError", "Immutable", "Standard library", "__all__"):
        assert word in doc


def test_outcome_values_order_and_labels():
    assert [o.value for o in rules.Outcome] == [
        "critical_failure",
        "failure",
        "flawed",
        "success",
        "perfect",
    ]
    assert [o.label for o in rules.Outcome] == [
        "Échec critique",
        "Échec",
        "Lancé, effet inexact",
        "Réussi",
        "Parfait",
    ]
    assert rules.Outcome("success") is rules.Outcome.SUCCESS
    assert isinstance(rules.Outcome.SUCCESS, str)
    assert rules.Outcome.PERFECT == "perfect"


def test_constants():
    assert rules.ELEMENTS == ("feu", "vigne", "eau", "neutre")
    assert rules.ELEMENT_LABELS == {
        "feu": "Feu",
        "vigne": "Vigne",
        "eau": "Eau",
        "neutre": "Neutre",
    }
    assert rules.EXTREMES == ("modified", "natural")
    assert rules.EXTREMES_LABELS == {"modified": "Résultat modifié", "natural": "Dé naturel"}
    assert rules.STUDY_XP == {1: 5, 2: 12, 3: 25, 4: 55, 5: 125, 6: 300}
    assert rules.ELEMENT_ARTICLE_LABELS.keys() == rules.ELEMENT_LABELS.keys()
    assert (rules.DIE_FACES, rules.MAGIC_DIVISOR, rules.CAST_FORMULA) == (
        12,
        2,
        "d12 − ⌊magie / 2⌋",
    )
    assert (rules.MIN_LEARNING, rules.MAX_LEARNING) == (1, 5)
    assert (rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY) == (1, 5)
    assert (rules.MIN_SPELL_LEVEL, rules.MAX_SPELL_LEVEL) == (1, 9)
    assert list(rules.STUDY_XP) == list(range(rules.MIN_STUDY_HOURS, rules.MAX_STUDY_HOURS + 1))


@pytest.mark.parametrize(
    ("check", "low", "high"),
    [
        ("learning", "MIN_LEARNING", "MAX_LEARNING"),
        ("difficulty", "MIN_DIFFICULTY", "MAX_DIFFICULTY"),
        ("hours", "MIN_STUDY_HOURS", "MAX_STUDY_HOURS"),
    ],
)
def test_validators_check_the_limits_of_the_constants(check, low, high):
    from rules import errors

    low, high = getattr(rules, low), getattr(rules, high)
    assert getattr(errors, check)(low) == low and getattr(errors, check)(high) == high
    for wrong in (low - 1, high + 1):
        with pytest.raises(rules.RulesError, match=f"attendu un entier de {low} à {high}"):
            getattr(errors, check)(wrong)


@pytest.mark.parametrize("name", ["ELEMENT_LABELS", "EXTREMES_LABELS", "STUDY_XP"])
def test_constant_mappings_are_read_only(name):
    with pytest.raises(TypeError):
        getattr(rules, name)["x"] = 1


def test_rules_error_is_a_value_error_with_param():
    assert issubclass(rules.RulesError, ValueError)
    with pytest.raises(rules.RulesError) as caught:
        rules.cast_odds(0, 7)
    assert caught.value.param == "learning"


def test_result_values_are_frozen():
    a, b = rules.Caster(2, 3, "feu"), rules.Caster(4, 2, "eau")
    values = [
        rules.cast(0, 1, face=5),
        a,
        rules.duel_breakdown(a, b),
        rules.duel_breakdown(a, b).rows[0],
        rules.level_path(0, 1, 1)[0],
    ]
    for value in values:
        assert dataclasses.is_dataclass(value)
        field = dataclasses.fields(value)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, field, 0)
    breakdown = rules.duel_breakdown(a, b)
    with pytest.raises(TypeError):
        breakdown.clash["a"] = 0
    hash(breakdown)
    assert isinstance(rules.level_path(0, 1, 1), tuple)


def test_returned_dicts_are_fresh():
    # The engine keeps computations it may be asked again: what it returns stays the caller's.
    odds = rules.cast_odds(3, 2)
    odds[rules.Outcome.SUCCESS] = Fraction(0)
    assert rules.cast_odds(3, 2)[rules.Outcome.SUCCESS] == Fraction(1, 4)
    # Same shift (magic 5 and modifier +1 read as magic 3): still a fresh dict.
    assert rules.cast_odds(5, 2, modifier=1)[rules.Outcome.SUCCESS] == Fraction(1, 4)
    faces = rules.outcome_faces(3, 2)
    faces[rules.Outcome.SUCCESS] = ()
    assert rules.outcome_faces(3, 2)[rules.Outcome.SUCCESS] == (1, 3, 4)
    study = rules.study_odds(3, "1/2")
    study[0] = Fraction(1)
    assert rules.study_odds(3, "1/2")[0] == Fraction(3, 4)


def test_odds_are_fractions_never_floats():
    a, b = rules.Caster(2, 3, "feu"), rules.Caster(4, 2, "eau")
    results = [
        *rules.cast_odds(3, 2).values(),
        rules.expected_xp(3, 2),
        *rules.study_odds(3, "1/2").values(),
        rules.study_expected(3, "1/2"),
        rules.best_study_hours("1/2")[1],
        *rules.clash_odds(a, b).values(),
        *rules.duel_odds(a, b).values(),
        rules.casts_to_next_level(3, 1, 1),
        rules.level_up_within(3, 1, 1, 4),
        *(step.expected_casts for step in rules.level_path(3, 1, 1)),
    ]
    assert all(type(value) is Fraction for value in results)


def _run_isolated(code):
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_import_works_without_the_build_dependencies():
    code = (
        "import sys\n"
        "for name in ('yaml', 'jinja2', 'mkdocs', 'jsonschema', 'markdown', 'pymdownx'):\n"
        "    sys.modules[name] = None\n"
        "import rules\n"
        "from fractions import Fraction\n"
        "assert rules.cast_odds(0, 1)[rules.Outcome.PERFECT] == Fraction(1, 12)\n"
        "assert rules.level_path(3, 1, 1)\n"
        "print('ok')\n"
    )
    done = _run_isolated(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_import_pulls_in_nothing_outside_the_standard_library():
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import rules\n"
        "rules.study_odds(2, '3/4')\n"
        "rules.duel_odds(rules.Caster(1, 1, 'feu'), rules.Caster(1, 1, 'eau'))\n"
        "stdlib = set(sys.stdlib_module_names)\n"
        "extra = sorted(m for m in set(sys.modules) - before\n"
        "               if m.split('.')[0] not in stdlib and m.split('.')[0] != 'rules')\n"
        "print(extra)\n"
    )
    done = _run_isolated(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_sources_avoid_what_pyodide_cannot_do():
    forbidden = ("import threading", "open(", "import os", "import subprocess", "float(")
    for path in (REPO / "rules").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in forbidden:
            assert word not in text, f"{path.name} uses {word}"


def test_stable_magic_is_where_every_cast_stops_changing():
    for modifier in range(-6, 7):
        stable = rules.stable_magic(modifier)
        for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1):
            for extremes in rules.EXTREMES:
                faces = rules.outcome_faces(stable, learning, modifier=modifier, extremes=extremes)
                for magic in range(stable, stable + 8):
                    for lower in range(modifier - 3, modifier + 1):
                        assert (
                            rules.outcome_faces(magic, learning, modifier=lower, extremes=extremes)
                            == faces
                        )
        if stable > 0:  # one level lower, some cast still changes
            assert any(
                rules.outcome_faces(stable - 1, learning, modifier=modifier)
                != rules.outcome_faces(stable, learning, modifier=modifier)
                for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)
            )


def test_probability_text_takes_ascii_digits_only():
    assert rules.study_odds(2, "3/4")
    for text in ("\u0663/\u0664", "\u0660,5", "\uff13/\uff14", "\u0665\u0660 %"):
        with pytest.raises(rules.RulesError, match="probabilité de réussite"):
            rules.study_odds(2, text)
