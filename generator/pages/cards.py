"""The pages of « Mon grimoire » and of the spell cards, and the spellbook's configuration script.

``extra_pages(env, spells)`` returns ``{path in docs_dir: text}``:

* ``grimoire/index.md``: the spellbook page (the list itself lives in the reader's browser and is
  drawn by ``static/grimoire.js``);
* ``cartes/index.md``: every spell as a printable card, server-rendered (the full description,
  without per-level ids nor erratum marks: 110 cards on one page must not repeat ids nor point
  to anchors of other pages); ``static/cards.js`` keeps the selection given in the URL, splits
  long spells over several cards and lays them out on A4 sheets. Without JavaScript every card
  shows;
* ``assets/site/grimoire-config.js`` (an ES module, ``export default {...}``): what the
  spellbook's module imports from the rules engine
  (the ranges of apprentissage and difficulty, the French names of the elements, the cost of each
  level, the outcome of each die face, the XP of each outcome, the duel's pairs of elements) and
  the number of casts of the progressions the calculators' data holds: the spellbook's scripts
  look rules up in it, and type none;
* ``CASTS_FILE``, written by the pipeline (kept in the build's cache): the expected casts to the
  next apprentissage as the engine writes them, for every XP a spell of the book can still need
  (``casts_data``), read by the spellbook when a spell holds XP: its figures need no engine.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from markupsafe import Markup

import rules
from widgets import instant, packaging

from . import labels
from .render import render_description, render_inline

__all__ = [
    "CASTS_FILE",
    "LEARNING_MAX",
    "LEARNING_MIN",
    "card_context",
    "casts_data",
    "casts_file",
    "casts_sources",
    "extra_pages",
]

LEARNING_MIN = rules.MIN_LEARNING
LEARNING_MAX = rules.MAX_LEARNING


def card_context(spell: dict) -> dict:
    """What one card shows: the six fields, element, difficulty and the whole description."""
    fields = [
        {
            "key": key,
            "label": label,
            "raw": spell[key]["raw"],
            "html": render_inline(spell[key]["raw"]),
        }
        for key, label in labels.FIELDS.items()
    ]
    return {
        "spell": spell,
        "fields": fields,
        "element": rules.ELEMENT_LABELS[spell["element"]],
        "description": Markup(render_description(spell["description"], subheading="h3")),
    }


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
    difficulty (tests/pages/test_grimoire_table.py checks it at every difficulty and XP); magic
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


def _config_script(spells: list[dict]) -> str:
    # The cost of the next level at each apprentissage below the last (the XP from which the book
    # offers a level-up), for the difficulties the compendium uses.
    costs = {
        str(difficulty): {
            str(learning): rules.level_up_cost(learning, difficulty)
            for learning in range(LEARNING_MIN, LEARNING_MAX)
        }
        for difficulty in sorted({spell["difficulty"] for spell in spells})
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
        "// Généré par generator/pages/cards.py depuis le moteur de règles : ne pas modifier.\n"
        f"export default {json.dumps(config, ensure_ascii=False, sort_keys=True)};\n"
    )


def extra_pages(env, spells: list[dict]) -> dict[str, str]:
    """The spellbook page, the cards page and the spellbook's configuration script."""
    return {
        "grimoire/index.md": env.get_template("grimoire.md.j2").render(
            root="../", learning=range(LEARNING_MIN, LEARNING_MAX + 1), unlearnt=LEARNING_MIN - 1
        ),
        "cartes/index.md": env.get_template("cartes.md.j2").render(
            cards=[card_context(spell) for spell in spells], root="../"
        ),
        "assets/site/grimoire-config.js": _config_script(spells),
    }


#: Where the build writes :func:`casts_data` (its pipeline keeps it in the build's cache).
CASTS_FILE = "assets/site/grimoire-casts.json"


def casts_sources() -> dict[str, Path]:
    """``{name: path}`` of the files :func:`casts_data` depends on: the engine and this module."""
    files = {name: path for name, path in instant.sources().items() if name.startswith("rules/")}
    files["generator/pages/cards.py"] = Path(__file__)
    return files


def casts_file() -> bytes:
    """:func:`casts_data` as the JSON file the spellbook fetches."""
    return json.dumps(casts_data(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
