"""Duels: two spells cast at each other, their elements and who prevails.

Readings E1–E4 of the rules (lines 40–41):

* E1: if only one spell is cast it takes effect unopposed; neither → nothing.
* E2: when both are cast, each caster makes a duel test: a fresh casting roll
  of the same spell with −1 on R for the dominant spell, +1 for the dominated
  one, 0 without dominance; passed when the outcome is not a failure.
* E3: feu > vigne > eau > feu; same element or any neutre: no dominance.
* E4: exactly one test passed → that spell; both or none → the dominant
  spell; no dominance → both spells cancel.

Results are named from A's side: ``"a"``, ``"b"``, ``"cancel"``, ``"none"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from . import errors
from .casting import check_extremes, face_counts
from .constants import DUEL_TEST_SHIFT

__all__ = [
    "ELEMENTS",
    "ELEMENT_ARTICLE_LABELS",
    "ELEMENT_LABELS",
    "Caster",
    "DuelBreakdown",
    "DuelRow",
    "clash_odds",
    "dominance",
    "duel_breakdown",
    "duel_odds",
    "duel_result",
    "test_modifiers",
]

ELEMENTS = ("feu", "vigne", "eau", "neutre")
ELEMENT_LABELS = MappingProxyType(
    {"feu": "Feu", "vigne": "Vigne", "eau": "Eau", "neutre": "Neutre"}
)
#: The elements inside a French sentence (« le feu domine la vigne »).
ELEMENT_ARTICLE_LABELS = MappingProxyType(
    {"feu": "le feu", "vigne": "la vigne", "eau": "l'eau", "neutre": "neutre"}
)
# « Le feu brûle la vigne qui puise dans l'eau qui éteint le feu. »
_BEATS = {"feu": "vigne", "vigne": "eau", "eau": "feu"}
_EXPECTED_ELEMENT = errors.french_list(ELEMENTS)


def check_element(value: object) -> str:
    """Validate a spell element: one of ``ELEMENTS``."""
    return errors.choice("element", value, ELEMENTS, _EXPECTED_ELEMENT)


def dominance(element_a: str, element_b: str) -> str | None:
    """Return which spell dominates the other: "a", "b" or None (E3)."""
    element_a, element_b = check_element(element_a), check_element(element_b)
    if _BEATS.get(element_a) == element_b:
        return "a"
    if _BEATS.get(element_b) == element_a:
        return "b"
    return None


@dataclass(frozen=True)
class Caster:
    """One side of a duel: the caster's ``magic``, their ``learning`` of the
    spell (1–5) and the spell's ``element``. Validated on creation."""

    magic: int
    learning: int
    element: str

    def __post_init__(self) -> None:
        errors.magic(self.magic)
        errors.learning(self.learning)
        check_element(self.element)


@dataclass(frozen=True)
class DuelRow:
    """One combination of duel tests, its probability given that both spells
    were cast, and the result: "a", "b" or "cancel"."""

    a_passed: bool
    b_passed: bool
    probability: Fraction
    result: str


@dataclass(frozen=True)
class DuelBreakdown:
    """Every step of a duel, for showing the reasoning to the reader.

    ``dominant`` ("a", "b" or None); ``modifier_a``/``modifier_b`` added to R
    in the duel tests; ``cast_a``/``cast_b`` the probability that each spell
    is cast; ``test_a``/``test_b`` the probability that each duel test
    passes; ``rows`` the four combinations of tests (both passed, only A,
    only B, none), conditional on both spells cast; ``clash`` as
    :func:`clash_odds` and ``odds`` as :func:`duel_odds` (read-only mappings).
    """

    dominant: str | None
    modifier_a: int
    modifier_b: int
    cast_a: Fraction
    cast_b: Fraction
    test_a: Fraction
    test_b: Fraction
    rows: tuple[DuelRow, ...]
    # The mappings follow from the fields above, which the hash already covers.
    clash: MappingProxyType[str, Fraction] = field(hash=False)
    odds: MappingProxyType[str, Fraction] = field(hash=False)


def _check_caster(value: object) -> Caster:
    if isinstance(value, Caster):
        return value
    raise errors.invalid("caster", "un sorcier (Caster)", value)


def _passes(caster: Caster, modifier: int, extremes: str) -> int:
    """Number of faces out of 12 on which this caster's spell is cast."""
    counts = face_counts(caster.magic, caster.learning, modifier, extremes)
    return sum(n for o, n in counts.items() if o.is_cast)


def _winner(a_passed: bool, b_passed: bool, dominant: str | None) -> str:
    # E4: exactly one test passed wins; otherwise the dominant spell, if any.
    if a_passed != b_passed:
        return "a" if a_passed else "b"
    return dominant or "cancel"


def test_modifiers(element_a: str, element_b: str) -> tuple[int, int]:
    """The modifiers added to R in the duel tests of A and B (E2): −1 for the dominant spell,
    +1 for the dominated one, 0 for both without dominance."""
    shift = DUEL_TEST_SHIFT
    modifier_a = {"a": -shift, "b": shift, None: 0}[dominance(element_a, element_b)]
    return modifier_a, -modifier_a


def duel_result(
    cast_a: bool,
    cast_b: bool,
    dominant: str | None,
    passed_a: bool | None = None,
    passed_b: bool | None = None,
) -> str:
    """The result of one duel as it was played (E1, E4): "a", "b", "cancel" or "none".

    ``cast_a``/``cast_b``: whether each spell was cast; ``dominant`` as :func:`dominance`;
    ``passed_a``/``passed_b``: whether each duel test passed, read only when both spells were
    cast (the tests are rolled only then)."""
    if dominant not in ("a", "b", None):
        raise errors.invalid("dominant", "« a », « b » ou rien", dominant)
    if not (cast_a and cast_b):
        return "a" if cast_a else "b" if cast_b else "none"
    if passed_a is None or passed_b is None:
        raise errors.invalid("passed", "le test de chaque sort", (passed_a, passed_b))
    return _winner(bool(passed_a), bool(passed_b), dominant)


def duel_breakdown(a: Caster, b: Caster, *, extremes: str = "modified") -> DuelBreakdown:
    """Return the :class:`DuelBreakdown` of a duel between casters ``a`` and ``b``."""
    a, b = _check_caster(a), _check_caster(b)
    extremes = check_extremes(extremes)
    dominant = dominance(a.element, b.element)
    modifier_a, modifier_b = test_modifiers(a.element, b.element)
    # Counted in faces (out of 12, 12², 12⁴) so that only the final values
    # become Fractions: exact, and several times faster than Fraction arithmetic.
    cast_a, cast_b = _passes(a, 0, extremes), _passes(b, 0, extremes)
    test_a, test_b = _passes(a, modifier_a, extremes), _passes(b, modifier_b, extremes)
    clash = dict.fromkeys(("a", "b", "cancel"), 0)
    rows = []
    for a_passed, b_passed in ((True, True), (True, False), (False, True), (False, False)):
        faces = (test_a if a_passed else 12 - test_a) * (test_b if b_passed else 12 - test_b)
        result = duel_result(True, True, dominant, a_passed, b_passed)
        clash[result] += faces
        rows.append(DuelRow(a_passed, b_passed, Fraction(faces, 144), result))
    both = cast_a * cast_b
    odds = {
        "a": both * clash["a"] + cast_a * (12 - cast_b) * 144,
        "b": both * clash["b"] + (12 - cast_a) * cast_b * 144,
        "cancel": both * clash["cancel"],
        "none": (12 - cast_a) * (12 - cast_b) * 144,
    }
    return DuelBreakdown(
        dominant,
        modifier_a,
        modifier_b,
        Fraction(cast_a, 12),
        Fraction(cast_b, 12),
        Fraction(test_a, 12),
        Fraction(test_b, 12),
        tuple(rows),
        MappingProxyType({k: Fraction(v, 144) for k, v in clash.items()}),
        MappingProxyType({k: Fraction(v, 12**4) for k, v in odds.items()}),
    )


def clash_odds(a: Caster, b: Caster, *, extremes: str = "modified") -> dict[str, Fraction]:
    """Return the exact odds of a clash, given that both spells were cast.

    A fresh dict with keys "a" (A's spell takes effect), "b" and "cancel",
    summing to 1.
    """
    return dict(duel_breakdown(a, b, extremes=extremes).clash)


def duel_odds(a: Caster, b: Caster, *, extremes: str = "modified") -> dict[str, Fraction]:
    """Return the exact odds of a whole duel, from the two casting rolls.

    A fresh dict with keys "a", "b", "cancel" and "none" (neither spell
    cast), summing to 1.
    """
    return dict(duel_breakdown(a, b, extremes=extremes).odds)
