"""Casting: odds against the 12-face oracle, golden tables, properties, replay."""

import random
from fractions import Fraction as F

import pytest
from hypothesis import given, strategies as st

import rules
import rules_oracles as oracle
from rules import Outcome

magics = st.integers(min_value=0, max_value=40)
learnings = st.integers(min_value=1, max_value=5)
modifiers = st.integers(min_value=-3, max_value=3)
extremes = st.sampled_from(["modified", "natural"])

C, X, W, S, P = (
    Outcome.CRITICAL_FAILURE,
    Outcome.FAILURE,
    Outcome.FLAWED,
    Outcome.SUCCESS,
    Outcome.PERFECT,
)

# Hand-checked: R = face − floor(magic/2); the 2×learning face is perfect.
GOLDEN = {
    # (magic, learning, extremes): (critical, failure, flawed, success, perfect)
    (0, 1, "modified"): (F(1, 12), F(3, 4), F(1, 12), F(0), F(1, 12)),
    (0, 1, "natural"): (F(1, 12), F(3, 4), F(1, 12), F(0), F(1, 12)),
    (0, 5, "modified"): (F(1, 12), F(1, 12), F(1, 12), F(2, 3), F(1, 12)),
    (0, 5, "natural"): (F(1, 12), F(1, 12), F(1, 12), F(2, 3), F(1, 12)),
    (1, 3, "modified"): (F(1, 12), F(5, 12), F(1, 12), F(1, 3), F(1, 12)),
    (1, 3, "natural"): (F(1, 12), F(5, 12), F(1, 12), F(1, 3), F(1, 12)),
    (3, 2, "modified"): (F(0), F(7, 12), F(1, 12), F(1, 4), F(1, 12)),
    (3, 2, "natural"): (F(1, 12), F(1, 2), F(1, 12), F(1, 4), F(1, 12)),
    (6, 3, "modified"): (F(0), F(1, 4), F(1, 12), F(7, 12), F(1, 12)),
    (6, 3, "natural"): (F(1, 12), F(1, 6), F(1, 12), F(7, 12), F(1, 12)),
    (11, 4, "modified"): (F(0), F(0), F(1, 12), F(11, 12), F(0)),
    (11, 4, "natural"): (F(1, 12), F(0), F(1, 12), F(5, 6), F(0)),
    (24, 5, "modified"): (F(0), F(0), F(0), F(1), F(0)),
    (24, 5, "natural"): (F(1, 12), F(0), F(1, 12), F(5, 6), F(0)),
}


@pytest.mark.parametrize("key", list(GOLDEN))
def test_golden_odds_tables(key):
    magic, learning, reading = key
    odds = rules.cast_odds(magic, learning, extremes=reading)
    assert list(odds) == list(Outcome)
    assert tuple(odds.values()) == GOLDEN[key]


def test_default_reading_is_the_modified_result():
    assert rules.cast_odds(3, 2) == rules.cast_odds(3, 2, extremes="modified")
    assert rules.cast_odds(3, 2) != rules.cast_odds(3, 2, extremes="natural")


@pytest.mark.parametrize("reading", ["modified", "natural"])
@pytest.mark.parametrize("learning", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("magic", range(0, 31))
def test_odds_match_the_face_oracle(magic, learning, reading):
    expected = oracle.odds(magic, learning, 0, reading)
    odds = rules.cast_odds(magic, learning, extremes=reading)
    assert {o.value: v for o, v in odds.items()} == expected


@given(magics, learnings, modifiers, extremes)
def test_odds_with_modifier_match_the_oracle(magic, learning, modifier, reading):
    expected = oracle.odds(magic, learning, modifier, reading)
    odds = rules.cast_odds(magic, learning, modifier=modifier, extremes=reading)
    assert {o.value: v for o, v in odds.items()} == expected


@given(magics, learnings, modifiers, extremes)
def test_odds_sum_to_one_with_all_five_keys(magic, learning, modifier, reading):
    odds = rules.cast_odds(magic, learning, modifier=modifier, extremes=reading)
    assert list(odds) == list(Outcome)
    assert sum(odds.values()) == 1
    assert all(isinstance(v, F) and 0 <= v <= 1 for v in odds.values())


def _not_failing(odds):
    return odds[W] + odds[S] + odds[P]


@given(magics, learnings, modifiers, extremes)
def test_not_failing_never_decreases_as_magic_grows(magic, learning, modifier, reading):
    lower = rules.cast_odds(magic, learning, modifier=modifier, extremes=reading)
    higher = rules.cast_odds(magic + 1, learning, modifier=modifier, extremes=reading)
    assert _not_failing(higher) >= _not_failing(lower)


@given(magics, st.integers(min_value=1, max_value=4), extremes)
def test_not_failing_never_decreases_as_learning_grows(magic, learning, reading):
    lower = rules.cast_odds(magic, learning, extremes=reading)
    higher = rules.cast_odds(magic, learning + 1, extremes=reading)
    assert _not_failing(higher) >= _not_failing(lower)


@pytest.mark.parametrize("reading", ["modified", "natural"])
@pytest.mark.parametrize("learning", [1, 2, 3, 4, 5])
def test_a_result_of_11_is_always_a_failure(learning, reading):
    # « un résultat de 11 sera toujours un échec » (line 13): every way to get R = 11.
    seen = 0
    for magic in range(0, 4):
        for modifier in range(-1, 2):
            for face in range(1, 13):
                result = rules.cast(magic, learning, face=face, modifier=modifier, extremes=reading)
                if result.modified == 11:
                    seen += 1
                    # A natural 12 read on the die stays the worse, critical failure.
                    natural_12 = reading == "natural" and face == 12
                    assert result.outcome is (C if natural_12 else X)
                    assert result.xp == 1
    assert seen


def test_reading_a1_on_the_modified_result():
    # R = 12 only without a magic bonus; R = 1 on a mid-die roll for a strong caster.
    assert rules.cast(1, 3, face=12).outcome is C
    assert rules.cast(2, 3, face=12).outcome is X
    assert rules.cast(10, 3, face=6).outcome is W  # R = 6 − 5 = 1
    assert rules.cast(10, 3, face=1).outcome is S  # R = −4: negative is a success (A2)
    assert rules.cast(8, 3, face=4).outcome is S  # R = 0 is a success (A2)
    assert rules.cast(0, 3, face=6).outcome is P
    assert rules.cast(0, 3, face=7).outcome is X


def test_reading_a1_on_the_natural_die():
    assert rules.cast(10, 3, face=12, extremes="natural").outcome is C
    assert rules.cast(10, 3, face=1, extremes="natural").outcome is W
    assert rules.cast(10, 3, face=6, extremes="natural").outcome is S  # R = 1, not a natural 1
    assert rules.cast(0, 3, face=11, modifier=1, extremes="natural").outcome is X  # R = 12
    assert rules.cast(0, 3, face=11, modifier=1).outcome is C


@pytest.mark.parametrize(
    "outcome, xp",
    [(C, 1), (X, 1), (W, 3), (S, 3), (P, 5), ("perfect", 5), ("critical_failure", 1)],
)
def test_xp_for(outcome, xp):
    assert rules.xp_for(outcome) == xp


@given(magics, learnings, modifiers, extremes)
def test_expected_xp_matches_the_oracle(magic, learning, modifier, reading):
    odds = oracle.odds(magic, learning, modifier, reading)
    expected = sum(oracle.XP[o] * p for o, p in odds.items())
    assert rules.expected_xp(magic, learning, modifier=modifier, extremes=reading) == expected


def test_expected_xp_golden():
    assert rules.expected_xp(0, 1) == F(3, 2)  # (10×1 + 3 + 5) / 12
    assert rules.expected_xp(24, 5) == 3


@given(magics, learnings, modifiers, extremes, st.integers(min_value=1, max_value=12))
def test_cast_with_a_face_is_deterministic_and_matches_the_oracle(
    magic, learning, modifier, reading, face
):
    first = rules.cast(magic, learning, face=face, modifier=modifier, extremes=reading)
    again = rules.cast(
        magic, learning, face=face, modifier=modifier, extremes=reading, rng=random.Random(99)
    )
    assert first == again
    assert first.face == face
    assert first.modified == face - magic // 2 + modifier
    assert first.outcome.value == oracle.roll(face, magic, learning, modifier, reading)
    assert first.xp == rules.xp_for(first.outcome)
    assert isinstance(first, rules.CastResult)


@given(magics, learnings, modifiers, extremes)
def test_outcome_faces_match_the_oracle_face_by_face(magic, learning, modifier, reading):
    faces = rules.outcome_faces(magic, learning, modifier=modifier, extremes=reading)
    assert list(faces) == list(Outcome)
    assert sorted(face for group in faces.values() for face in group) == list(range(1, 13))
    for outcome, group in faces.items():
        assert group == tuple(sorted(group))
        assert all(
            oracle.roll(face, magic, learning, modifier, reading) == outcome.value for face in group
        )


def test_outcome_faces_refuse_what_a_cast_refuses():
    with pytest.raises(rules.RulesError, match="apprentissage"):
        rules.outcome_faces(3, 6)


@given(st.integers(min_value=0, max_value=2**32), magics, learnings)
def test_cast_is_replayable_with_a_seed(seed, magic, learning):
    first = [
        rules.cast(magic, learning, rng=rng) for rng in [random.Random(seed)] for _ in range(20)
    ]
    rng = random.Random(seed)
    again = [rules.cast(magic, learning, rng=rng) for _ in range(20)]
    assert first == again
    rng = random.Random(seed)
    assert [c.face for c in again] == [rng.randint(1, 12) for _ in range(20)]


def test_cast_without_rng_rolls_a_valid_face():
    faces = {rules.cast(0, 1).face for _ in range(200)}
    assert faces <= set(range(1, 13))
    assert len(faces) > 1


@given(magics, learnings, modifiers, extremes)
def test_casts_with_the_same_key_have_the_same_figures(magic, learning, modifier, reading):
    # Two more magic cost one more point of the die, as one less modifier does.
    twin = (magic + 2, modifier + 1)
    keys = {
        rules.cast_key(m, learning, modifier=mod, extremes=reading)
        for m, mod in ((magic, modifier), twin)
    }
    assert len(keys) == 1
    for figures in (rules.cast_odds, rules.outcome_faces, rules.expected_xp):
        assert figures(magic, learning, modifier=modifier, extremes=reading) == figures(
            *twin[:1], learning, modifier=twin[1], extremes=reading
        )


@given(magics, learnings, modifiers, magics, learnings, modifiers, extremes)
def test_casts_whose_faces_differ_have_different_keys(m1, l1, d1, m2, l2, d2, reading):
    faces = [
        rules.outcome_faces(m, n, modifier=d, extremes=reading)
        for m, n, d in ((m1, l1, d1), (m2, l2, d2))
    ]
    keys = [
        rules.cast_key(m, n, modifier=d, extremes=reading)
        for m, n, d in ((m1, l1, d1), (m2, l2, d2))
    ]
    assert faces[0] == faces[1] or keys[0] != keys[1]


def test_cast_shift_range_is_where_the_faces_stop_changing():
    # Oracle: scan the shifts far beyond the range; inside it, each bound's neighbour differs.
    low, high = rules.cast_shift_range()

    def faces(shift):
        return tuple(
            tuple(
                sorted(
                    (o.value, f)
                    for o, found in rules.outcome_faces(
                        0, learning, modifier=shift, extremes=extremes
                    ).items()
                    for f in found
                )
            )
            for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)
            for extremes in rules.EXTREMES
        )

    far = 3 * rules.DIE_FACES
    assert all(faces(s) == faces(low) for s in range(low - far, low))
    assert all(faces(s) == faces(high) for s in range(high + 1, high + far))
    assert faces(low + 1) != faces(low) and faces(high - 1) != faces(high)
    # The stable magic is the first bound's, without a modifier.
    assert -(rules.stable_magic() // rules.MAGIC_DIVISOR) == low
