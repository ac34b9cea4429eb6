import { test } from "node:test";
import assert from "node:assert/strict";
import { documentName, integerText } from "../../widgets/shared/answers-documents.js";

// The shape of the build's configuration (widgets/instant configuration()).
const integer = { whitespace: " \u00a0\t", signs: { "+": 1, "-": -1, "\u2212": -1 }, digits: 30 };
const cfg = {
  files: {
    cast: "instant-cast-1.json",
    duel: "instant-duel-2.json",
    "progression-3": "instant-progression-3-3.json",
  },
  split: { progression: "difficulty" },
  integer,
};

test("integer text is read as the bridge reads it", () => {
  assert.equal(integerText(" 3 ", integer), "3");
  assert.equal(integerText("+03", integer), "3");
  assert.equal(integerText("\u22120", integer), "0");
  assert.equal(integerText("-4", integer), "-4");
  for (const bad of ["", "3.0", "x", "+", "1".repeat(31), "1".repeat(20)]) {
    assert.equal(integerText(bad, integer), null, bad);
  }
  assert.equal(integerText(3, integer), null);
  assert.equal(integerText("3", null), null);
});

test("each calculator's document, a roll reading the cast's", () => {
  assert.equal(documentName({ calc: "cast" }, cfg), "instant-cast-1.json");
  assert.equal(documentName({ calc: "roll", face: "4" }, cfg), "instant-cast-1.json");
  assert.equal(documentName({ calc: "duel" }, cfg), "instant-duel-2.json");
  assert.equal(documentName({ calc: "study" }, cfg), null);
  assert.equal(documentName({ calc: "toString" }, cfg), null);
  assert.equal(documentName({}, cfg), null);
  assert.equal(documentName({ calc: "cast" }, null), null);
});

test("a document split by a field is named by that field's value", () => {
  assert.equal(
    documentName({ calc: "progression", difficulty: " 3" }, cfg),
    "instant-progression-3-3.json",
  );
  assert.equal(documentName({ calc: "progression", difficulty: "2" }, cfg), null);
  assert.equal(documentName({ calc: "progression", difficulty: "trois" }, cfg), null);
  assert.equal(documentName({ calc: "progression" }, cfg), null);
});
