"""The cast calculator and the roll: the odds of each outcome, and one cast of the die."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import rules

from .fields import Answer, FieldError, Values, fields, run, shown, to_engine, too_long
from .formatting import faces_text, number, probability

__all__ = ["cast", "impossible_parts", "roll"]

CAST_FIELDS = ("magic", "learning", "modifier", "extremes")


def cast(request: dict[str, Any]) -> Answer:
    """The answer to a cast request."""
    return run(cast_figures, fields(request, CAST_FIELDS))


def cast_figures(v: Values) -> Answer:
    """The answer to a valid cast request, a fresh copy the caller may change (a roll adds its
    own part to it)."""
    return json.loads(_cast_answer(v["magic"], v["learning"], v["modifier"], v["extremes"]))


@functools.lru_cache(maxsize=512)
def _cast_answer(magic: int, learning: int, modifier: int, extremes: str) -> str:
    """The cast figures of one set of values as JSON, kept: every roll of a cast repeats them."""
    odds = rules.cast_odds(magic, learning, modifier=modifier, extremes=extremes)
    faces = rules.outcome_faces(magic, learning, modifier=modifier, extremes=extremes)
    expected = rules.expected_xp(magic, learning, modifier=modifier, extremes=extremes)
    cast_chance = sum((p for o, p in odds.items() if o.is_cast), Fraction(0))
    answer = {
        "ok": True,
        "calc": "cast",
        "inputs": {
            "magic": magic,
            "learning": learning,
            "modifier": modifier,
            "extremes": extremes,
            "extremes_label": rules.EXTREMES_LABELS[extremes],
        },
        "outcomes": [
            {
                "key": outcome.value,
                "label": outcome.label,
                "faces": list(faces[outcome]),
                "faces_text": faces_text(faces[outcome]),
                "xp": rules.xp_for(outcome),
                **probability(odds[outcome]),
            }
            for outcome in rules.Outcome
        ],
        "cast_chance": probability(cast_chance),
        "at_least": _at_least(odds),
        "expected_xp": number(expected, 2),
        "impossible": [
            reason
            for outcome in rules.Outcome
            if (
                reason := rules.impossible_reason(
                    outcome, magic, learning, modifier=modifier, extremes=extremes
                )
            )
        ],
    }
    return json.dumps(answer, ensure_ascii=False)


def _at_least(odds: dict[rules.Outcome, Fraction]) -> list[dict[str, object]]:
    """The chance of each outcome or a better one, from the second worst to the best."""
    order = list(rules.Outcome)
    return [
        {
            "key": outcome.value,
            "label": f"« {outcome.label} »" + (" ou mieux" if outcome is not order[-1] else ""),
            **probability(sum((odds[o] for o in order[index:]), Fraction(0))),
        }
        for index, outcome in enumerate(order)
        if index
    ]


def impossible_parts(request: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The engine's two parts (:func:`rules.impossible_parts`) of each ``impossible`` sentence of
    the answer to a valid cast request, in outcome order."""
    v = fields(request, CAST_FIELDS)
    return [
        parts
        for outcome in rules.Outcome
        if (
            parts := rules.impossible_parts(
                outcome, v["magic"], v["learning"], modifier=v["modifier"], extremes=v["extremes"]
            )
        )
    ]


def roll(request: dict[str, Any]) -> Answer:
    """The answer to a roll: the cast's figures and one cast, of the face given, of the face a
    shared seed draws, or of a face drawn here."""
    values = fields(request, (*CAST_FIELDS, "face"))
    seeded = _blank(request.get("face")) and not _blank(request.get("seed"))
    if seeded:
        values["seed"] = request.get("seed")

    def compute(v: Values) -> Answer:
        figures = cast_figures(v)
        seed, result = _cast_once(v, seeded)
        figures["calc"] = "roll"
        figures["roll"] = {
            "face": result.face,
            "modified": result.modified,
            "outcome": result.outcome.value,
            "label": result.outcome.label,
            "xp": result.xp,
            "xp_text": f"+{result.xp} XP",
        }
        if seed is not None:
            figures["roll"]["seed"] = seed
        return figures

    return run(compute, values)


def _cast_once(v: Values, seeded: bool) -> tuple[int | None, rules.CastResult]:
    """(the seed, or None) and the engine's cast for valid values."""
    cast_with = functools.partial(
        rules.cast, v["magic"], v["learning"], modifier=v["modifier"], extremes=v["extremes"]
    )
    if seeded and not _blank(v["seed"]):  # (blank: the stand-in of a refused seed)
        import random  # imported on first use: the browser pays for the bridge's imports

        seed = _seed(v["seed"])
        return seed, cast_with(rng=random.Random(seed))
    if _blank(v["face"]):
        import secrets

        return None, cast_with(face=secrets.randbelow(rules.DIE_FACES) + 1)
    return None, cast_with(face=v["face"])


def _blank(raw: object) -> bool:
    return raw is None or (isinstance(raw, str) and not raw.strip())


def _seed(raw: object) -> int:
    """The seed of a roll shared as a seed: a non-negative int."""
    refused = too_long("seed", raw)
    if refused:
        raise FieldError("seed", refused)
    seed = to_engine(raw)
    if isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0:
        return seed
    quoted = shown(raw) if isinstance(raw, str) else str(raw)
    raise FieldError("seed", f"graine : attendu un entier positif ou nul, reçu {quoted}")
