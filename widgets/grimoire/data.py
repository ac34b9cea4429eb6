"""« Mon grimoire »'s data, all from ``rules``: what its scripts look rules up in, and the table of
expected casts that spares it the engine.

* :func:`config_script`, served as ``assets/grimoire/grimoire-config.js`` (an ES module,
  ``export default {...}``): the ranges of apprentissage and difficulty, the French names of the
  elements, the cost of each level, the outcome of each die face at every shift of the modified
  result, the XP and label of each outcome, the study's tests and XP, the duel's pairs of
  elements and results, and the number of casts of the progressions the calculators' data holds;
* :data:`CASTS_FILE` (:func:`casts_file`, kept in the build's cache, its inputs
  :func:`casts_sources`): the expected casts to the next apprentissage as the engine writes them,
  for every XP a spell of the book can still need (:func:`casts_data`), read by the spellbook when
  a spell holds XP: its figures need no engine.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path

import rules
from widgets import instant, packaging

__all__ = [
    "CASTS_FILE",
    "CONFIG_FILE",
    "SERVED",
    "casts_data",
    "casts_file",
    "casts_sources",
    "config_script",
    "duel_data",
    "study_data",
    "table_data",
]

#: Where the site serves the spellbook's scripts and styles (``static/``) and its data.
SERVED = "assets/grimoire"
CONFIG_FILE = f"{SERVED}/grimoire-config.js"

LEARNING_MIN = rules.MIN_LEARNING
LEARNING_MAX = rules.MAX_LEARNING


def _faces_at(shift: int, learning: int, extremes: str) -> list[str]:
    """The outcome of each face (1 to the die's last) for a cast whose modified result is the
    face plus ``shift`` (magic 0, modifier ``shift``: the engine reads nothing else)."""
    faces = rules.outcome_faces(0, learning, modifier=shift, extremes=extremes)
    by_face = {face: outcome.value for outcome, found in faces.items() for face in found}
    return [by_face[face] for face in range(1, rules.DIE_FACES + 1)]


def table_data() -> dict:
    """What « Mon grimoire » needs to play a cast at the table, all from ``rules``: the die's
    faces, the outcome of each face for every shift of the modified result (magic and modifier
    enter the rules only through it), apprentissage and reading of the 1 and the 12, the XP and
    the French label of each outcome, the readings' labels, and the exact odds of k faces out
    of the die's as the pages write them."""
    learnings = range(rules.MIN_LEARNING, LEARNING_MAX + 1)
    # Beyond these shifts every face reads as at the bound (the engine's own range).
    low, high = rules.cast_shift_range()
    order = [outcome.value for outcome in rules.Outcome]
    # One string per shift: the index in ``order`` of each face's outcome.
    faces = {
        extremes: {
            str(learning): {
                str(shift): "".join(
                    str(order.index(outcome)) for outcome in _faces_at(shift, learning, extremes)
                )
                for shift in range(low, high + 1)
            }
            for learning in learnings
        }
        for extremes in rules.EXTREMES
    }
    return {
        "faces": list(range(1, rules.DIE_FACES + 1)),
        "magic_divisor": rules.MAGIC_DIVISOR,
        "shift": {"min": low, "max": high},
        "outcomes": faces,
        "order": order,
        "xp": {outcome.value: rules.xp_for(outcome) for outcome in rules.Outcome},
        "labels": {outcome.value: outcome.label for outcome in rules.Outcome},
        "cast": {outcome.value: outcome.is_cast for outcome in rules.Outcome},
        "extremes": dict(rules.EXTREMES_LABELS),
        "odds": [
            {
                "fraction": rules.format_fraction(Fraction(k, rules.DIE_FACES)),
                "percent": rules.format_percent(Fraction(k, rules.DIE_FACES)),
            }
            for k in range(rules.DIE_FACES + 1)
        ],
    }


def study_data() -> dict:
    """A study session at the table, from ``rules``: the hours a session may last, the number of
    tests in each hour, and the XP of each ending (every test passed, or a failure in hour 1,
    2, …)."""
    hours = list(rules.STUDY_XP)
    tests = {str(h): rules.tests_in_hour(h) for h in hours}
    xp = {
        str(h): {
            "passed": rules.study_xp(h),
            **{str(f): rules.study_xp(h, failed_at=f) for f in range(1, h + 1)},
        }
        for h in hours
    }
    return {"hours": hours, "tests": tests, "xp": xp}


def duel_data() -> dict:
    """A duel at the table, from ``rules``: the elements, for each pair of elements (mine,
    the opponent's) which spell dominates and the modifiers of the two duel tests, and the
    result of every duel as played, keyed « cast cast dominant passed passed » (``1``/``0``,
    ``a``/``b``/``-``; the tests only when both spells were cast)."""
    pairs = {
        a: {
            b: {"dominant": rules.dominance(a, b), "modifiers": list(rules.test_modifiers(a, b))}
            for b in rules.ELEMENTS
        }
        for a in rules.ELEMENTS
    }
    results = {}
    for dominant in ("a", "b", None):
        mark = dominant or "-"
        for cast_a in (True, False):
            for cast_b in (True, False):
                tests = (
                    [(True, True), (True, False), (False, True), (False, False)]
                    if cast_a and cast_b
                    else [(None, None)]
                )
                for passed_a, passed_b in tests:
                    key = (
                        "".join("" if v is None else str(int(v)) for v in (cast_a, cast_b))
                        + mark
                        + "".join("" if v is None else str(int(v)) for v in (passed_a, passed_b))
                    )
                    results[key] = rules.duel_result(cast_a, cast_b, dominant, passed_a, passed_b)
    return {"elements": list(rules.ELEMENTS), "pairs": pairs, "results": results}


def casts_data() -> dict:
    """The engine's expected casts to the next apprentissage (French decimal, one digit) of a
    spell still ``left`` XP from it, for each reading of the 1 and the 12, apprentissage and
    magic: ``rows[index[reading][learning][magic]][left - 1]``, for ``left`` from 1 to the cost
    of the next level at the largest difficulty. They depend on the XP left, not on the spell's
    difficulty (tests/grimoire/test_grimoire_table.py checks it at every difficulty and XP); magic
    above ``fold`` reads as ``fold``, where the odds of a cast stop changing."""
    fold = rules.stable_magic(0)
    rows: list[list[str]] = []
    seen: dict[tuple[str, ...], int] = {}
    index: dict[str, dict[str, list[int]]] = {}
    for reading in rules.EXTREMES:
        index[reading] = {}
        for learning in range(LEARNING_MIN, LEARNING_MAX):
            cost = rules.level_up_cost(learning, rules.MAX_DIFFICULTY)
            assert cost is not None  # every level above the first has a cost
            index[reading][str(learning)] = []
            for magic in range(fold + 1):
                row = tuple(
                    rules.format_decimal(
                        rules.casts_to_next_level(
                            magic, learning, rules.MAX_DIFFICULTY, cost - left, extremes=reading
                        ),
                        1,
                    )
                    for left in range(1, cost + 1)
                )
                if row not in seen:
                    seen[row] = len(rows)
                    rows.append(list(row))
                index[reading][str(learning)].append(seen[row])
    return {"fold": fold, "index": index, "rows": rows}


def config_script(difficulties: Iterable[int]) -> str:
    """The spellbook's configuration module (``export default {...}``) for a compendium whose
    spells have these ``difficulties``."""
    # The cost of the next level at each apprentissage below the last (the XP from which the book
    # offers a level-up), for the difficulties the compendium uses.
    costs = {
        str(difficulty): {
            str(learning): rules.level_up_cost(learning, difficulty)
            for learning in range(LEARNING_MIN, LEARNING_MAX)
        }
        for difficulty in sorted(set(difficulties))
    }
    config = {
        # A spell being learnt is in the book one level below the first a cast needs (before the
        # role-play the rules ask for; progression knows that level, casting does not).
        "learning": {"min": LEARNING_MIN, "max": LEARNING_MAX, "unlearnt": LEARNING_MIN - 1},
        "difficulty": {"min": rules.MIN_DIFFICULTY, "max": rules.MAX_DIFFICULTY},
        "elements": dict(rules.ELEMENT_LABELS),
        "level_up_cost": costs,
        "table": table_data(),
        "study": study_data(),
        "duel": duel_data(),
        # The number of casts of the progressions the build's data holds: the spellbook asks its
        # figures (which do not depend on it) with it, so that the data answers a spell at 0 XP.
        "progression": {"casts": instant.PROGRESSION_CASTS[0]},
        # How long the spellbook waits for its table of expected casts before asking the engine.
        "dataWaitMs": packaging.DATA_WAIT_MS,
    }
    return (
        "// Généré par widgets/grimoire/data.py depuis le moteur de règles : ne pas modifier.\n"
        f"export default {json.dumps(config, ensure_ascii=False, sort_keys=True)};\n"
    )


#: Where the build writes :func:`casts_data` (its pipeline keeps it in the build's cache).
CASTS_FILE = f"{SERVED}/grimoire-casts.json"


def casts_sources() -> dict[str, Path]:
    """``{name: path}`` of the files :func:`casts_data` depends on: the engine and this module."""
    files = {name: path for name, path in instant.sources().items() if name.startswith("rules/")}
    files["widgets/grimoire/data.py"] = Path(__file__)
    return files


def casts_file() -> bytes:
    """:func:`casts_data` as the JSON file the spellbook fetches."""
    return json.dumps(casts_data(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
