"""Study sessions: XP per session, exact odds over every sequence of tests."""

from decimal import Decimal
from fractions import Fraction as F

import pytest
from hypothesis import given, strategies as st

import rules
import rules_oracles as oracle

probabilities = st.fractions(min_value=0, max_value=1, max_denominator=50)
hours = st.integers(min_value=1, max_value=6)


def test_the_documents_example_13_xp_for_a_failed_4th_hour():
    # « échoue … à la 4e heure, il ne reçoit donc que l'xp de la 3e heure divisés par deux, soit 13xp »
    assert rules.study_xp(4, failed_at=4) == 13
    assert rules.study_xp(4) == 55


@pytest.mark.parametrize("planned", [1, 2, 3, 4, 5, 6])
def test_study_xp_golden_table(planned):
    full = {1: 5, 2: 12, 3: 25, 4: 55, 5: 125, 6: 300}
    halved = {1: 0, 2: 3, 3: 6, 4: 13, 5: 28, 6: 63}  # ceil(previous total / 2), 0 in hour 1
    assert rules.study_xp(planned) == full[planned]
    assert rules.study_xp(planned, None) == full[planned]
    for hour in range(1, planned + 1):
        assert rules.study_xp(planned, failed_at=hour) == halved[hour]


@pytest.mark.parametrize("planned", [1, 2, 3, 4])
@pytest.mark.parametrize("p", [F(0), F(1, 2), F(2, 3), F(9, 10), F(1)])
def test_study_odds_match_every_sequence_of_tests(planned, p):
    # 2^(number of tests) sequences: up to 2^11 for 4 hours.
    assert rules.study_odds(planned, p) == oracle.study_by_sequences(planned, p)


@given(hours, probabilities)
def test_study_odds_match_the_test_by_test_tree(planned, p):
    odds = rules.study_odds(planned, p)
    tree = oracle.study_by_tree(planned, p)
    assert odds == tree
    assert sum(odds.values()) == 1
    assert list(odds) == sorted(odds)
    assert all(type(v) is F for v in odds.values())


def test_study_odds_golden():
    # 2 hours, p = 1/2: hour 1 has 2 tests, hour 2 has 2 tests.
    assert rules.study_odds(2, F(1, 2)) == {0: F(3, 4), 3: F(3, 16), 12: F(1, 16)}
    assert rules.study_odds(1, 1) == {0: 0, 5: 1}
    assert rules.study_odds(6, 0) == {0: 1, 3: 0, 6: 0, 13: 0, 28: 0, 63: 0, 300: 0}


@pytest.mark.parametrize(
    "text",
    [
        "3/4",
        " 3 / 4 ",
        "0,75",
        "0.75",
        ",75",
        "75 %",
        "75%",
        "75\u00a0%",
        "75\u202f%",
        F(3, 4),
        Decimal("0.75"),
    ],
)
def test_probability_spellings(text):
    assert rules.study_odds(3, text) == rules.study_odds(3, F(3, 4))


@pytest.mark.parametrize(
    "text, value", [("1", F(1)), ("0", F(0)), ("100 %", F(1)), ("12,5 %", F(1, 8)), (1, F(1))]
)
def test_probability_edges(text, value):
    assert rules.study_expected(2, text) == rules.study_expected(2, value)


@given(hours, probabilities)
def test_study_expected_is_the_mean(planned, p):
    expected = sum(xp * chance for xp, chance in oracle.study_by_tree(planned, p).items())
    assert rules.study_expected(planned, p) == expected


@given(probabilities)
def test_best_study_hours_is_the_first_maximum(p):
    means = [sum(xp * c for xp, c in oracle.study_by_tree(h, p).items()) for h in range(1, 7)]
    best = max(means)
    assert rules.best_study_hours(p) == (means.index(best) + 1, best)


def test_best_study_hours_golden():
    assert rules.best_study_hours(1) == (6, 300)
    assert rules.best_study_hours(0) == (1, 0)  # all equal: the shorter session
    # p = 1/2: 1 h → 5/4; 2 h → 3×3/16 + 12×1/16 = 21/16; 3 h → 139/128.
    assert rules.best_study_hours(F(1, 2)) == (2, F(21, 16))
    hours_, value = rules.best_study_hours("90 %")
    assert hours_ == 6 and value == rules.study_expected(6, F(9, 10))


def test_tests_in_hour_is_what_the_odds_of_a_whole_session_count():
    # Oracle: at a chance of one half per test, a session passed whole has the chance one half to
    # the power of all its tests.
    before = 0
    for hours in rules.STUDY_XP:
        whole = rules.study_odds(hours, F(1, 2))[rules.study_xp(hours)]
        total = sum(rules.tests_in_hour(h) for h in range(1, hours + 1))
        assert whole == F(1, 2**total)
        assert total > before
        before = total
    with pytest.raises(rules.RulesError):
        rules.tests_in_hour(rules.MAX_STUDY_HOURS + 1)
