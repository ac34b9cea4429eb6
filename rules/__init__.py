"""Grimoire's rules engine: the spell rules of the compendium, computed exactly.

One implementation for the site generator (precomputed tables), the tests
and the browser (the very same files run in Pyodide).

Conventions:

* Standard library only, no I/O, no threads, nothing heavy at import time.
* Exact arithmetic: every probability and expectation is a
  ``fractions.Fraction``; floats are never produced and never accepted for
  odds.
* Immutable values: results are frozen dataclasses, tuples, Fractions, read-only
  mappings (``types.MappingProxyType``) for constants, or fresh dicts that the
  caller owns. Odds dicts always hold every key, in a fixed order, and sum to
  exactly 1.
* Pure functions: the same arguments always give the same result. A few inner
  computations are kept for the arguments asked last (bounded ``lru_cache``:
  the odds of a cast by the sum of magic and modifier, study odds, level
  passes), so a table or a page of answers does not redo them; what a caller
  receives is still its own (fresh dicts, immutable values).
* Integers are real ``int`` values (never ``bool``, never text such as "12").
  Every invalid input raises :class:`RulesError`, a ``ValueError`` whose
  message is French and meant for the reader, e.g.
  ``apprentissage : attendu un entier de 1 à 5, reçu 7``.
* Code and docstrings in English; messages and labels in French.
* Ambiguous rules follow the readings A1–E5 of the design notes: casting
  outcomes on the modified result by default (``extremes="modified"``, or
  ``"natural"`` to read the 1 and the 12 on the die face); study totals per
  session, halving rounded up; duel tests as fresh casting rolls with −1/+1.
* The public contract is ``__all__`` below; everything else is internal.

Modules: ``constants`` (every number of the rules, written once), ``errors`` (validation and messages), ``casting`` (a cast, its
outcomes and XP), ``progression`` (level-ups and the odds of progressing),
``study`` (study sessions), ``duel`` (elements and duels), ``fr`` (French
number formatting).
"""

from .casting import (
    EXTREMES,
    EXTREMES_LABELS,
    CastResult,
    Outcome,
    cast,
    cast_key,
    cast_odds,
    cast_shift_range,
    expected_xp,
    impossible_parts,
    impossible_reason,
    outcome_faces,
    stable_magic,
    xp_for,
)
from .constants import (
    CAST_FORMULA,
    DIE_FACES,
    MAGIC_DIVISOR,
    MAX_DIFFICULTY,
    MAX_SPELL_LEVEL,
    MAX_STUDY_HOURS,
    MIN_DIFFICULTY,
    MIN_LEARNING,
    MIN_SPELL_LEVEL,
    MIN_STUDY_HOURS,
)
from .duel import (
    ELEMENT_ARTICLE_LABELS,
    ELEMENT_LABELS,
    ELEMENTS,
    Caster,
    DuelBreakdown,
    DuelRow,
    clash_odds,
    dominance,
    duel_breakdown,
    duel_odds,
    duel_result,
    test_modifiers,
)
from .errors import RulesError
from .fr import format_decimal, format_fraction, format_percent, one_in
from .progression import (
    MAX_LEARNING,
    LevelStep,
    casts_to_next_level,
    gain_xp,
    level_path,
    level_up_cost,
    level_up_curve,
    level_up_within,
    progression_key,
)
from .study import (
    STUDY_XP,
    best_study_hours,
    study_expected,
    study_odds,
    study_xp,
    tests_in_hour,
)

__all__ = [
    "CAST_FORMULA",
    "CastResult",
    "Caster",
    "DIE_FACES",
    "DuelBreakdown",
    "DuelRow",
    "ELEMENTS",
    "ELEMENT_ARTICLE_LABELS",
    "ELEMENT_LABELS",
    "EXTREMES",
    "EXTREMES_LABELS",
    "LevelStep",
    "MAGIC_DIVISOR",
    "MAX_DIFFICULTY",
    "MAX_LEARNING",
    "MAX_SPELL_LEVEL",
    "MAX_STUDY_HOURS",
    "MIN_DIFFICULTY",
    "MIN_LEARNING",
    "MIN_SPELL_LEVEL",
    "MIN_STUDY_HOURS",
    "Outcome",
    "RulesError",
    "STUDY_XP",
    "best_study_hours",
    "cast",
    "cast_key",
    "cast_odds",
    "cast_shift_range",
    "casts_to_next_level",
    "clash_odds",
    "dominance",
    "duel_breakdown",
    "duel_odds",
    "duel_result",
    "expected_xp",
    "format_decimal",
    "format_fraction",
    "format_percent",
    "gain_xp",
    "impossible_parts",
    "impossible_reason",
    "level_path",
    "level_up_cost",
    "level_up_curve",
    "level_up_within",
    "one_in",
    "outcome_faces",
    "progression_key",
    "stable_magic",
    "study_expected",
    "study_odds",
    "study_xp",
    "test_modifiers",
    "tests_in_hour",
    "xp_for",
]
