"""How an answer shows the engine's exact figures: every one formatted by the engine's French
formatters ("7/12", "58,3 %", "1 chance sur 1,7"), plus a ``share`` float (0–1) per
probability, only to size the bars."""

from __future__ import annotations

import functools
from fractions import Fraction

import rules

__all__ = ["faces_text", "number", "probability", "signed"]

# Exact fractions longer than this are not shown (the percentage is).
_MAX_FRACTION_CHARS = 40


def probability(p: Fraction) -> dict[str, object]:
    """All the ways the site shows one exact probability (a fresh dict)."""
    return dict(_probability_items(type(p).__name__, p))


@functools.lru_cache(maxsize=1024)
def _probability_items(kind: str, p: Fraction) -> tuple[tuple[str, object], ...]:
    # Kept by value (and type): the same odds recur across requests and outcomes.
    fraction = rules.format_fraction(p)
    return (
        ("fraction", fraction if len(fraction) <= _MAX_FRACTION_CHARS else None),
        ("percent", rules.format_percent(p)),
        ("one_in", rules.one_in(p)),
        ("share", round(float(p), 6)),
    )


def number(x: Fraction | int, digits: int = 1) -> dict[str, object]:
    """An exact number, as a French decimal and (when short) a fraction (a fresh dict)."""
    return dict(_number_items(type(x).__name__, x, digits))


@functools.lru_cache(maxsize=1024)
def _number_items(kind: str, x: Fraction | int, digits: int) -> tuple[tuple[str, object], ...]:
    fraction = rules.format_fraction(x)
    return (
        ("decimal", rules.format_decimal(x, digits)),
        ("fraction", fraction if len(fraction) <= _MAX_FRACTION_CHARS else None),
    )


def faces_text(faces: tuple[int, ...] | list[int]) -> str:
    """French list of die faces, runs joined: "1 à 3, 7" (or "aucune")."""
    if not faces:
        return "aucune"
    runs: list[str] = []
    start = previous = faces[0]
    for face in [*faces[1:], None]:
        if face is not None and face == previous + 1:
            previous = face
            continue
        if start == previous:
            runs.append(str(start))
        elif previous == start + 1:
            runs.append(f"{start}, {previous}")
        else:
            runs.append(f"{start} à {previous}")
        if face is not None:
            start = previous = face
    return ", ".join(runs)


def signed(n: int) -> str:
    """A modifier as shown in French: "−1", "+1", "0"."""
    return "0" if n == 0 else (f"+{n}" if n > 0 else f"\u2212{-n}")
