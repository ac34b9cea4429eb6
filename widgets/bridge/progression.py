"""The progression and study calculators: the road to the next apprentissage, and an evening's
study."""

from __future__ import annotations

from typing import Any

import rules

from .fields import Answer, Values, fields, run
from .formatting import number, probability

__all__ = ["PROGRESSION_FIELDS", "progression", "study"]

PROGRESSION_FIELDS = ("magic", "learning", "difficulty", "xp", "n", "extremes")


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
    else:
        # Still check the number of casts, so a bad value is reported at 5 too.
        if not (isinstance(n, int) and not isinstance(n, bool) and n >= 0):
            rules.level_up_within(magic, 1, difficulty, n, extremes=extremes)
        figures.update(next_level=None, cost=None, xp_needed=0, expected_casts=None, within=None)
    return figures


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
