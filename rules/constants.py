"""The numbers of the rules, each written once.

Every other module of the engine, the validator, the templates (as Jinja globals) and the browser
scripts (as generated data) read them from here: a change of a rule is a change of this file.
"""

__all__ = [
    "CAST_FORMULA",
    "DIE_FACES",
    "MAGIC_DIVISOR",
    "MAX_DIFFICULTY",
    "MAX_LEARNING",
    "MAX_SPELL_LEVEL",
    "MAX_STUDY_HOURS",
    "MIN_DIFFICULTY",
    "MIN_LEARNING",
    "MIN_SPELL_LEVEL",
    "MIN_STUDY_HOURS",
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
