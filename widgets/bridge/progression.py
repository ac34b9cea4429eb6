"""The progression and study calculators: the road to the next apprentissage, and an evening's
study."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import rules

from .fields import Answer, Values, fields, run
from .formatting import number, probability

__all__ = ["CURVE_INTERVALS", "CURVE_UNTIL", "PROGRESSION_FIELDS", "progression", "study"]

PROGRESSION_FIELDS = ("magic", "learning", "difficulty", "xp", "n", "extremes")

#: The progression's curve runs until the chance of the level-up reaches this (or the casts asked
#: for, if more)...
CURVE_UNTIL = Fraction(99, 100)
#: ...drawn through at most this many intervals of casts, the chances in thousandths (the exact
#: figures are the answer's text and its text equivalent).
CURVE_INTERVALS = 32
#: The chances the curve's text equivalent says the count of casts for.
CURVE_MILESTONES = (Fraction(1, 2), Fraction(9, 10))
#: The steps between the labelled counts of casts (the smallest leaving at most CURVE_TICKS).
_TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
CURVE_TICKS = 6


def progression(request: dict[str, Any]) -> Answer:
    """The answer to a progression request."""
    return run(_progression_figures, fields(request, PROGRESSION_FIELDS))


def study(request: dict[str, Any]) -> Answer:
    """The answer to a study request."""
    return run(_study_figures, fields(request, ("hours", "p")))


def _progression_figures(v: Values) -> Answer:
    magic, learning, difficulty = v["magic"], v["learning"], v["difficulty"]
    xp, n, extremes = v["xp"], v["n"], v["extremes"]
    path = rules.level_path(magic, learning, difficulty, xp, extremes=extremes)
    figures = {
        "ok": True,
        "calc": "progression",
        "inputs": {
            "magic": magic,
            "learning": learning,
            "difficulty": difficulty,
            "xp": xp,
            "n": n,
            "extremes": extremes,
            "extremes_label": rules.EXTREMES_LABELS[extremes],
        },
        "max_level": not path,
        "path": [
            {
                "to_level": step.to_level,
                "label": f"{step.to_level - 1} → {step.to_level}",
                "cost": step.cost,
                "xp_needed": step.xp_needed,
                "expected_casts": rules.format_decimal(step.expected_casts, 1),
            }
            for step in path
        ],
        "expected_xp": number(rules.expected_xp(magic, learning, extremes=extremes), 2),
    }
    if path:
        expected = rules.casts_to_next_level(magic, learning, difficulty, xp, extremes=extremes)
        within = rules.level_up_within(magic, learning, difficulty, n, xp, extremes=extremes)
        figures.update(
            next_level=learning + 1,
            cost=rules.level_up_cost(learning, difficulty),
            xp_needed=path[0].xp_needed,
            expected_casts=number(expected, 1),
            within={"n": n, **probability(within)},
        )
        figures["curve"] = _curve(
            rules.level_up_curve(
                magic, learning, difficulty, xp, extremes=extremes, until=CURVE_UNTIL, n=n
            ),
            learning + 1,
            expected,
            n,
        )
    else:
        # Still check the number of casts, so a bad value is reported at 5 too.
        if not (isinstance(n, int) and not isinstance(n, bool) and n >= 0):
            rules.level_up_within(magic, 1, difficulty, n, extremes=extremes)
        figures.update(next_level=None, cost=None, xp_needed=0, expected_casts=None, within=None)
    return figures


def _curve(chances: tuple[Fraction, ...], level: int, expected: Fraction, n: int) -> Answer:
    """The chance of having reached ``level`` after 0, 1, … casts (``chances``, the engine's), as
    the progression's chart draws it: every ``step`` casts to ``last``, in thousandths; the
    labelled counts; the expected count and the casts asked for marked; and the text
    equivalent, with the engine's exact percentages."""
    last = len(chances) - 1
    step = max(1, math.ceil(last / CURVE_INTERVALS))
    counts = [*range(0, last, step), last]
    tick = next((t for t in _TICK_STEPS if last // t < CURVE_TICKS), _TICK_STEPS[-1])
    words = []
    for milestone in CURVE_MILESTONES:
        reached = next(k for k, chance in enumerate(chances) if chance >= milestone)
        words.append(
            f"{rules.format_percent(milestone, 0)} ou plus dès {_casts(reached)}"
            f" ({rules.format_percent(chances[reached])})"
        )
    within = chances[n] if n <= last else Fraction(1)
    text = (
        f"chance d'avoir atteint l'apprentissage {level} selon le nombre de lancers, de 0 à"
        f" {last} : {', '.join(words)} ; {rules.format_decimal(expected, 1)} lancers en moyenne ;"
        f" en {_casts(n)} : {rules.format_percent(within)}"
    )
    return {
        "title": f"Chance d'avoir atteint le niveau {level}",
        "last": last,
        "step": step,
        "permille": [round(chances[k] * 1000) for k in counts],
        "ticks": list(range(0, last + 1, tick)),
        "levels": [
            {"permille": k * 250, "label": rules.format_percent(Fraction(k, 4), 0)}
            for k in range(5)
        ],
        "expected": {
            "casts": round(float(expected), 2),
            "label": f"moyenne : {rules.format_decimal(expected, 1)}",
        },
        "point": {
            "casts": n,
            "permille": round(within * 1000),
            "label": f"{_casts(n)} : {rules.format_percent(within)}",
        }
        if n <= last
        else None,
        "text": text,
    }


def _casts(n: int) -> str:
    return f"{n} lancer" if n < 2 else f"{n} lancers"


def _study_figures(v: Values) -> Answer:
    hours, p = v["hours"], v["p"]
    odds = rules.study_odds(hours, p)
    expected = rules.study_expected(hours, p)
    best_hours, best_expected = rules.best_study_hours(p)
    return {
        "ok": True,
        "calc": "study",
        "inputs": {"hours": hours, "p": p if isinstance(p, str) else str(p)},
        "distribution": [{"xp": xp, **probability(chance)} for xp, chance in odds.items()],
        "expected": number(expected, 2),
        "best": {"hours": best_hours, "expected": number(best_expected, 2)},
        "by_hours": [
            {
                "hours": h,
                "full_xp": rules.study_xp(h),
                "expected": rules.format_decimal(rules.study_expected(h, p), 2),
                "best": h == best_hours,
                "planned": h == hours,
            }
            for h in rules.STUDY_XP
        ],
    }
