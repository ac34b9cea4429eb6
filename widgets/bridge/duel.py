"""The duel calculator: two casters, the engine's breakdown of their duel, said in French."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import rules

from .fields import Answer, FieldError, Values, fields, run
from .formatting import probability, signed

__all__ = ["duel"]

DUEL_FIELDS = (
    "a_magic",
    "a_learning",
    "a_element",
    "b_magic",
    "b_learning",
    "b_element",
    "extremes",
)

_SIDE_NAMES = {"a": "A", "b": "B"}
_ELEMENT_WITH_ARTICLE = rules.ELEMENT_ARTICLE_LABELS
_RESULT_LABELS = {
    "a": "Le sort de A prend effet",
    "b": "Le sort de B prend effet",
    "cancel": "Les deux sorts s'annulent",
    "none": "Aucun sort n'est lancé",
}


def duel(request: dict[str, Any]) -> Answer:
    """The answer to a duel request."""
    return run(_duel_figures, fields(request, DUEL_FIELDS))


def _caster(v: Values, side: str) -> rules.Caster:
    try:
        return rules.Caster(v[f"{side}_magic"], v[f"{side}_learning"], v[f"{side}_element"])
    except rules.RulesError as error:
        param = error.param
        raise FieldError(f"{side}_{param}" if param else None, str(error)) from None


def _duel_figures(v: Values) -> Answer:
    a, b = _caster(v, "a"), _caster(v, "b")
    extremes = v["extremes"]
    d = rules.duel_breakdown(a, b, extremes=extremes)
    inputs = {
        side: {
            "magic": caster.magic,
            "learning": caster.learning,
            "element": caster.element,
            "element_label": rules.ELEMENT_LABELS[caster.element],
        }
        for side, caster in (("a", a), ("b", b))
    }
    return {
        "ok": True,
        "calc": "duel",
        "inputs": {
            **inputs,
            "extremes": extremes,
            "extremes_label": rules.EXTREMES_LABELS[extremes],
        },
        "dominant": d.dominant,
        "dominant_label": _SIDE_NAMES.get(d.dominant or "", "aucun"),
        "odds": [
            {"key": key, "label": _RESULT_LABELS[key], **probability(d.odds[key])}
            for key in ("a", "b", "cancel", "none")
        ],
        "clash": [
            {"key": key, "label": _RESULT_LABELS[key], **probability(d.clash[key])}
            for key in ("a", "b", "cancel")
        ],
        "sides": _sides(d, inputs),
        "rows": [
            {
                "a": "réussi" if row.a_passed else "raté",
                "b": "réussi" if row.b_passed else "raté",
                "a_passed": row.a_passed,
                "b_passed": row.b_passed,
                "result": row.result,
                "result_label": _RESULT_LABELS[row.result],
                **probability(row.probability),
            }
            for row in d.rows
        ],
        "verdict": _verdict(d.odds),
        "reasons": _reasons(a, b, d),
    }


def _sides(d: rules.DuelBreakdown, inputs: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Each caster's modifier to the duel's test, chance to cast and chance to pass the test."""
    return [
        {
            "key": side,
            "label": f"Sorcier {_SIDE_NAMES[side]}",
            "element_label": inputs[side]["element_label"],
            "modifier": signed(modifier),
            "cast": probability(cast),
            "test": probability(test),
        }
        for side, modifier, cast, test in (
            ("a", d.modifier_a, d.cast_a, d.test_a),
            ("b", d.modifier_b, d.cast_b, d.test_b),
        )
    ]


def _verdict(odds: Mapping[str, Fraction]) -> str:
    a, b = odds["a"], odds["b"]
    pa, pb = rules.format_percent(a), rules.format_percent(b)
    if a == b:
        return f"Équilibre : chaque sort prend effet dans {pa} des cas."
    winner, loser = ("A", "B") if a > b else ("B", "A")
    return (
        f"Avantage à {winner} : son sort prend effet dans "
        f"{pa if a > b else pb} des cas, contre {pb if a > b else pa} pour {loser}."
    )


def _reasons(a: rules.Caster, b: rules.Caster, d: rules.DuelBreakdown) -> list[str]:
    """French sentences explaining the figures, built from the engine's breakdown."""
    reasons = [_dominance(a, b, d)]
    reasons.append(
        f"A lance son sort avec {rules.format_percent(d.cast_a)} de chances, "
        f"B avec {rules.format_percent(d.cast_b)}."
    )
    reasons.append(
        "Si les deux sorts se rencontrent, A réussit son test de duel avec "
        f"{rules.format_percent(d.test_a)} de chances, B avec {rules.format_percent(d.test_b)}."
    )
    if d.dominant:
        reasons.append(
            "Si les deux tests réussissent ou échouent ensemble, le sort dominant "
            f"({_SIDE_NAMES[d.dominant]}) l'emporte."
        )
    else:
        reasons.append(
            "Si les deux tests réussissent ou échouent ensemble, les deux sorts s'annulent."
        )
    return reasons


def _dominance(a: rules.Caster, b: rules.Caster, d: rules.DuelBreakdown) -> str:
    """Which element dominates the other, and the modifiers it gives to the duel's test."""
    if d.dominant:
        win, lose = (a, b) if d.dominant == "a" else (b, a)
        w, loser = _SIDE_NAMES[d.dominant], "B" if d.dominant == "a" else "A"
        return (
            f"{_ELEMENT_WITH_ARTICLE[win.element].capitalize()} ({w}) domine "
            f"{_ELEMENT_WITH_ARTICLE[lose.element]} ({loser}) : "
            f"{signed(d.modifier_a if w == 'A' else d.modifier_b)} au résultat du dé "
            f"pour {w} lors du test de duel, "
            f"{signed(d.modifier_b if w == 'A' else d.modifier_a)} pour {loser}."
        )
    if a.element == b.element:
        return (
            f"Même élément ({_ELEMENT_WITH_ARTICLE[a.element]}) : aucune dominance, "
            "aucun modificateur au test de duel."
        )
    return (
        "Un sort neutre est hors du cercle de dominance : aucune dominance, "
        "aucun modificateur au test de duel."
    )
