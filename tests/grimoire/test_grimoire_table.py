"""« Mon grimoire » plays a cast from data the build writes from rules/: its answers (the
browser module grimoire-table.js run by node over the generated data) are the engine's over the
whole grid of magic, modifier, apprentissage, reading and face."""

from __future__ import annotations

import json
import shutil
import subprocess
from fractions import Fraction

import pytest

import rules
from tests.served_scripts import lay_out
from widgets import bridge, grimoire
from widgets.grimoire import casts_data, casts_file

MAGICS = range(0, 31)
MODIFIERS = range(-20, 21)

SCRIPT = """
import * as table from "./grimoire-table.js";
const [magics, modifiers, learnings, readings, difficulties, levels] = JSON.parse(process.argv[2]);
const casts = {};
for (const reading of readings) for (const learning of learnings) for (const magic of magics)
  for (const modifier of modifiers) {
    casts[[magic, modifier, learning, reading].join("|")] = [
      table.FACES.map((face) => table.outcomeOf(face, { magic, learning, modifier, reading })),
      table.castOdds({ magic, learning, modifier, reading }).map((o) => [o.outcome, o.fraction, o.percent])];
  }
const costs = {};
for (const d of difficulties) for (const l of levels) costs[d + "|" + l] = table.levelCost(l, d);
const xp = Object.fromEntries(table.OUTCOMES.map((o) => [o, [table.xpOf(o), table.LABELS[o], table.isCast(o)]]));
const study = {};
for (const h of table.STUDY.hours) {
  study[h] = [table.STUDY.tests[String(h)], table.studyXp(h, null)];
  for (let f = 1; f <= h; f++) study[h].push(table.studyXp(h, f));
}
console.log(JSON.stringify({ casts, costs, xp, faces: table.FACES, castable: levels.map(table.castable), study }));
"""


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    if shutil.which("node") is None:
        pytest.skip("node absent")
    difficulties = range(rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY + 1)
    folder = lay_out(tmp_path_factory.mktemp("table"), difficulties) / grimoire.SERVED
    (folder / "probe.mjs").write_text(SCRIPT, encoding="utf-8")
    grid = [
        list(MAGICS),
        list(MODIFIERS),
        list(range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)),
        list(rules.EXTREMES),
        list(difficulties),
        list(range(0, rules.MAX_LEARNING + 1)),
    ]
    out = subprocess.run(
        ["node", "probe.mjs", json.dumps(grid)],
        cwd=folder,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out)


def test_every_face_of_every_cast_reads_as_the_engine_says(answers):
    assert answers["faces"] == list(range(1, rules.DIE_FACES + 1))
    checked = 0
    for reading in rules.EXTREMES:
        for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1):
            for magic in MAGICS:
                for modifier in MODIFIERS:
                    faces, odds = answers["casts"][f"{magic}|{modifier}|{learning}|{reading}"]
                    engine = rules.outcome_faces(
                        magic, learning, modifier=modifier, extremes=reading
                    )
                    expected = {
                        face: outcome.value for outcome, found in engine.items() for face in found
                    }
                    assert faces == [expected[f] for f in answers["faces"]], (
                        magic,
                        modifier,
                        learning,
                        reading,
                    )
                    exact = rules.cast_odds(magic, learning, modifier=modifier, extremes=reading)
                    assert odds == [
                        [o.value, rules.format_fraction(p), rules.format_percent(p)]
                        for o, p in exact.items()
                    ]
                    checked += 1
    assert checked == 2 * 5 * len(MAGICS) * len(MODIFIERS)


def test_xp_labels_and_level_costs_are_the_engine_s(answers):
    assert answers["xp"] == {o.value: [rules.xp_for(o), o.label, o.is_cast] for o in rules.Outcome}
    for key, cost in answers["costs"].items():
        difficulty, level = map(int, key.split("|"))
        expected = rules.level_up_cost(level, difficulty) if level < rules.MAX_LEARNING else None
        assert cost == expected, key
    # A spell being learnt (below the first apprentissage a cast needs) cannot be cast.
    assert answers["castable"] == [
        level >= rules.MIN_LEARNING for level in range(0, rules.MAX_LEARNING + 1)
    ]


def test_a_study_session_earns_the_engine_s_xp(answers):
    """Each hour's tests, counted as the rules read them, and the XP of every ending."""
    assert list(map(int, answers["study"])) == list(rules.STUDY_XP)
    for hours, (tests, passed, *failed) in answers["study"].items():
        h = int(hours)
        assert passed == rules.study_xp(h)
        assert failed == [rules.study_xp(h, failed_at=f) for f in range(1, h + 1)]
        # A session of h hours passes whole with chance p to the power of every test so far.
        total = sum(answers["study"][str(k)][0] for k in range(1, h + 1))
        assert rules.study_odds(h, "1/3")[rules.study_xp(h)] == Fraction(1, 3) ** total
        assert tests >= 1


DUEL_MAGICS = (0, 2, 3, 6, 12)
#: A few casters of different strength, each met by every caster of the grid (on either side).
DUEL_OPPONENTS = ((0, 1), (3, 3), (12, 5))


def duel_casters() -> list[tuple[int, int, int, int]]:
    """The pairs of casters played face by face, (magic, apprentissage) of A then of B: every
    caster of the grid against each of ``DUEL_OPPONENTS``, as A and as B."""
    grid = [
        (m, lv) for m in DUEL_MAGICS for lv in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)
    ]
    pairs = {(*a, *b) for a in grid for b in DUEL_OPPONENTS}
    pairs |= {(*b, *a) for a in grid for b in DUEL_OPPONENTS}
    return sorted(pairs)


DUEL_SCRIPT = """
import * as table from "./grimoire-table.js";
const [casters, readings] = JSON.parse(process.argv[2]);
const results = {};
for (const castA of [true, false]) for (const castB of [true, false]) for (const dominant of ["a", "b", null])
  for (const passedA of [true, false]) for (const passedB of [true, false])
    results[[castA, castB, dominant, passedA, passedB].join("|")] = table.duelResult(castA, castB, dominant, passedA, passedB);
const pairs = {};
for (const a of table.DUEL_ELEMENTS) for (const b of table.DUEL_ELEMENTS) pairs[a + "|" + b] = table.duelPair(a, b);
// Every duel played face by face: the count of each result over the 12⁴ faces (the tests'
// faces are rolled only when both spells were cast; their faces count 12² each otherwise).
const counts = {};
for (const reading of readings) for (const a of table.DUEL_ELEMENTS) for (const b of table.DUEL_ELEMENTS)
  for (const [ma, la, mb, lb] of casters) {
    const me = { magic: ma, learning: la, element: a, reading };
    const them = { magic: mb, learning: lb, element: b };
    const count = { a: 0, b: 0, cancel: 0, none: 0 };
    let tests = null;
    for (const f1 of table.FACES) for (const f2 of table.FACES) {
      const play = table.duelPlay([f1, f2], me, them);
      if (play.result !== null) { count[play.result] += 144; continue; }
      if (!tests) {
        tests = { a: 0, b: 0, cancel: 0, none: 0 };
        for (const f3 of table.FACES) for (const f4 of table.FACES) tests[table.duelPlay([f1, f2, f3, f4], me, them).result] += 1;
      }
      for (const k in tests) count[k] += tests[k];
    }
    counts[[reading, a, b, ma, la, mb, lb].join("|")] = count;
  }
console.log(JSON.stringify({ results, pairs, counts, elements: table.DUEL_ELEMENTS }));
"""


@pytest.fixture(scope="module")
def duels(tmp_path_factory):
    if shutil.which("node") is None:
        pytest.skip("node absent")
    folder = lay_out(tmp_path_factory.mktemp("duel"), [1]) / grimoire.SERVED
    (folder / "probe.mjs").write_text(DUEL_SCRIPT, encoding="utf-8")
    grid = [duel_casters(), list(rules.EXTREMES)]
    out = subprocess.run(
        ["node", "probe.mjs", json.dumps(grid)],
        cwd=folder,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out)


def test_a_duel_s_dominance_modifiers_and_result_are_the_engine_s(duels):
    assert duels["elements"] == list(rules.ELEMENTS)
    for key, pair in duels["pairs"].items():
        a, b = key.split("|")
        assert pair == {
            "dominant": rules.dominance(a, b),
            "modifiers": list(rules.test_modifiers(a, b)),
        }, key
    seen = set()
    for key, result in duels["results"].items():
        cast_a, cast_b, dominant, passed_a, passed_b = key.split("|")
        cast_a, cast_b = cast_a == "true", cast_b == "true"
        expected = rules.duel_result(
            cast_a, cast_b, dominant or None, passed_a == "true", passed_b == "true"
        )
        assert result == expected, key
        seen.add(result)
    assert seen == {"a", "b", "cancel", "none"}


def test_every_duel_played_face_by_face_adds_up_to_the_engine_s_odds(duels):
    checked = 0
    for key, count in duels["counts"].items():
        reading, a, b, ma, la, mb, lb = key.split("|")
        odds = rules.duel_odds(
            rules.Caster(int(ma), int(la), a), rules.Caster(int(mb), int(lb), b), extremes=reading
        )
        assert {k: Fraction(n, 12**4) for k, n in count.items()} == odds, key
        checked += 1
    assert checked == len(rules.EXTREMES) * len(rules.ELEMENTS) ** 2 * len(duel_casters())


def casts_left(table: dict, magic: int, learning: int, left: int, reading: str) -> str:
    """The spellbook's reading of the expected casts table (grimoire-figures.js, castsLeft)."""
    return table["rows"][table["index"][reading][str(learning)][min(magic, table["fold"])]][
        left - 1
    ]


def test_the_spellbook_s_expected_casts_are_the_engine_s_at_every_difficulty_and_xp():
    table = casts_data()
    assert json.loads(casts_file()) == table
    for reading in rules.EXTREMES:
        for magic in (0, 1, 7, table["fold"] - 1, table["fold"], table["fold"] + 5):
            for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING):
                for difficulty in range(rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY + 1):
                    cost = rules.level_up_cost(learning, difficulty)
                    for xp in range(cost):
                        expected = rules.casts_to_next_level(
                            magic, learning, difficulty, xp, extremes=reading
                        )
                        shown = casts_left(table, magic, learning, cost - xp, reading)
                        assert shown == rules.format_decimal(expected, 1), (
                            reading,
                            magic,
                            learning,
                            difficulty,
                            xp,
                        )
    # Every magic of the table, at the largest cost, and the bridge's own answer to the request
    # the spellbook would otherwise send.
    for magic in range(table["fold"] + 1):
        for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING):
            cost = rules.level_up_cost(learning, rules.MAX_DIFFICULTY)
            for xp in (0, cost // 2, cost - 1):
                answer = bridge.handle(
                    {
                        "calc": "progression",
                        "magic": str(magic),
                        "learning": str(learning),
                        "difficulty": str(rules.MAX_DIFFICULTY),
                        "xp": str(xp),
                        "extremes": "natural",
                    }
                )
                shown = casts_left(table, magic, learning, cost - xp, "natural")
                assert answer["expected_casts"]["decimal"] == shown, (magic, learning, xp)
