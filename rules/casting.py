"""Casting a spell: the d12 roll, its five outcomes and the XP they earn.

The modified result is ``R = d12 − floor(magic / 2) + modifier`` (rules
lines 9–14). With ``extremes="modified"`` (reading A1, the default) the
outcome is decided on R, in this order::

    R == 12        → critical_failure
    R == 1         → flawed
    R == 2×learning → perfect
    R <  2×learning → success      (zero and negative R included, A2)
    otherwise      → failure

With ``extremes="natural"`` a natural 12 is a critical failure and a natural
1 is flawed, whatever R; the other faces use the last three comparisons on R.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from . import errors, fr
from .constants import CAST_XP, DIE_FACES, MAGIC_DIVISOR

# Names for the type checker only: nothing more is imported when the browser runs the engine.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import random
    from typing import TypeAlias

    #: ((outcome, its die faces ascending), …) in Outcome order.
    FacesByOutcome: TypeAlias = tuple[tuple["Outcome", tuple[int, ...]], ...]

__all__ = [
    "EXTREMES",
    "EXTREMES_LABELS",
    "CastResult",
    "Outcome",
    "cast",
    "cast_key",
    "cast_odds",
    "cast_shift_range",
    "expected_xp",
    "impossible_parts",
    "impossible_reason",
    "outcome_faces",
    "stable_magic",
    "xp_for",
]

FACES = range(1, DIE_FACES + 1)

EXTREMES = ("modified", "natural")
EXTREMES_LABELS = MappingProxyType({"modified": "Résultat modifié", "natural": "Dé naturel"})
_EXPECTED_EXTREMES = errors.french_list(f"« {name} »" for name in EXTREMES)


class Outcome(StrEnum):
    """The five outcomes of a cast, from worst to best; ``.label`` is French."""

    CRITICAL_FAILURE = "critical_failure"
    FAILURE = "failure"
    FLAWED = "flawed"
    SUCCESS = "success"
    PERFECT = "perfect"

    @property
    def label(self) -> str:
        """The French name of the outcome, as the site shows it."""
        return _LABELS[self]

    @property
    def is_cast(self) -> bool:
        """True when the spell is cast (flawed, success, perfect), as duels need."""
        return self in _CAST


_LABELS = {
    Outcome.CRITICAL_FAILURE: "Échec critique",
    Outcome.FAILURE: "Échec",
    Outcome.FLAWED: "Lancé, effet inexact",
    Outcome.SUCCESS: "Réussi",
    Outcome.PERFECT: "Parfait",
}
_CAST = frozenset({Outcome.FLAWED, Outcome.SUCCESS, Outcome.PERFECT})

# B1, from rules/constants.py: the XP of each outcome.
_XP = {outcome: CAST_XP[outcome.value] for outcome in Outcome}
_EXPECTED_OUTCOME = errors.french_list(o.value for o in Outcome)


@dataclass(frozen=True)
class CastResult:
    """One cast: the die ``face``, the ``modified`` result R, the ``outcome``
    and the ``xp`` it earns."""

    face: int
    modified: int
    outcome: Outcome
    xp: int


def check_extremes(value: object) -> str:
    """Validate the reading of the 1 and the 12 (A1): "modified" or "natural"."""
    return errors.choice("extremes", value, EXTREMES, _EXPECTED_EXTREMES)


def outcome_of(
    face: int, magic: int, learning: int, modifier: int, extremes: str
) -> tuple[int, Outcome]:
    """Return (R, outcome) for one die face; arguments already validated."""
    return _outcome(face, face - magic // MAGIC_DIVISOR + modifier, learning, extremes)


def _outcome(face: int, result: int, learning: int, extremes: str) -> tuple[int, Outcome]:
    """Return (R, outcome) for one die face whose modified result is ``result``."""
    if extremes == "natural":
        if face == DIE_FACES:
            return result, Outcome.CRITICAL_FAILURE
        if face == 1:
            return result, Outcome.FLAWED
    else:
        if result == DIE_FACES:
            return result, Outcome.CRITICAL_FAILURE
        if result == 1:
            return result, Outcome.FLAWED
    target = 2 * learning
    if result == target:
        return result, Outcome.PERFECT
    if result < target:
        return result, Outcome.SUCCESS
    return result, Outcome.FAILURE


def face_counts(magic: int, learning: int, modifier: int, extremes: str) -> dict[Outcome, int]:
    """Return {outcome: number of faces out of 12}, all five keys; validated input."""
    return {outcome: len(faces) for outcome, faces in _faces(magic, learning, modifier, extremes)}


def _faces(magic: int, learning: int, modifier: int, extremes: str) -> FacesByOutcome:
    """((outcome, faces), ...) in Outcome order, faces ascending; validated input."""
    return _faces_shifted(_shift(magic, modifier), learning, extremes)


def _shift(magic: int, modifier: int) -> int:
    # R = face + shift: magic and modifier only matter through this sum, so every magic and
    # modifier with the same shift shares the computations kept below.
    return modifier - magic // MAGIC_DIVISOR


@functools.lru_cache(maxsize=256)
def _faces_shifted(shift: int, learning: int, extremes: str) -> FacesByOutcome:
    faces: dict[Outcome, list[int]] = {outcome: [] for outcome in Outcome}
    for face in FACES:
        faces[_outcome(face, face + shift, learning, extremes)[1]].append(face)
    return tuple((outcome, tuple(faces[outcome])) for outcome in Outcome)


@functools.lru_cache(maxsize=256)
def _odds_shifted(shift: int, learning: int, extremes: str) -> tuple[tuple[Outcome, Fraction], ...]:
    return tuple(
        (outcome, Fraction(len(faces), DIE_FACES))
        for outcome, faces in _faces_shifted(shift, learning, extremes)
    )


@functools.lru_cache(maxsize=256)
def _expected_shifted(shift: int, learning: int, extremes: str) -> Fraction:
    faces = _faces_shifted(shift, learning, extremes)
    return Fraction(sum(_XP[outcome] * len(f) for outcome, f in faces), DIE_FACES)


def check_cast(
    magic: object, learning: object, modifier: object, extremes: object
) -> tuple[int, int, int, str]:
    """Validate the four inputs of a cast and return them in that order."""
    return (
        errors.magic(magic),
        errors.learning(learning),
        errors.modifier(modifier),
        check_extremes(extremes),
    )


def cast_odds(
    magic: int, learning: int, *, modifier: int = 0, extremes: str = "modified"
) -> dict[Outcome, Fraction]:
    """Return the exact probability of each outcome of one cast.

    A fresh dict ``{Outcome: Fraction}`` with the five keys in ``Outcome``
    order, summing to exactly 1.
    """
    magic, learning, modifier, extremes = check_cast(magic, learning, modifier, extremes)
    return dict(_odds_shifted(_shift(magic, modifier), learning, extremes))


def cast_key(
    magic: int, learning: int, *, modifier: int = 0, extremes: str = "modified"
) -> tuple[str, int, int, str]:
    """Return a hashable value that two casts share only when all their figures are the same.

    Magic and modifier enter the rules only through R = d12 − ⌊magic / 2⌋ + modifier: casts
    with the same ⌊magic / 2⌋ − modifier, learning and reading have the same outcome on every
    face, so the same odds, faces and expected XP. (Casts with different keys may still agree.)
    """
    magic, learning, modifier, extremes = check_cast(magic, learning, modifier, extremes)
    return ("cast", _shift(magic, modifier), learning, extremes)


def stable_magic(modifier: int = 0) -> int:
    """Return the smallest magic from which casts with ``modifier`` (or any lower one) stop changing.

    From it on, every face's modified result R = face − ⌊magic / 2⌋ + modifier is below 1: every
    outcome, hence the odds, faces and expected XP of a cast (and of the duel tests, progressions
    and duels built on them), is the same at any higher magic. Only R itself keeps falling.
    """
    modifier = errors.modifier(modifier)
    return max(0, MAGIC_DIVISOR * (DIE_FACES + modifier))


def outcome_faces(
    magic: int, learning: int, *, modifier: int = 0, extremes: str = "modified"
) -> dict[Outcome, tuple[int, ...]]:
    """Return the die faces that give each outcome of one cast.

    A fresh dict ``{Outcome: tuple of faces}`` with the five keys in ``Outcome``
    order, each tuple ascending (empty when no face gives that outcome); the
    twelve faces appear once in all.
    """
    return dict(_faces(*check_cast(magic, learning, modifier, extremes)))


def xp_for(outcome: Outcome | str) -> int:
    """Return the XP a cast with this outcome earns (1, 3 or 5), reading B1.

    Accepts an :class:`Outcome` or its string value.
    """
    if isinstance(outcome, str):
        try:
            return _XP[Outcome(outcome)]
        except ValueError:
            pass
    raise errors.invalid("outcome", _EXPECTED_OUTCOME, outcome)


def expected_xp(
    magic: int, learning: int, *, modifier: int = 0, extremes: str = "modified"
) -> Fraction:
    """Return the exact expected XP of one cast, as a Fraction."""
    magic, learning, modifier, extremes = check_cast(magic, learning, modifier, extremes)
    return _expected_shifted(_shift(magic, modifier), learning, extremes)


def cast(
    magic: int,
    learning: int,
    *,
    face: int | None = None,
    rng: random.Random | None = None,
    modifier: int = 0,
    extremes: str = "modified",
) -> CastResult:
    """Cast once and return a :class:`CastResult`.

    ``face`` fixes the die (1–12); otherwise it is rolled with ``rng`` (a
    ``random.Random``; a fresh unseeded one when None). The same seed gives
    the same cast.
    """
    magic, learning, modifier, extremes = check_cast(magic, learning, modifier, extremes)
    if face is None:
        if rng is None:
            # Imported here: random is not needed to compute odds, and the
            # package keeps its import time small for the browser.
            import random

            rng = random.Random()
        face = rng.randint(1, DIE_FACES)
    face = errors.integer("face", face, 1, DIE_FACES)
    result, outcome = outcome_of(face, magic, learning, modifier, extremes)
    return CastResult(face, result, outcome, _XP[outcome])


def impossible_reason(
    outcome: Outcome | str,
    magic: int,
    learning: int,
    *,
    modifier: int = 0,
    extremes: str = "modified",
) -> str | None:
    """Return, in French, why no die face gives ``outcome`` for this cast; None when one does.

    The sentence names what the outcome needs of the modified result R and the values R can
    take, e.g. for magic 6 and learning 5: « Parfait » needs R = 10, R goes from −2 to 9. It is
    the two parts of :func:`impossible_parts` joined.
    """
    parts = impossible_parts(outcome, magic, learning, modifier=modifier, extremes=extremes)
    return None if parts is None else parts[0] + parts[1]


def impossible_parts(
    outcome: Outcome | str,
    magic: int,
    learning: int,
    *,
    modifier: int = 0,
    extremes: str = "modified",
) -> tuple[str, str] | None:
    """Return the sentence of :func:`impossible_reason` as data, in its two parts: what
    ``outcome`` needs of R (« « Parfait » est impossible : il faut R = 10 … ») and the range of R
    (« , or R = … va de −2 à 9. », the same for every outcome of one cast); None when a face
    gives ``outcome``."""
    magic, learning, modifier, extremes = check_cast(magic, learning, modifier, extremes)
    if isinstance(outcome, str):
        try:
            outcome = Outcome(outcome)
        except ValueError:
            raise errors.invalid("outcome", _EXPECTED_OUTCOME, outcome) from None
    shift = _shift(magic, modifier)
    if dict(_faces_shifted(shift, learning, extremes))[outcome]:
        return None
    natural = extremes == "natural"
    low, high = (2, DIE_FACES - 1) if natural else (1, DIE_FACES)
    span = (fr.SPAN_NATURAL if natural else fr.SPAN_MODIFIED).format(
        faces=DIE_FACES,
        penalty=magic // MAGIC_DIVISOR,
        magic=magic,
        modifier=(f" + {modifier}" if modifier > 0 else f" − {-modifier}" if modifier < 0 else ""),
        low=fr.signed(low + shift),
        high=fr.signed(high + shift),
    )
    need = fr.IMPOSSIBLE_NEEDS[outcome.value].format(
        twelve=DIE_FACES, target=2 * learning, learning=learning
    )
    return (
        fr.IMPOSSIBLE_HEAD.format(label=outcome.label, need=need),
        fr.IMPOSSIBLE_TAIL.format(span=span),
    )


def cast_shift_range() -> tuple[int, int]:
    """Return the first and last shift of R = face + shift between which casts differ.

    Magic and modifier enter a cast only through that shift (``modifier − ⌊magic / 2⌋``). At
    the first, every face's R is below 1; at the last, every face's R is above the die's faces:
    beyond either, every face has the same outcome as at the bound, whatever the apprentissage
    and the reading. (:func:`stable_magic` is the magic of the first, without modifier.)
    """
    return 0 - DIE_FACES, DIE_FACES
