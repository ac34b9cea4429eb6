"""Duels: dominance, and the exact odds against enumerations of every die face."""

from fractions import Fraction as F
from itertools import product

import pytest
from hypothesis import given, strategies as st

import rules
import rules_oracles as oracle
from rules import Caster

ELEMENTS = ["feu", "vigne", "eau", "neutre"]
casters = st.builds(
    Caster,
    st.integers(min_value=0, max_value=26),
    st.integers(min_value=1, max_value=5),
    st.sampled_from(ELEMENTS),
)
extremes = st.sampled_from(["modified", "natural"])

DOMINANCE = {
    ("feu", "vigne"): "a",  # le feu brûle la vigne
    ("vigne", "eau"): "a",  # la vigne puise dans l'eau
    ("eau", "feu"): "a",  # l'eau éteint le feu
    ("vigne", "feu"): "b",
    ("eau", "vigne"): "b",
    ("feu", "eau"): "b",
}


@pytest.mark.parametrize("a, b", list(product(ELEMENTS, ELEMENTS)))
def test_dominance_table(a, b):
    assert rules.dominance(a, b) == DOMINANCE.get((a, b))
    assert rules.dominance(a, b) == oracle.element_winner(a, b)


STATS = [(0, 1), (0, 5), (3, 2), (6, 3), (11, 4), (24, 5)]


@pytest.mark.parametrize("reading", ["modified", "natural"])
@pytest.mark.parametrize("elements", list(product(ELEMENTS, ELEMENTS)))
@pytest.mark.parametrize(
    "stats",
    [(STATS[0], STATS[1]), (STATS[2], STATS[3]), (STATS[4], STATS[2]), (STATS[5], STATS[0])],
)
def test_duel_odds_match_every_face_of_both_rolls(stats, elements, reading):
    (ma, la), (mb, lb) = stats
    ea, eb = elements
    clash, duel = oracle.duel_by_faces((ma, la, ea), (mb, lb, eb), reading)
    a, b = Caster(ma, la, ea), Caster(mb, lb, eb)
    assert rules.clash_odds(a, b, extremes=reading) == clash
    assert rules.duel_odds(a, b, extremes=reading) == duel


@given(casters, casters, extremes)
def test_clash_and_duel_match_the_oracle(a, b, reading):
    clash, duel = oracle.duel_by_faces(
        (a.magic, a.learning, a.element), (b.magic, b.learning, b.element), reading
    )
    assert rules.clash_odds(a, b, extremes=reading) == clash
    assert rules.duel_odds(a, b, extremes=reading) == duel


@given(casters, casters, extremes)
def test_clash_odds_are_symmetric_when_casters_swap(a, b, reading):
    ab = rules.clash_odds(a, b, extremes=reading)
    ba = rules.clash_odds(b, a, extremes=reading)
    assert (ab["a"], ab["b"], ab["cancel"]) == (ba["b"], ba["a"], ba["cancel"])
    dab, dba = rules.duel_odds(a, b, extremes=reading), rules.duel_odds(b, a, extremes=reading)
    assert (dab["a"], dab["b"], dab["cancel"], dab["none"]) == (
        dba["b"],
        dba["a"],
        dba["cancel"],
        dba["none"],
    )


@given(casters, casters, extremes)
def test_odds_sum_to_one_with_every_key(a, b, reading):
    clash = rules.clash_odds(a, b, extremes=reading)
    duel = rules.duel_odds(a, b, extremes=reading)
    assert list(clash) == ["a", "b", "cancel"] and sum(clash.values()) == 1
    assert list(duel) == ["a", "b", "cancel", "none"] and sum(duel.values()) == 1
    if rules.dominance(a.element, b.element) is not None:
        assert clash["cancel"] == 0  # with a dominant spell nothing cancels (E4)


@given(casters, casters, extremes)
def test_breakdown_is_consistent(a, b, reading):
    d = rules.duel_breakdown(a, b, extremes=reading)
    assert d.dominant == rules.dominance(a.element, b.element)
    assert (d.modifier_a, d.modifier_b) == {"a": (-1, 1), "b": (1, -1), None: (0, 0)}[d.dominant]

    def not_failing(c, m):
        return 1 - sum(
            v
            for o, v in rules.cast_odds(c.magic, c.learning, modifier=m, extremes=reading).items()
            if o in (rules.Outcome.FAILURE, rules.Outcome.CRITICAL_FAILURE)
        )

    assert d.cast_a == not_failing(a, 0) and d.cast_b == not_failing(b, 0)
    assert d.test_a == not_failing(a, d.modifier_a) and d.test_b == not_failing(b, d.modifier_b)
    assert [(r.a_passed, r.b_passed) for r in d.rows] == [
        (True, True),
        (True, False),
        (False, True),
        (False, False),
    ]
    assert sum(r.probability for r in d.rows) == 1
    assert [r.result for r in d.rows][1:3] == ["a", "b"]
    assert d.rows[0].result == d.rows[3].result == (d.dominant or "cancel")
    assert dict(d.clash) == rules.clash_odds(a, b, extremes=reading)
    assert dict(d.odds) == rules.duel_odds(a, b, extremes=reading)


def test_duel_golden_example():
    # A: magic 4 (−2), learning 3 (≤ 6 casts), fire; B: magic 2 (−1), learning 2 (≤ 4), vine.
    a, b = Caster(4, 3, "feu"), Caster(2, 2, "vigne")
    d = rules.duel_breakdown(a, b)
    assert (d.dominant, d.modifier_a, d.modifier_b) == ("a", -1, 1)
    assert (d.cast_a, d.cast_b) == (F(2, 3), F(5, 12))  # faces ≤ 8, faces ≤ 5
    assert (d.test_a, d.test_b) == (F(3, 4), F(1, 3))  # faces ≤ 9, faces ≤ 4
    assert [r.probability for r in d.rows] == [F(1, 4), F(1, 2), F(1, 12), F(1, 6)]
    assert [r.result for r in d.rows] == ["a", "a", "b", "a"]
    assert rules.clash_odds(a, b) == {"a": F(11, 12), "b": F(1, 12), "cancel": 0}
    assert rules.duel_odds(a, b) == {
        "a": F(139, 216),
        "b": F(35, 216),
        "cancel": 0,
        "none": F(7, 36),
    }


def test_without_dominance_both_or_none_cancel():
    a, b = Caster(0, 5, "neutre"), Caster(0, 5, "feu")
    clash = rules.clash_odds(a, b)
    # Each test passes on 10 faces of 12 (fails on 11 and 12).
    assert clash == {"a": F(10, 12) * F(2, 12), "b": F(10, 12) * F(2, 12), "cancel": F(104, 144)}
