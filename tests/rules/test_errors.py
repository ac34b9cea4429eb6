"""Bad input: always a RulesError (a ValueError) with the exact French message."""

import pickle
from fractions import Fraction as F

import pytest
from hypothesis import given, strategies as st

import rules
from rules import Caster, RulesError

A = Caster(2, 3, "feu")
LEARNING_1_5 = "apprentissage : attendu un entier de 1 à 5, reçu "
MAGIC = "magie : attendu un entier positif ou nul, reçu "
P = "probabilité de réussite : attendu un nombre de 0 à 1 (par exemple 3/4, 0,75 ou 75 %), reçu "
EXTREMES = "lecture des extrêmes : attendu « modified » ou « natural », reçu "
ELEMENT = "élément : attendu feu, vigne, eau ou neutre, reçu "
EXACT = "valeur : attendu un nombre exact (entier ou fraction), reçu "

CASES = [
    # (call, param, message)
    (lambda: rules.cast_odds(0, 7), "learning", LEARNING_1_5 + "7"),
    (lambda: rules.cast_odds(0, 0), "learning", LEARNING_1_5 + "0"),
    (lambda: rules.cast_odds(0, "3"), "learning", LEARNING_1_5 + "« 3 »"),
    (lambda: rules.cast_odds(-1, 1), "magic", MAGIC + "-1"),
    (lambda: rules.cast_odds("abc", 1), "magic", MAGIC + "« abc »"),
    (lambda: rules.cast_odds("", 1), "magic", MAGIC + "une valeur vide"),
    (lambda: rules.cast_odds("   ", 1), "magic", MAGIC + "une valeur vide"),
    (lambda: rules.cast_odds("12", 1), "magic", MAGIC + "« 12 »"),
    (lambda: rules.cast_odds(True, 1), "magic", MAGIC + "un booléen (True)"),
    (lambda: rules.cast_odds(False, 1), "magic", MAGIC + "un booléen (False)"),
    (lambda: rules.cast_odds(2.5, 1), "magic", MAGIC + "2,5"),
    (lambda: rules.cast_odds(2.0, 1), "magic", MAGIC + "2,0"),
    (lambda: rules.cast_odds(None, 1), "magic", MAGIC + "aucune valeur"),
    (lambda: rules.cast_odds(F(1, 2), 1), "magic", MAGIC + "1/2"),
    (lambda: rules.cast_odds([], 1), "magic", MAGIC + "un objet de type list"),
    (lambda: rules.cast_odds("x" * 100, 1), "magic", MAGIC + "« " + "x" * 40 + "… »"),
    (
        lambda: rules.cast_odds(0, 1, modifier="x"),
        "modifier",
        "modificateur : attendu un entier, reçu « x »",
    ),
    (
        lambda: rules.cast_odds(0, 1, modifier=0.5),
        "modifier",
        "modificateur : attendu un entier, reçu 0,5",
    ),
    (lambda: rules.cast_odds(0, 1, extremes="both"), "extremes", EXTREMES + "« both »"),
    (lambda: rules.cast_odds(0, 1, extremes=None), "extremes", EXTREMES + "aucune valeur"),
    (lambda: rules.cast_odds(0, 1, extremes="Natural"), "extremes", EXTREMES + "« Natural »"),
    (
        lambda: rules.cast(0, 1, face=13),
        "face",
        "face du dé : attendu un entier de 1 à 12, reçu 13",
    ),
    (lambda: rules.cast(0, 1, face=0), "face", "face du dé : attendu un entier de 1 à 12, reçu 0"),
    (
        lambda: rules.cast(0, 1, face="6"),
        "face",
        "face du dé : attendu un entier de 1 à 12, reçu « 6 »",
    ),
    (lambda: rules.cast(0, 9, face=6), "learning", LEARNING_1_5 + "9"),
    (lambda: rules.expected_xp(0, 6), "learning", LEARNING_1_5 + "6"),
    (
        lambda: rules.xp_for("bof"),
        "outcome",
        "résultat du lancer : attendu critical_failure, failure, flawed, success ou perfect, reçu « bof »",
    ),
    (
        lambda: rules.xp_for(3),
        "outcome",
        "résultat du lancer : attendu critical_failure, failure, flawed, success ou perfect, reçu 3",
    ),
    (
        lambda: rules.level_up_cost(5, 1),
        "learning",
        "apprentissage : attendu un entier de 0 à 4, reçu 5",
    ),
    (
        lambda: rules.level_up_cost(-1, 1),
        "learning",
        "apprentissage : attendu un entier de 0 à 4, reçu -1",
    ),
    (
        lambda: rules.level_up_cost(1, 0),
        "difficulty",
        "difficulté : attendu un entier de 1 à 5, reçu 0",
    ),
    (
        lambda: rules.level_up_cost(1, 6),
        "difficulty",
        "difficulté : attendu un entier de 1 à 5, reçu 6",
    ),
    (
        lambda: rules.level_up_cost(1, "3"),
        "difficulty",
        "difficulté : attendu un entier de 1 à 5, reçu « 3 »",
    ),
    (
        lambda: rules.gain_xp(6, 0, 0, 1),
        "learning",
        "apprentissage : attendu un entier de 0 à 5, reçu 6",
    ),
    (
        lambda: rules.gain_xp(1, -1, 0, 1),
        "xp",
        "expérience : attendu un entier positif ou nul, reçu -1",
    ),
    (
        lambda: rules.gain_xp(1, 0, -5, 1),
        "gained",
        "gain d'expérience : attendu un entier positif ou nul, reçu -5",
    ),
    (
        lambda: rules.gain_xp(1, 0, True, 1),
        "gained",
        "gain d'expérience : attendu un entier positif ou nul, reçu un booléen (True)",
    ),
    (
        lambda: rules.gain_xp(1, 0, 5, 9),
        "difficulty",
        "difficulté : attendu un entier de 1 à 5, reçu 9",
    ),
    (
        lambda: rules.casts_to_next_level(0, 5, 1),
        "learning",
        "apprentissage : attendu un entier de 1 à 4, reçu 5",
    ),
    (lambda: rules.casts_to_next_level(-2, 1, 1), "magic", MAGIC + "-2"),
    (
        lambda: rules.casts_to_next_level(0, 1, 1, 10),
        "xp",
        "expérience : attendu un entier de 0 à 9, reçu 10",
    ),
    (
        lambda: rules.casts_to_next_level(0, 4, 5, 500),
        "xp",
        "expérience : attendu un entier de 0 à 499, reçu 500",
    ),
    (lambda: rules.casts_to_next_level(0, 1, 1, extremes="x"), "extremes", EXTREMES + "« x »"),
    (
        lambda: rules.level_up_within(0, 1, 1, -1),
        "n",
        "nombre de lancers : attendu un entier positif ou nul, reçu -1",
    ),
    (
        lambda: rules.level_up_within(0, 1, 1, "3"),
        "n",
        "nombre de lancers : attendu un entier positif ou nul, reçu « 3 »",
    ),
    (
        lambda: rules.level_up_within(0, 5, 1, 3),
        "learning",
        "apprentissage : attendu un entier de 1 à 4, reçu 5",
    ),
    (lambda: rules.level_path(0, 6, 1), "learning", LEARNING_1_5 + "6"),
    (lambda: rules.level_path(0, 0, 1), "learning", LEARNING_1_5 + "0"),
    (
        lambda: rules.level_path(0, 2, 1, target=6),
        "target",
        "niveau visé : attendu un entier de 2 à 5, reçu 6",
    ),
    (
        lambda: rules.level_path(0, 3, 1, target=2),
        "target",
        "niveau visé : attendu un entier de 3 à 5, reçu 2",
    ),
    (
        lambda: rules.level_path(0, 2, 6),
        "difficulty",
        "difficulté : attendu un entier de 1 à 5, reçu 6",
    ),
    (lambda: rules.study_xp(7), "hours", "heures : attendu un entier de 1 à 6, reçu 7"),
    (lambda: rules.study_xp(0), "hours", "heures : attendu un entier de 1 à 6, reçu 0"),
    (lambda: rules.study_xp("4"), "hours", "heures : attendu un entier de 1 à 6, reçu « 4 »"),
    (
        lambda: rules.study_xp(4, failed_at=5),
        "failed_at",
        "heure de l'échec : attendu un entier de 1 à 4 ou aucune valeur, reçu 5",
    ),
    (
        lambda: rules.study_xp(4, failed_at=0),
        "failed_at",
        "heure de l'échec : attendu un entier de 1 à 4 ou aucune valeur, reçu 0",
    ),
    (
        lambda: rules.study_xp(2, failed_at=True),
        "failed_at",
        "heure de l'échec : attendu un entier de 1 à 2 ou aucune valeur, reçu un booléen (True)",
    ),
    (lambda: rules.study_odds(7, "1/2"), "hours", "heures : attendu un entier de 1 à 6, reçu 7"),
    (lambda: rules.study_odds(3, "abc"), "p", P + "« abc »"),
    (lambda: rules.study_odds(3, ""), "p", P + "une valeur vide"),
    (lambda: rules.study_odds(3, 0.5), "p", P + "0,5"),
    (lambda: rules.study_odds(3, F(3, 2)), "p", P + "3/2"),
    (lambda: rules.study_odds(3, -1), "p", P + "-1"),
    (lambda: rules.study_odds(3, 2), "p", P + "2"),
    (lambda: rules.study_odds(3, "150 %"), "p", P + "« 150 % »"),
    (lambda: rules.study_odds(3, "3/0"), "p", P + "« 3/0 »"),
    (lambda: rules.study_odds(3, "1,5"), "p", P + "« 1,5 »"),
    (lambda: rules.study_odds(3, "-0,5"), "p", P + "« -0,5 »"),
    (lambda: rules.study_odds(3, "0,5,5"), "p", P + "« 0,5,5 »"),
    (lambda: rules.study_odds(3, True), "p", P + "un booléen (True)"),
    (lambda: rules.study_odds(3, None), "p", P + "aucune valeur"),
    (lambda: rules.study_expected(3, 2), "p", P + "2"),
    (lambda: rules.best_study_hours("x"), "p", P + "« x »"),
    (lambda: Caster(-1, 1, "feu"), "magic", MAGIC + "-1"),
    (lambda: Caster(0, 6, "feu"), "learning", LEARNING_1_5 + "6"),
    (lambda: Caster(0, 1, "air"), "element", ELEMENT + "« air »"),
    (lambda: Caster(0, 1, "Feu"), "element", ELEMENT + "« Feu »"),
    (lambda: Caster(0, 1, ""), "element", ELEMENT + "une valeur vide"),
    (lambda: rules.dominance("feu", "terre"), "element", ELEMENT + "« terre »"),
    (
        lambda: rules.clash_odds(A, "x"),
        "caster",
        "sorcier : attendu un sorcier (Caster), reçu « x »",
    ),
    (
        lambda: rules.duel_breakdown(None, A),
        "caster",
        "sorcier : attendu un sorcier (Caster), reçu aucune valeur",
    ),
    (lambda: rules.duel_odds(A, A, extremes="x"), "extremes", EXTREMES + "« x »"),
    (lambda: rules.format_percent(0.5), "value", EXACT + "0,5"),
    (lambda: rules.format_percent("1/2"), "value", EXACT + "« 1/2 »"),
    (
        lambda: rules.format_percent(F(1, 2), -1),
        "digits",
        "chiffres après la virgule : attendu un entier positif ou nul, reçu -1",
    ),
    (lambda: rules.format_decimal(None), "value", EXACT + "aucune valeur"),
    (lambda: rules.format_fraction(True), "value", EXACT + "un booléen (True)"),
    (lambda: rules.one_in(F(3, 2)), "value", "valeur : attendu une probabilité de 0 à 1, reçu 3/2"),
    (lambda: rules.one_in(-1), "value", "valeur : attendu une probabilité de 0 à 1, reçu -1"),
]


@pytest.mark.parametrize("call, param, message", CASES)
def test_bad_input_gets_the_french_message(call, param, message):
    with pytest.raises(RulesError) as caught:
        call()
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == message
    assert caught.value.param == param


def test_the_issues_example_message():
    with pytest.raises(ValueError, match="^apprentissage : attendu un entier de 1 à 5, reçu 7$"):
        rules.cast_odds(3, 7)


def test_rules_error_survives_pickling():
    with pytest.raises(RulesError) as caught:
        rules.cast_odds(0, 7)
    copy = pickle.loads(pickle.dumps(caught.value))
    assert str(copy) == str(caught.value) and copy.param == "learning"


anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-50, max_value=50),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.fractions(),
    st.lists(st.integers(), max_size=2),
)


@given(anything, anything, anything)
def test_any_input_either_works_or_gets_a_rules_error(magic, learning, modifier):
    try:
        odds = rules.cast_odds(magic, learning, modifier=modifier)
    except RulesError as error:
        assert str(error).split(" : ")[0] in ("magie", "apprentissage", "modificateur")
    else:
        assert sum(odds.values()) == 1


@given(anything, anything)
def test_any_study_input_either_works_or_gets_a_rules_error(hours, p):
    try:
        odds = rules.study_odds(hours, p)
    except RulesError as error:
        assert error.param in ("hours", "p")
    else:
        assert sum(odds.values()) == 1
