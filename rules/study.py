"""Studying a spell: the XP of a study session and its exact odds.

Readings D1–D4 of the rules (lines 29–37): the XP values are totals for a
session of that length; hour 1 holds one comprehension test then one
resolution test, hour k ≥ 2 holds k resolution tests; the session stops at
the first failed test, and a failure in hour h earns the XP of h − 1 hours
halved and rounded up, ``(xp + 1) // 2`` (25 → 13), so 0 XP in hour 1.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from . import errors
from .constants import STUDY_XP

__all__ = [
    "STUDY_XP",
    "best_study_hours",
    "study_expected",
    "study_odds",
    "study_xp",
    "tests_in_hour",
]


def tests_in_hour(hour: int) -> int:
    """Return the number of tests of hour ``hour`` (1–6) of a study session (reading D3): a
    comprehension test and a resolution test in hour 1, then k resolution tests in hour k."""
    hour = errors.hours(hour)
    return 2 if hour == 1 else hour


def _failed_xp(hour: int) -> int:
    # D2 and D4: half of the previous hour's total, rounded up; nothing in hour 1.
    return 0 if hour == 1 else (STUDY_XP[hour - 1] + 1) // 2


def study_xp(hours: int, failed_at: int | None = None) -> int:
    """Return the XP of a study session planned for ``hours`` hours (1–6).

    ``failed_at`` is the hour (1 to ``hours``) in which a test failed, or
    None when every test passed.
    """
    hours = errors.hours(hours)
    if failed_at is None:
        return STUDY_XP[hours]
    if isinstance(failed_at, int) and not isinstance(failed_at, bool) and 1 <= failed_at <= hours:
        return _failed_xp(failed_at)
    raise errors.invalid("failed_at", f"un entier de 1 à {hours} ou aucune valeur", failed_at)


def study_odds(hours: int, p: Fraction | int | str) -> dict[int, Fraction]:
    """Return the exact distribution of the XP of a session planned for ``hours``.

    Each test passes independently with probability ``p`` (a Fraction, or
    text such as "3/4", "0,75", "75 %"). A fresh dict ``{xp: Fraction}`` in
    increasing XP, one key per way the session can end (failure in hour
    1, …, failure in the last hour, all passed), summing to exactly 1;
    keys of impossible endings are kept with probability 0.
    """
    return dict(_odds(errors.hours(hours), errors.probability(p)))


@functools.lru_cache(maxsize=256)
def _odds(hours: int, p: Fraction) -> tuple[tuple[int, Fraction], ...]:
    # Kept: a study answer asks the odds of every length for the same chance.
    odds: dict[int, Fraction] = {}
    reached = Fraction(1)  # probability that every earlier test passed
    for hour in range(1, hours + 1):
        passed = p ** tests_in_hour(hour)
        odds[_failed_xp(hour)] = reached * (1 - passed)
        reached *= passed
    odds[STUDY_XP[hours]] = reached
    return tuple(odds.items())


def study_expected(hours: int, p: Fraction | int | str) -> Fraction:
    """Return the exact expected XP of a session planned for ``hours`` hours."""
    return _expected(errors.hours(hours), errors.probability(p))


@functools.lru_cache(maxsize=256)
def _expected(hours: int, p: Fraction) -> Fraction:
    return sum((xp * chance for xp, chance in _odds(hours, p)), Fraction(0))


def best_study_hours(p: Fraction | int | str) -> tuple[int, Fraction]:
    """Return (hours, expected XP) of the planned length 1–6 with the highest
    expected XP; ties go to the shorter session."""
    p = errors.probability(p)
    best: tuple[int, Fraction] | None = None
    for hours in STUDY_XP:
        expected = study_expected(hours, p)
        if best is None or expected > best[1]:
            best = (hours, expected)
    assert best is not None  # STUDY_XP is not empty
    return best
