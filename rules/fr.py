"""French number formatting, shared by the build-time tables and the browser.

Exact: values are Fractions (or ints) and are rounded half away from zero
on the exact value, never through a float. Decimal comma; groups of three
digits from 1 000 on, separated by a NO-BREAK SPACE (U+00A0), which also
comes before "%".
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Rational

from . import errors

__all__ = ["format_decimal", "format_fraction", "format_percent", "one_in"]

NBSP = "\u00a0"


def _exact(value: object) -> Fraction:
    """Validate an exact number (int or rational, not bool nor float)."""
    if isinstance(value, Rational) and not isinstance(value, bool):
        return Fraction(value)
    raise errors.invalid("value", "un nombre exact (entier ou fraction)", value)


def _digits(value: object) -> int:
    return errors.integer("digits", value, 0)


def _group(whole: int) -> str:
    """Write a non-negative integer with its thousands separated."""
    text = str(whole)
    if len(text) <= 3:
        return text
    head = len(text) % 3 or 3
    parts = [text[:head]] + [text[i : i + 3] for i in range(head, len(text), 3)]
    return NBSP.join(parts)


def _rounded(value: Fraction, digits: int) -> str:
    """Write ``value`` with exactly ``digits`` decimals, rounded half away from zero."""
    scaled = value * 10**digits
    units = (2 * abs(scaled.numerator) + scaled.denominator) // (2 * scaled.denominator)
    whole, decimals = divmod(units, 10**digits)
    text = _group(whole)
    if digits:
        text += "," + str(decimals).rjust(digits, "0")
    # No "-0,0": the sign is shown only when something non-zero remains.
    return "-" + text if units and value < 0 else text


def format_decimal(x: Fraction | int, digits: int = 1) -> str:
    """Return ``x`` in French with ``digits`` decimals: "2,4", "1 234,5".

    An exact integer is written without decimals ("12"); any other value
    keeps them even when they round to zero ("12,0" for 11.96).
    """
    x, digits = _exact(x), _digits(digits)
    if x.denominator == 1:
        return "-" + _group(-x.numerator) if x < 0 else _group(x.numerator)
    return _rounded(x, digits)


def format_percent(p: Fraction | int, digits: int = 1) -> str:
    """Return ``p`` as a French percentage with ``digits`` decimals: "58,3 %"."""
    p, digits = _exact(p), _digits(digits)
    return _rounded(p * 100, digits) + NBSP + "%"


def format_fraction(p: Fraction | int) -> str:
    """Return ``p`` as an irreducible fraction: "7/12", or "0", "1" for integers."""
    return str(_exact(p))


def one_in(p: Fraction | int) -> str:
    """Return a probability as French odds: "1 chance sur 12", "1 chance sur 1,7".

    "aucune chance" for 0 and "certain" for 1.
    """
    p = _exact(p)
    if not 0 <= p <= 1:
        raise errors.invalid("value", "une probabilité de 0 à 1", p)
    if p == 0:
        return "aucune chance"
    if p == 1:
        return "certain"
    return "1 chance sur " + format_decimal(1 / p, 1)


# Why an outcome of a cast has no face (casting.impossible_reason): what the outcome needs, then
# the values the modified result R can take. {need} and {span} are filled by the engine.
IMPOSSIBLE_NEEDS = {
    "critical_failure": "il faut R = {twelve}",
    "flawed": "il faut R = 1",
    "perfect": "il faut R = {target} (apprentissage {learning} × 2)",
    "success": "il faut R inférieur à {target} (apprentissage {learning} × 2) et différent de 1",
    "failure": "il faut R supérieur à {target} (apprentissage {learning} × 2) et différent de {twelve}",
}
#: The sentence on an impossible outcome, in two parts: what the outcome needs (one per outcome)
#: and the range of R (the same for every outcome of one cast).
IMPOSSIBLE_HEAD = "« {label} » est impossible : {need}"
IMPOSSIBLE_TAIL = ", or {span}."
IMPOSSIBLE_SENTENCE = IMPOSSIBLE_HEAD + IMPOSSIBLE_TAIL
SPAN_MODIFIED = "R = d{faces} − {penalty} (magie {magic} ÷ 2, arrondi à l’inférieur){modifier} va de {low} à {high}"
SPAN_NATURAL = (
    "hors du 1 et du {faces} naturels, R = d{faces} − {penalty} "
    "(magie {magic} ÷ 2, arrondi à l’inférieur){modifier} va de {low} à {high}"
)


def signed(value: int) -> str:
    """An integer as the site writes it: the minus sign U+2212 for negatives."""
    return f"−{-value}" if value < 0 else str(value)
