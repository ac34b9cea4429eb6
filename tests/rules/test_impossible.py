"""An outcome no die face gives is explained by the engine, in French, with the figures."""

from __future__ import annotations

import re

import pytest

import rules
from rules import Outcome


def test_perfect_at_magic_6_and_learning_5_says_why():
    assert rules.cast_odds(6, 5)[Outcome.PERFECT] == 0
    assert rules.impossible_reason("perfect", 6, 5) == (
        "« Parfait » est impossible : il faut R = 10 (apprentissage 5 × 2), or R = d12 − 3 "
        "(magie 6 ÷ 2, arrondi à l’inférieur) va de −2 à 9."
    )


@pytest.mark.parametrize("extremes", rules.EXTREMES)
def test_a_reason_exactly_when_no_face_gives_the_outcome(extremes):
    for magic in range(0, 31):
        for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1):
            for modifier in (-1, 0, 1):
                faces = rules.outcome_faces(magic, learning, modifier=modifier, extremes=extremes)
                results = [
                    rules.cast(
                        magic, learning, face=f, modifier=modifier, extremes=extremes
                    ).modified
                    for f in range(1, 13)
                ]
                if extremes == "natural":
                    results = results[1:-1]
                for outcome in Outcome:
                    reason = rules.impossible_reason(
                        outcome, magic, learning, modifier=modifier, extremes=extremes
                    )
                    if faces[outcome]:
                        assert reason is None
                        continue
                    assert reason.startswith(f"« {outcome.label} » est impossible : il faut R ")
                    low, high = re.search(r"va de (−?\d+) à (−?\d+)\.$", reason).groups()
                    assert [int(low.replace("−", "-")), int(high.replace("−", "-"))] == [
                        min(results),
                        max(results),
                    ]


def test_a_bad_outcome_is_refused_in_french():
    with pytest.raises(rules.RulesError, match="résultat du lancer : attendu critical_failure"):
        rules.impossible_reason("raté", 6, 5)


def test_the_sentence_is_its_two_parts_and_one_cast_has_one_tail():
    for extremes in rules.EXTREMES:
        for magic in range(0, rules.stable_magic() + 3):
            for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1):
                for modifier in (-3, 0, 4):
                    tails = set()
                    for outcome in rules.Outcome:
                        kw = {"modifier": modifier, "extremes": extremes}
                        parts = rules.impossible_parts(outcome, magic, learning, **kw)
                        reason = rules.impossible_reason(outcome, magic, learning, **kw)
                        assert (parts is None) == (reason is None)
                        if parts:
                            head, tail = parts
                            assert head + tail == reason
                            assert head.startswith(f"« {outcome.label} »")
                            assert tail.startswith(", or ")
                            tails.add(tail)
                    assert len(tails) <= 1
