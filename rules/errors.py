"""Validation of every input, and the French error messages the readers see.

Every public function of the package validates its arguments here before
computing anything. Validators accept any object (the browser passes raw text
straight through) and either return the validated value or raise
:class:`RulesError`, whose message is shown to the reader as it is::

    <nom français> : attendu <valeurs permises>, reçu <valeur>
"""

from __future__ import annotations

import re
from fractions import Fraction
from numbers import Rational

from .constants import (
    MAX_DIFFICULTY,
    MAX_LEARNING,
    MAX_STUDY_HOURS,
    MIN_DIFFICULTY,
    MIN_LEARNING,
    MIN_STUDY_HOURS,
)

# Names for the type checker only: nothing more is imported when the browser runs the engine.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Collection, Iterable
    from decimal import Decimal
    from typing import TypeGuard

__all__ = ["RulesError"]

# English parameter name -> the French name used in messages.
PARAM_NAMES = {
    "magic": "magie",
    "learning": "apprentissage",
    "modifier": "modificateur",
    "difficulty": "difficulté",
    "element": "élément",
    "extremes": "lecture des extrêmes",
    "p": "probabilité de réussite",
    "hours": "heures",
    "xp": "expérience",
    "gained": "gain d'expérience",
    "n": "nombre de lancers",
    "face": "face du dé",
    "target": "niveau visé",
    "failed_at": "heure de l'échec",
    "outcome": "résultat du lancer",
    "caster": "sorcier",
    "value": "valeur",
    "digits": "chiffres après la virgule",
}

# Raw text longer than this is cut in messages, so a pasted page stays readable.
MAX_SHOWN = 40


class RulesError(ValueError):
    """The error raised for every invalid input of the rules engine.

    ``str(error)`` is the French message meant for the reader, and
    ``error.param`` the English name of the offending parameter (one of the
    keys of ``PARAM_NAMES``), so callers can attach the message to a field.
    """

    def __init__(self, message: str, param: str) -> None:
        super().__init__(message)
        self.param = param

    def __reduce__(self) -> tuple[type[RulesError], tuple[str, str]]:
        # ValueError pickles only args; keep param across pickling too.
        return (type(self), (str(self), self.param))


def describe(value: object) -> str:
    """Return the French description of a received value, for messages."""
    if isinstance(value, bool):
        return f"un booléen ({value})"
    if isinstance(value, int):
        return str(value)
    if value is None:
        return "aucune valeur"
    if isinstance(value, str):
        if not value.strip():
            return "une valeur vide"
        shown = value if len(value) <= MAX_SHOWN else value[:MAX_SHOWN] + "…"
        return f"« {shown} »"
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, float):
        return repr(value).replace(".", ",")
    if _is_decimal(value):
        return str(value).replace(".", ",")
    return f"un objet de type {type(value).__name__}"


def _is_decimal(value: object) -> TypeGuard[Decimal]:
    # Checked by name so that importing this package never imports decimal.
    return type(value).__name__ == "Decimal" and type(value).__module__ in (
        "decimal",
        "_decimal",
        "_pydecimal",
    )


def invalid(param: str, expected: str, value: object) -> RulesError:
    """Return (not raise) the :class:`RulesError` for ``param``.

    ``expected`` is the French description of the allowed values.
    """
    return RulesError(
        f"{PARAM_NAMES[param]} : attendu {expected}, reçu {describe(value)}",
        param,
    )


def _is_int(value: object) -> TypeGuard[int]:
    # bool is an int subclass, but True is never a magic level.
    return isinstance(value, int) and not isinstance(value, bool)


def integer(param: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` if it is an ``int`` (not a bool) within [low, high].

    Strings are refused, even "12": callers convert raw text themselves.
    """
    if _is_int(value) and (low is None or value >= low) and (high is None or value <= high):
        return int(value)
    if low is None and high is None:
        expected = "un entier"
    elif high is None:
        expected = "un entier positif ou nul" if low == 0 else f"un entier d'au moins {low}"
    elif low is None:
        expected = f"un entier d'au plus {high}"
    else:
        expected = f"un entier de {low} à {high}"
    raise invalid(param, expected, value)


def magic(value: object) -> int:
    """Validate a magic level: an integer ≥ 0 (reading A3)."""
    return integer("magic", value, 0)


def learning(value: object, low: int = MIN_LEARNING, high: int = MAX_LEARNING) -> int:
    """Validate a learning level, by default the levels a cast needs (A5)."""
    return integer("learning", value, low, high)


def difficulty(value: object) -> int:
    """Validate a spell difficulty: an integer from MIN_DIFFICULTY to MAX_DIFFICULTY."""
    return integer("difficulty", value, MIN_DIFFICULTY, MAX_DIFFICULTY)


def modifier(value: object) -> int:
    """Validate a modifier added to the modified result R: any integer."""
    return integer("modifier", value)


def hours(value: object) -> int:
    """Validate a planned study length: an integer from MIN_STUDY_HOURS to MAX_STUDY_HOURS."""
    return integer("hours", value, MIN_STUDY_HOURS, MAX_STUDY_HOURS)


def choice(param: str, value: object, allowed: Collection[str], expected: str) -> str:
    """Return ``value`` if it is one of the strings ``allowed``."""
    if isinstance(value, str) and value in allowed:
        return value
    raise invalid(param, expected, value)


def french_list(words: Iterable[str]) -> str:
    """Join words as French does: « a, b ou c »."""
    words = list(words)
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " ou " + words[-1]


# How a probability is written: ASCII digits only (« ٣/٤ » is not a number here, as in every
# other field). Public so that the calculators' pages read such text as the engine does.
PROBABILITY_DECIMAL = r"([0-9]*)(?:[.,]([0-9]+))?"
PROBABILITY_RATIO = r"([0-9]+)\s*/\s*([0-9]+)"
PERCENT_SPACES = " \t\u00a0\u202f"
_DECIMAL = re.compile(PROBABILITY_DECIMAL)
_RATIO = re.compile(PROBABILITY_RATIO)
_PERCENT_SPACES = PERCENT_SPACES
_EXPECTED_P = "un nombre de 0 à 1 (par exemple 3/4, 0,75 ou 75 %)"


def _parse_probability_text(text: str) -> Fraction | None:
    """Return the Fraction written in ``text``, or None if it is not a number."""
    text = text.strip()
    percent = text.endswith("%")
    if percent:
        text = text[:-1].rstrip(_PERCENT_SPACES)
    match = _RATIO.fullmatch(text)
    if match:
        if int(match.group(2)) == 0:
            return None
        value = Fraction(int(match.group(1)), int(match.group(2)))
    else:
        match = _DECIMAL.fullmatch(text)
        if not match or not (match.group(1) or match.group(2)):
            return None
        whole, decimals = match.group(1) or "0", match.group(2) or ""
        value = Fraction(int(whole + decimals), 10 ** len(decimals))
    return value / 100 if percent else value


def probability(value: object, param: str = "p") -> Fraction:
    """Validate a probability in [0, 1] and return it as a Fraction.

    Accepts a Fraction (or any exact rational), an int, a Decimal, or text
    such as "3/4", "0,75", "0.75", "75 %" or "75%". Floats are refused:
    odds are exact in this package.
    """
    if _is_int(value) or isinstance(value, Rational):
        parsed: Fraction | None = Fraction(value)
    elif isinstance(value, str):
        parsed = _parse_probability_text(value)
    elif _is_decimal(value) and value.is_finite():
        parsed = Fraction(value)
    else:
        parsed = None
    if isinstance(value, bool) or parsed is None or not 0 <= parsed <= 1:
        raise invalid(param, _EXPECTED_P, value)
    return parsed
