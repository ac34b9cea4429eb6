import { test } from "node:test";
import assert from "node:assert/strict";
import { webcrypto } from "node:crypto";
import {
  toEngine,
  readInteger,
  isBlank,
  check,
  lookup,
  cryptoDraw,
  drawFace,
  isDocument,
  isFields,
} from "../../widgets/shared/instant.js";

// Node 18 has no global crypto (browsers and later Node versions do).
if (!globalThis.crypto) globalThis.crypto = webcrypto;

const INTEGER = { whitespace: " \t\u00a0", signs: { "+": 1, "-": -1, "\u2212": -1 }, digits: 3 };

test("integer text becomes a number, as the bridge reads it", () => {
  assert.equal(toEngine(" 12 ", INTEGER), 12);
  assert.equal(toEngine("\u22123", INTEGER), -3);
  assert.equal(toEngine("+007", INTEGER), 7);
  assert.equal(Object.is(toEngine("-0", INTEGER), 0), true);
  assert.equal(toEngine("0007", INTEGER), "0007"); // more digits than the bridge reads
  assert.equal(toEngine("1.5", INTEGER), "1.5");
  assert.equal(toEngine("\u20033", INTEGER), "\u20033"); // not a space the bridge knows
  assert.equal(toEngine("\u0663", INTEGER), "\u0663"); // ASCII digits only
  assert.equal(readInteger("999", INTEGER), 999n);
});

test("blank text", () => {
  assert.equal(isBlank(" \u00a0", INTEGER), true);
  assert.equal(isBlank(" 1", INTEGER), false);
});

const FIELDS = {
  integer: INTEGER,
  long: {
    digits: 3,
    shown: 5,
    message: { n: "n : trop long, reçu {}", word: "mot : trop long, reçu {}" },
  },
  describe: { blank: "une valeur vide", none: "aucune valeur", chars: 6 },
  probability: {
    ratio: "([0-9]+)\\s*/\\s*([0-9]+)",
    decimal: "([0-9]*)(?:[.,]([0-9]+))?",
    percent_spaces: " ",
    low: 0,
    high: 1,
  },
  calcs: {
    demo: [
      {
        field: "n",
        kind: "integer",
        low: 1,
        high: 5,
        absent: null,
        stand_in: 1,
        message: "n : attendu 1 à 5, reçu {}",
      },
      {
        field: "m",
        kind: "integer",
        low: 0,
        high: { 1: 2, 5: null },
        absent: 0,
        stand_in: 0,
        message: { 1: "m : au plus 2, reçu {}", 5: "m : positif, reçu {}" },
      },
      {
        field: "word",
        kind: "choice",
        allowed: ["oui", "non"],
        absent: "oui",
        stand_in: "oui",
        message: "mot : oui ou non, reçu {}",
      },
      {
        field: "p",
        kind: "probability",
        absent: "1/2",
        stand_in: "1/2",
        message: "p : de 0 à 1, reçu {}",
      },
    ],
    roll: [
      {
        field: "face",
        kind: "integer",
        low: 1,
        high: 12,
        absent: null,
        stand_in: "",
        message: "face : 1 à 12, reçu {}",
      },
    ],
  },
};
// A bound that follows another field (as the XP follows learning and difficulty).
for (const entry of FIELDS.calcs.demo) {
  if (entry.field === "m") {
    entry.by = ["n"];
    entry.high = { 1: 2, 2: 2, 3: 2, 4: 2, 5: null };
    entry.message = Object.fromEntries(
      Object.keys(entry.high).map((k) => [k, "m : borne " + k + ", reçu {}"]),
    );
  }
}

const ok = (request) =>
  check(FIELDS, { calc: "demo", n: "1", m: "0", word: "oui", p: "1/2", ...request });

test("valid values pass; each bad one is worded as the engine words it", () => {
  assert.deepEqual(ok({}), []);
  assert.deepEqual(ok({ n: "7" }), [{ field: "n", message: "n : attendu 1 à 5, reçu 7" }]);
  assert.deepEqual(ok({ n: " " }), [
    { field: "n", message: "n : attendu 1 à 5, reçu une valeur vide" },
  ]);
  assert.deepEqual(ok({ n: "abcdefgh" }), [
    { field: "n", message: "n : attendu 1 à 5, reçu « abcdef… »" },
  ]);
  assert.deepEqual(ok({ n: "1234" }), [{ field: "n", message: "n : trop long, reçu « 1234 »" }]);
  assert.deepEqual(ok({ word: "12" }), [{ field: "word", message: "mot : oui ou non, reçu 12" }]);
  assert.deepEqual(ok({ n: "5", m: "9" }), []);
  assert.deepEqual(ok({ n: "x", m: "3" }), [
    { field: "n", message: "n : attendu 1 à 5, reçu « x »" },
    { field: "m", message: "m : borne 1, reçu 3" }, // judged with n's stand-in
  ]);
});

test("probabilities: fractions, decimals, percentages, ASCII digits only", () => {
  for (const p of ["3/4", "0,75", ".5", "75 %", "100%", "1", "0", " 1 / 2 "])
    assert.deepEqual(ok({ p }), [], p);
  for (const p of ["4/3", "1/0", "2", "101 %", "\u0663/\u0664", "abc", ",", "%", ""]) {
    assert.equal(ok({ p }).length, 1, p);
  }
});

test("only the engine judges an unknown calculator or a roll shared by its seed", () => {
  assert.equal(check(FIELDS, { calc: "autre" }), null);
  assert.equal(check(FIELDS, { calc: "roll", face: "", seed: "42" }), null);
  assert.deepEqual(check(FIELDS, { calc: "roll", face: "13" }), [
    { field: "face", message: "face : 1 à 12, reçu 13" },
  ]);
  assert.deepEqual(check(FIELDS, { calc: "roll", face: "" }), []);
});

test("faces are drawn over the die's faces", () => {
  const seen = new Set();
  for (let i = 0; i < 500; i++) seen.add(drawFace(FIELDS));
  assert.deepEqual(
    [...seen].sort((a, b) => a - b),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  );
  for (let i = 0; i < 200; i++) {
    const value = cryptoDraw(3, 5);
    assert.ok(value >= 3 && value <= 5);
  }
});

const DOC = {
  format: 3,
  calc: "demo",
  axes: [
    ["x", [0, 1, 2]],
    ["word", ["oui", "non"]],
  ],
  fold: { x: 2 },
  inputs: [
    ["x", "x", "value"],
    ["word", "word", { oui: "Oui", non: "Non" }],
    ["text", "x", "text"],
  ],
  answers: [{ a: 1 }, { a: 2 }],
  index: [0, 1, 0, 1, 1, 1],
  rolls: {
    field: "face",
    faces: [1, 2],
    answers: [{ r: "un" }, { r: "deux" }],
    rows: [
      [0, 1],
      [1, 0],
    ],
    index: [0, 0, 1, 1, 0, 1],
  },
};

test("a request in the grid is answered with its inputs rebuilt; larger values are folded", () => {
  assert.deepEqual(lookup(DOC, { calc: "demo", x: " 1", word: "non" }, INTEGER), {
    calc: "demo",
    inputs: { x: 1, word: "Non", text: "1" },
    a: 2,
  });
  assert.deepEqual(lookup(DOC, { calc: "demo", x: "9", word: "oui" }, INTEGER).inputs, {
    x: 9,
    word: "Oui",
    text: "9",
  });
  assert.deepEqual(lookup(DOC, { calc: "roll", x: "1", word: "oui", face: "2" }, INTEGER).roll, {
    face: 2,
    r: "un",
  });
  assert.equal(lookup(DOC, { calc: "roll", x: "9", word: "oui", face: "2" }, INTEGER), null); // rolls are not folded
});

test("a cast's impossible outcomes are its own sentences, rebuilt from their pieces", () => {
  const doc = {
    ...DOC,
    impossible: {
      texts: ["« Parfait » est impossible", ", or R va de 0", ", or R va de 1"],
      heads: [[], [0]],
      head: [0, 1, 1, 1, 0, 1],
      tail: [-1, 2, 2, 1, -1, 1],
    },
  };
  assert.deepEqual(lookup(doc, { calc: "demo", x: "0", word: "oui" }, INTEGER).impossible, []);
  assert.deepEqual(lookup(doc, { calc: "demo", x: "1", word: "oui" }, INTEGER).impossible, [
    "« Parfait » est impossible, or R va de 1",
  ]);
  assert.deepEqual(
    lookup(doc, { calc: "roll", x: "1", word: "non", face: "1" }, INTEGER).impossible,
    ["« Parfait » est impossible, or R va de 0"],
  );
  const broken = { ...doc, impossible: { ...doc.impossible, texts: [] } };
  assert.equal(lookup(broken, { calc: "demo", x: "1", word: "oui" }, INTEGER), null);
});

test("anything outside the grid, or a document of another shape, is left to the engine", () => {
  assert.equal(lookup(DOC, { calc: "demo", x: "-1", word: "oui" }, INTEGER), null);
  assert.equal(lookup(DOC, { calc: "demo", x: "1", word: "peut-être" }, INTEGER), null);
  assert.equal(lookup(DOC, { calc: "demo", x: "1" }, INTEGER), null);
  assert.equal(lookup(DOC, { calc: "autre", x: "1", word: "oui" }, INTEGER), null);
  assert.equal(lookup({ ...DOC, format: 1 }, { calc: "demo", x: "1", word: "oui" }, INTEGER), null);
  assert.equal(
    lookup({ ...DOC, index: [0] }, { calc: "demo", x: "1", word: "oui" }, INTEGER),
    null,
  );
  assert.equal(isDocument(DOC), true);
  assert.equal(isDocument({ format: 2, answers: 3 }), false);
  assert.equal(isFields(FIELDS), true);
  assert.equal(isFields([]), false);
});
