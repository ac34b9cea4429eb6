"""One calculator request in, one JSON-ready answer out: the bridge's entry, never raising."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import Any

import rules

from .cast import CAST_FIELDS, cast, roll
from .duel import duel
from .fields import Answer, fields
from .progression import PROGRESSION_FIELDS, progression, study

__all__ = ["CALCS", "GENERIC_ERROR", "answer_key", "handle", "handle_json"]

GENERIC_ERROR = (
    "Le calcul n'a pas pu être fait (erreur inattendue du moteur de calcul) ; "
    "les tables précalculées restent valables."
)

CALCS: dict[str, Callable[[dict[str, Any]], Answer]] = {
    "cast": cast,
    "roll": roll,
    "duel": duel,
    "progression": progression,
    "study": study,
}


def answer_key(request: Mapping[str, Any]) -> tuple | None:
    """A hashable value shared by requests whose answers are the same apart from ``inputs``
    (the engine's :func:`rules.cast_key` and :func:`rules.progression_key`), or None when the
    request cannot be grouped (another calculator, or a value the engine refuses)."""
    try:
        calc = request.get("calc")
        if calc == "cast":
            v = fields(request, CAST_FIELDS)
            return rules.cast_key(
                v["magic"], v["learning"], modifier=v["modifier"], extremes=v["extremes"]
            )
        if calc == "progression":
            v = fields(request, PROGRESSION_FIELDS)
            n = v["n"]
            if not (isinstance(n, int) and not isinstance(n, bool) and n >= 0):
                return None
            return rules.progression_key(
                v["magic"], v["learning"], v["difficulty"], v["xp"], extremes=v["extremes"]
            ) + (n,)
    except Exception:  # noqa: BLE001 - an invalid request is simply not grouped
        return None
    return None


def handle(request: object) -> dict[str, Any]:
    """Answer one calculator request (a dict of raw field text) with a JSON-ready dict.

    ``{"ok": True, "calc": ..., ...figures}`` or ``{"ok": False, "errors":
    [{"field": <request key or None>, "message": <French>}]}``. Never raises.
    """
    try:
        if not isinstance(request, dict):
            return {
                "ok": False,
                "errors": [{"field": None, "message": "requête invalide : attendu un objet"}],
            }
        calc = request.get("calc")
        handler = CALCS.get(calc) if isinstance(calc, str) else None
        if handler is None:
            return {
                "ok": False,
                "errors": [{"field": "calc", "message": f"calculateur inconnu : « {calc} »"}],
            }
        return handler(request)
    except Exception:  # noqa: BLE001 — the reader gets a sentence; the console gets the details
        import traceback

        traceback.print_exc(file=sys.stderr)
        return {"ok": False, "errors": [{"field": None, "message": GENERIC_ERROR}]}


def handle_json(text: str) -> str:
    """:func:`handle` for JSON text in and out (what the Web Worker calls)."""
    try:
        request = json.loads(text)
    except (TypeError, ValueError):
        request = None
    return json.dumps(handle(request), ensure_ascii=False)
