"""The numbers of the rules, each written once.

Every other module of the engine, the validator, the templates (as Jinja globals) and the browser
scripts (as generated data) read them from here: a change of a rule is a change of this file.
"""

from types import MappingProxyType

__all__ = [
    "CAST_FORMULA",
    "CAST_XP",
    "DIE_FACES",
    "DUEL_TEST_SHIFT",
    "LEVEL_UP_BASE_COST",
    "MAGIC_DIVISOR",
    "MAX_DIFFICULTY",
    "MAX_LEARNING",
    "MAX_SPELL_LEVEL",
    "MAX_STUDY_HOURS",
    "MIN_DIFFICULTY",
    "MIN_LEARNING",
    "MIN_SPELL_LEVEL",
    "MIN_STUDY_HOURS",
    "STUDY_XP",
]

#: The casting die: a d12 (rules lines 9–14).
DIE_FACES = 12
#: The modified result is the die minus ⌊magic / MAGIC_DIVISOR⌋, plus the modifier.
MAGIC_DIVISOR = 2
#: The modified result as the pages write it.
CAST_FORMULA = f"d{DIE_FACES} − ⌊magie / {MAGIC_DIVISOR}⌋"
#: The learning levels a cast needs (A5); progression also knows level 0, before the RP.
MIN_LEARNING = 1
MAX_LEARNING = 5
#: A spell's learning difficulty.
MIN_DIFFICULTY = 1
MAX_DIFFICULTY = 5
#: The length of one study session, in hours (the keys of ``STUDY_XP``).
MIN_STUDY_HOURS = 1
MAX_STUDY_HOURS = 6
#: A spell's level.
MIN_SPELL_LEVEL = 1
MAX_SPELL_LEVEL = 9
#: The XP of a cast by its outcome (reading B1): a failed cast (critical or not) 1, a cast spell
#: 3 (its effect exact or not), a perfect cast 5. Keyed by the values of ``rules.Outcome``.
CAST_XP = MappingProxyType(
    {"critical_failure": 1, "failure": 1, "flawed": 3, "success": 3, "perfect": 5}
)
#: The XP a level-up costs, per point of difficulty, from each apprentissage to the next (rules
#: lines 21–27); 0 → 1 needs role-play, not XP.
LEVEL_UP_BASE_COST = MappingProxyType({1: 10, 2: 25, 3: 50, 4: 100})
#: The XP of a whole study session by its length in hours (reading D1).
STUDY_XP = MappingProxyType({1: 5, 2: 12, 3: 25, 4: 55, 5: 125, 6: 300})
#: The duel tests (E2): the dominant spell's test takes this from R, the dominated one adds it.
DUEL_TEST_SHIFT = 1
