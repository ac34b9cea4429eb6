import { test } from "node:test";
import assert from "node:assert/strict";
import { webcrypto } from "node:crypto";
import { toEngine, isBlank, decode, lookup, cryptoDraw, documentKey } from "../../widgets/static/instant.js";

// Node 18 has no global crypto (browsers and later Node versions do).
if (!globalThis.crypto) globalThis.crypto = webcrypto;

const READING = { whitespace: " \t\u00a0", signs: { "+": 1, "-": -1, "\u2212": -1 }, digits: 3 };

test("integer text becomes a number, as the bridge reads it", () => {
  assert.equal(toEngine(" 12 ", READING), 12);
  assert.equal(toEngine("\u22123", READING), -3);
  assert.equal(toEngine("+007", READING), 7);
  assert.equal(Object.is(toEngine("-0", READING), 0), true);
  assert.equal(toEngine("0007", READING), "0007"); // more digits than the bridge reads
  assert.equal(toEngine("1.5", READING), "1.5");
  assert.equal(toEngine("\u20033", READING), "\u20033"); // not a space the bridge knows
  assert.equal(toEngine(4, READING), 4);
});

test("blank text", () => {
  assert.equal(isBlank(" \u00a0", READING), true);
  assert.equal(isBlank(" 1", READING), false);
});

const DOC = {
  format: 1,
  integer: READING,
  absent: { extra: 0 },
  atoms: ["a", 1, true, null],
  shapes: [["label", "n", "flag", "none"]],
  nodes: [[0, 0, 0, 2, 4, 6], [1, 2, 2, 3]], // node 1 holds node 0 (one back: ref 3)
  tables: {
    demo: {
      axes: [["x", [1, 2]], ["extra", [0]], ["word", ["oui", "non"]]],
      index: [1, 3, 1, 3],
      inputs: [["x", "x", "value"], ["word", "word", { oui: "Oui", non: "Non" }], ["text", "x", "text"]],
    },
  },
};

test("refs decode to shared objects and lists", () => {
  assert.deepEqual(decode(DOC, 1), { label: "a", n: 1, flag: true, none: null });
  assert.deepEqual(decode(DOC, 3), [1, 1, { label: "a", n: 1, flag: true, none: null }]);
});

test("a request in the grid is answered with its inputs rebuilt", () => {
  assert.deepEqual(lookup(DOC, { calc: "demo", x: " 2", word: "non" }), {
    calc: "demo",
    inputs: { x: 2, word: "Non", text: "2" },
    0: 1, 1: 1, 2: { label: "a", n: 1, flag: true, none: null },
  });
  assert.deepEqual(lookup(DOC, { calc: "demo", x: "1", word: "oui" }).inputs, { x: 1, word: "Oui", text: "1" });
});

test("anything outside the grid is left to the engine", () => {
  assert.equal(lookup(DOC, { calc: "demo", x: "3", word: "oui" }), null);
  assert.equal(lookup(DOC, { calc: "demo", x: "1", word: "peut-être" }), null);
  assert.equal(lookup(DOC, { calc: "demo", x: "1" }), null); // absent, no default
  assert.equal(lookup(DOC, { calc: "demo", x: "1", word: "oui", extra: "1" }), null);
  assert.equal(lookup(DOC, { calc: "autre", x: "1" }), null);
  assert.equal(lookup(DOC, { calc: "roll", x: "1" }), null);
  assert.equal(lookup(null, { calc: "demo" }), null);
  assert.equal(lookup({ ...DOC, format: 2 }, { calc: "demo", x: "1", word: "oui" }), null); // unknown format
  assert.equal(lookup(DOC, { calc: "demo", x: true, word: "oui" }), null);
});

test("which document answers a request", () => {
  const cfg = { split: { progression: "difficulty" }, integer: READING };
  assert.equal(documentKey({ calc: "roll", magic: "3" }, cfg), "cast"); // rolls read the cast's
  assert.equal(documentKey({ calc: "study" }, cfg), "study");
  assert.equal(documentKey({ calc: "progression", difficulty: " 3" }, cfg), "progression-3");
  assert.equal(documentKey({ calc: "progression", difficulty: "trois" }, cfg), "progression-trois");
  assert.equal(documentKey({ calc: "progression" }, cfg), null);
  assert.equal(documentKey({}, cfg), null);
});

test("drawn seeds stay in range", () => {
  for (let i = 0; i < 200; i++) {
    const seed = cryptoDraw(1, 3);
    assert.ok(seed >= 1 && seed <= 3);
  }
});
