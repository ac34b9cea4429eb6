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
from generator.pages.cards import _config_script
from tests.conftest import ROOT

STATIC = ROOT / "generator" / "pages" / "static"
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
    folder = tmp_path_factory.mktemp("table")
    for path in STATIC.glob("*.js"):
        shutil.copy(path, folder / path.name)
    difficulties = range(rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY + 1)
    (folder / "grimoire-config.js").write_text(
        _config_script([{"difficulty": d} for d in difficulties]), encoding="utf-8")
    (folder / "probe.mjs").write_text(SCRIPT, encoding="utf-8")
    grid = [list(MAGICS), list(MODIFIERS), list(range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)),
            list(rules.EXTREMES), list(difficulties), list(range(0, rules.MAX_LEARNING + 1))]
    out = subprocess.run(["node", "probe.mjs", json.dumps(grid)], cwd=folder, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def test_every_face_of_every_cast_reads_as_the_engine_says(answers):
    assert answers["faces"] == list(range(1, rules.DIE_FACES + 1))
    checked = 0
    for reading in rules.EXTREMES:
        for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1):
            for magic in MAGICS:
                for modifier in MODIFIERS:
                    faces, odds = answers["casts"][f"{magic}|{modifier}|{learning}|{reading}"]
                    engine = rules.outcome_faces(magic, learning, modifier=modifier, extremes=reading)
                    expected = {face: outcome.value for outcome, found in engine.items() for face in found}
                    assert faces == [expected[f] for f in answers["faces"]], (magic, modifier, learning, reading)
                    exact = rules.cast_odds(magic, learning, modifier=modifier, extremes=reading)
                    assert odds == [[o.value, rules.format_fraction(p), rules.format_percent(p)]
                                    for o, p in exact.items()]
                    checked += 1
    assert checked == 2 * 5 * len(MAGICS) * len(MODIFIERS)


def test_xp_labels_and_level_costs_are_the_engine_s(answers):
    assert answers["xp"] == {o.value: [rules.xp_for(o), o.label, o.is_cast] for o in rules.Outcome}
    for key, cost in answers["costs"].items():
        difficulty, level = map(int, key.split("|"))
        expected = rules.level_up_cost(level, difficulty) if level < rules.MAX_LEARNING else None
        assert cost == expected, key
    # A spell being learnt (below the first apprentissage a cast needs) cannot be cast.
    assert answers["castable"] == [level >= rules.MIN_LEARNING for level in range(0, rules.MAX_LEARNING + 1)]


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
