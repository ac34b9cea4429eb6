"""Level-ups: costs, XP bookkeeping, and the exact odds of progressing by casting,
checked against a forward propagation and a linear solve written in the tests."""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings, strategies as st

import rules
import rules_oracles as oracle

extremes = st.sampled_from(["modified", "natural"])
difficulties = st.integers(min_value=1, max_value=5)


# --- costs (rules lines 21–27) -------------------------------------------------


@pytest.mark.parametrize("difficulty", [1, 2, 3, 4, 5])
def test_level_up_costs_are_the_documents(difficulty):
    assert [rules.level_up_cost(level, difficulty) for level in range(0, 5)] == [
        None,
        10 * difficulty,
        25 * difficulty,
        50 * difficulty,
        100 * difficulty,
    ]


def test_level_up_cost_golden():
    assert rules.level_up_cost(1, 1) == 10
    assert rules.level_up_cost(2, 3) == 75
    assert rules.level_up_cost(4, 5) == 500
    assert rules.level_up_cost(0, 5) is None


# --- gain_xp ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, expected",
    [
        ((1, 0, 9, 1), (1, 9)),
        ((1, 0, 10, 1), (2, 0)),
        ((1, 9, 3, 1), (2, 2)),
        ((1, 5, 300, 1), (5, 120)),  # 6 hours of study chain 4 level-ups: 305 − 185
        ((2, 0, 300, 2), (4, 150)),  # 300 − 50 − 100 at difficulty 2; 4 → 5 needs 200
        ((4, 0, 499, 5), (4, 499)),
        ((4, 0, 500, 5), (5, 0)),
        ((5, 7, 5, 3), (5, 12)),  # XP keeps accruing at 5
        ((0, 0, 300, 1), (0, 300)),  # 0 → 1 needs role-play
        ((1, 30, 0, 1), (2, 20)),  # an XP total above the cost is settled too
        ((1, 35, 0, 1), (3, 0)),
    ],
)
def test_gain_xp_examples(args, expected):
    assert rules.gain_xp(*args) == expected


def _spent(start, end, difficulty):
    return sum(oracle.cost(level, difficulty) for level in range(start, end))


@given(
    st.integers(min_value=0, max_value=5),
    st.integers(min_value=0, max_value=2000),
    st.integers(min_value=0, max_value=2000),
    difficulties,
)
def test_gain_xp_never_loses_xp_except_what_level_ups_spend(learning, xp, gained, difficulty):
    new_learning, new_xp = rules.gain_xp(learning, xp, gained, difficulty)
    assert learning <= new_learning <= 5
    assert new_xp >= 0
    if learning == 0:
        assert new_learning == 0
    assert xp + gained == new_xp + _spent(learning, new_learning, difficulty)
    if 1 <= new_learning < 5:
        assert new_xp < oracle.cost(new_learning, difficulty)


@given(
    st.integers(min_value=1, max_value=5),
    st.integers(min_value=0, max_value=20),
    st.integers(min_value=0, max_value=600),
    st.integers(min_value=0, max_value=600),
    difficulties,
)
def test_gain_xp_in_two_steps_equals_one_step(learning, xp, first, second, difficulty):
    mid = rules.gain_xp(learning, xp, first, difficulty)
    assert rules.gain_xp(*mid, second, difficulty) == rules.gain_xp(
        learning, xp, first + second, difficulty
    )


# --- expected casts to the next level --------------------------------------------

SMALL_CASES = [
    # (magic, learning, difficulty, xp, extremes): cost at most 100 XP
    (0, 1, 1, 0, "modified"),
    (0, 1, 1, 7, "natural"),
    (3, 1, 2, 0, "modified"),
    (3, 1, 2, 19, "natural"),
    (6, 2, 1, 0, "modified"),
    (6, 2, 1, 24, "modified"),
    (11, 2, 2, 3, "natural"),
    (0, 3, 1, 0, "natural"),
    (24, 3, 2, 50, "modified"),
    (2, 4, 1, 0, "modified"),
    (9, 4, 1, 98, "natural"),
]


@pytest.mark.parametrize("case", SMALL_CASES)
def test_casts_to_next_level_and_level_up_within_match_forward_propagation(case):
    magic, learning, difficulty, xp, reading = case
    expected, within = oracle.forward_progress(
        magic, learning, difficulty, xp, learning + 1, reading
    )
    assert rules.casts_to_next_level(magic, learning, difficulty, xp, extremes=reading) == expected
    for n, chance in enumerate(within + [F(1)] * 3):
        assert rules.level_up_within(magic, learning, difficulty, n, xp, extremes=reading) == chance


@pytest.mark.parametrize("case", SMALL_CASES)
def test_the_level_up_curve_is_the_forward_propagation_to_the_end(case):
    magic, learning, difficulty, xp, reading = case
    _, within = oracle.forward_progress(magic, learning, difficulty, xp, learning + 1, reading)
    curve = rules.level_up_curve(magic, learning, difficulty, xp, extremes=reading)
    # Without a bound, it runs to the first count at which the level-up is certain.
    assert curve[-1] == 1 and (len(curve) == 1 or curve[-2] < 1)
    assert list(curve) == (within + [F(1)] * len(curve))[: len(curve)]


@pytest.mark.parametrize(
    "magic, learning, difficulty, xp, until, n",
    [
        (4, 1, 1, 0, F(99, 100), 0),
        (6, 2, 3, 15, F(1, 2), 0),
        (0, 4, 5, 0, F(99, 100), 3),
        (12, 3, 2, 7, F(1, 2), 40),
        (4, 2, 1, 0, F(1), 0),
    ],
)
def test_the_level_up_curve_stops_at_its_bound_and_the_casts_asked(
    magic, learning, difficulty, xp, until, n
):
    curve = rules.level_up_curve(magic, learning, difficulty, xp, until=until, n=n)
    assert list(curve) == [
        rules.level_up_within(magic, learning, difficulty, k, xp) for k in range(len(curve))
    ]
    last = len(curve) - 1
    assert last >= n or curve[-1] == 1
    assert curve[-1] >= until or last == n
    # The first count past both bounds, not one more.
    assert last == 0 or curve[-2] < until or last - 1 < n


def test_the_level_up_curve_refuses_what_the_engine_refuses():
    with pytest.raises(rules.RulesError, match="nombre de lancers"):
        rules.level_up_curve(4, 1, 1, n=-1)
    with pytest.raises(rules.RulesError, match="probabilité"):
        rules.level_up_curve(4, 1, 1, until="2")
    with pytest.raises(rules.RulesError, match="apprentissage"):
        rules.level_up_curve(4, 5, 1)


@pytest.mark.parametrize(
    "magic, learning, reading",
    [(0, 1, "modified"), (5, 1, "natural"), (8, 1, "modified"), (2, 2, "natural")],
)
def test_expected_casts_match_a_linear_solve(magic, learning, reading):
    # Gauss–Jordan on every state of two levels at difficulty 1: a different method.
    solved = oracle.linear_solve_expected(magic, learning, 1, learning + 2, reading)
    for xp in range(oracle.cost(learning, 1)):
        path = rules.level_path(magic, learning, 1, xp, extremes=reading, target=learning + 2)
        assert path[-1].expected_casts == solved[(learning, xp)]
        assert path[0].expected_casts == rules.casts_to_next_level(
            magic, learning, 1, xp, extremes=reading
        )


@pytest.mark.parametrize("magic, reading", [(0, "modified"), (7, "natural")])
def test_level_path_to_5_matches_forward_propagation(magic, reading):
    path = rules.level_path(magic, 1, 1, 0, extremes=reading)
    assert [step.to_level for step in path] == [2, 3, 4, 5]
    for step in path:
        expected, _ = oracle.forward_progress(magic, 1, 1, 0, step.to_level, reading)
        assert step.expected_casts == expected


def test_level_path_golden_figures():
    # magic 24: every cast succeeds (+3), so casts = ceil(XP still needed / 3) with carries.
    path = rules.level_path(24, 1, 1)
    assert [(s.to_level, s.cost, s.xp_needed) for s in path] == [
        (2, 10, 10),
        (3, 25, 35),
        (4, 50, 85),
        (5, 100, 185),
    ]
    assert [s.expected_casts for s in path] == [4, 12, 29, 62]
    assert rules.casts_to_next_level(24, 1, 1) == 4
    assert rules.casts_to_next_level(24, 1, 1, 9) == 1
    assert rules.level_up_within(24, 1, 1, 3) == 0
    assert rules.level_up_within(24, 1, 1, 4) == 1


@given(
    st.integers(min_value=0, max_value=30),
    st.integers(min_value=1, max_value=4),
    difficulties,
    st.data(),
    extremes,
)
@settings(max_examples=60, deadline=None)
def test_expected_casts_positive_finite_and_bounded(magic, learning, difficulty, data, reading):
    cost = oracle.cost(learning, difficulty)
    xp = data.draw(st.integers(min_value=0, max_value=cost - 1))
    expected = rules.casts_to_next_level(magic, learning, difficulty, xp, extremes=reading)
    assert isinstance(expected, F)
    # Gains are 1 to 5 XP per cast.
    assert F(cost - xp, 5) <= expected <= cost - xp
    path = rules.level_path(magic, learning, difficulty, xp, extremes=reading)
    assert path[0].expected_casts == expected
    casts = [step.expected_casts for step in path]
    assert casts == sorted(casts) and len(set(casts)) == len(casts)
    assert [step.to_level for step in path] == list(range(learning + 1, 6))
    assert path[-1].xp_needed == _spent(learning, 5, difficulty) - xp


@given(
    st.integers(min_value=0, max_value=30),
    st.integers(min_value=1, max_value=4),
    st.integers(min_value=1, max_value=2),
    st.integers(min_value=0, max_value=60),
    extremes,
)
@settings(max_examples=40, deadline=None)
def test_level_up_within_is_a_growing_probability(magic, learning, difficulty, n, reading):
    now = rules.level_up_within(magic, learning, difficulty, n, extremes=reading)
    later = rules.level_up_within(magic, learning, difficulty, n + 1, extremes=reading)
    assert 0 <= now <= later <= 1
    cost = oracle.cost(learning, difficulty)
    if 5 * n < cost:
        assert now == 0
    if n >= cost:
        assert now == 1


def test_level_path_at_the_top_and_with_a_target():
    assert rules.level_path(3, 5, 2) == ()
    assert rules.level_path(3, 5, 2, 1000) == ()
    assert rules.level_path(3, 2, 2, target=2) == ()
    assert rules.level_path(3, 2, 2, target=4) == rules.level_path(3, 2, 2)[:2]


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=0, max_value=20),
    st.integers(min_value=1, max_value=5),
    st.integers(min_value=1, max_value=5),
    st.integers(min_value=0, max_value=9),
    st.integers(min_value=0, max_value=30),
    st.sampled_from(["modified", "natural"]),
)
def test_states_with_the_same_key_progress_alike(half, learning, difficulty, xp, n, reading):
    even, odd = 2 * half, 2 * half + 1  # the same ⌊magic / 2⌋
    assert rules.progression_key(
        even, learning, difficulty, xp, extremes=reading
    ) == rules.progression_key(odd, learning, difficulty, xp, extremes=reading)
    assert rules.level_path(even, learning, difficulty, xp, extremes=reading) == rules.level_path(
        odd, learning, difficulty, xp, extremes=reading
    )
    if learning < 5:
        for figures in (rules.casts_to_next_level,):
            assert figures(even, learning, difficulty, xp, extremes=reading) == figures(
                odd, learning, difficulty, xp, extremes=reading
            )
        assert rules.level_up_within(
            even, learning, difficulty, n, xp, extremes=reading
        ) == rules.level_up_within(odd, learning, difficulty, n, xp, extremes=reading)
    # Another ⌊magic / 2⌋, another key.
    assert rules.progression_key(
        even + 2, learning, difficulty, xp, extremes=reading
    ) != rules.progression_key(even, learning, difficulty, xp, extremes=reading)


def test_a_curve_asked_from_two_states_with_the_same_gains_and_xp_short_is_computed_once():
    from rules.progression import _curve

    _curve.cache_clear()
    # Difficulty 2 with 10 XP is 10 XP short of its level-up, as difficulty 1 with none; past the
    # stable magic the gains no longer change.
    first = rules.level_up_curve(4, 1, 2, 10)
    assert rules.level_up_curve(4, 1, 1, 0) == first
    top = rules.stable_magic()
    assert rules.level_up_curve(top, 1, 1) == rules.level_up_curve(top + 4, 1, 1)
    assert (_curve.cache_info().hits, _curve.cache_info().misses) == (2, 2)
    _, within = oracle.forward_progress(4, 1, 1, 0, 2, "modified")
    assert list(first) == (within + [F(1)] * len(first))[: len(first)]
    # Another bound is another curve.
    assert rules.level_up_curve(4, 1, 1, until=F(1, 2)) != first
    assert _curve.cache_info().misses == 3
