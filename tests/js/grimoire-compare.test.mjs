// « Mon grimoire »'s « now / at the next apprentissage » comparison (grimoire-compare.js): every
// figure it shows is the engine's chance of casting, for every magie, apprentissage and reading.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { grimoireModules } from "./grimoire_modules.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PYTHON = process.env.PYTHON || path.join(ROOT, ".venv/bin/python");
let compare, config;

before(async () => {
  const { load } = grimoireModules();
  compare = await load("grimoire-compare.js");
  config = (await load("grimoire-config.js")).default;
});

/** The engine's chance of casting: {"reading magic learning": "fraction percent"}. */
function engineChances() {
  const script = [
    "import json, rules",
    "out = {}",
    "for reading in rules.EXTREMES:",
    "    for magic in range(0, rules.stable_magic() + 4):",
    "        for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1):",
    "            odds = rules.cast_odds(magic, learning, extremes=reading)",
    "            p = sum(v for o, v in odds.items() if o.is_cast)",
    "            out[f'{reading} {magic} {learning}'] = rules.format_fraction(p) + ' ' + rules.format_percent(p)",
    "print(json.dumps(out))",
  ].join("\n");
  return JSON.parse(execFileSync(PYTHON, ["-c", script], { cwd: ROOT, encoding: "utf-8" }));
}

test("both bars carry the engine's chance of casting, now and at the next apprentissage", () => {
  const engine = engineChances();
  let seen = 0;
  for (const key of Object.keys(engine)) {
    const [reading, magicText, learningText] = key.split(" ");
    const magic = Number(magicText);
    const learning = Number(learningText);
    const rows = compare.compareRows({ magic, learning, reading });
    if (learning === config.learning.max) {
      assert.equal(rows, null, "nothing to buy at the last apprentissage");
      continue;
    }
    assert.equal(rows.length, 2);
    for (const [row, at] of [
      [rows[0], learning],
      [rows[1], learning + 1],
    ]) {
      assert.equal(row.fraction + " " + row.percent, engine[`${reading} ${magic} ${at}`], key);
      assert.ok(row.label.includes(String(at)));
    }
    seen += 1;
  }
  assert.ok(seen > 100);
});

test("no comparison before the first apprentissage", () => {
  const rows = compare.compareRows({
    magic: 3,
    learning: config.learning.unlearnt,
    reading: "modified",
  });
  assert.equal(rows, null);
});
