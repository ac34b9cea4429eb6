import { test } from "node:test";
import assert from "node:assert/strict";
import { isParts } from "../../widgets/shared/instant-duel.js";
import { drawFace } from "../../widgets/shared/instant-face.js";
import { compiled, isBlank, readInteger, strip } from "../../widgets/shared/instant-integer.js";
import {
  FORMAT,
  check,
  drawFace as facade,
  isDocument,
  isFields,
  lookup,
  toEngine,
} from "../../widgets/shared/instant.js";

const INTEGER = { whitespace: " \t\u00a0", signs: { "+": 1, "\u2212": -1 }, digits: 3 };

test("integer text: the bridge's spaces stripped, its signs and digits read", () => {
  assert.equal(strip("\u00a0 a b\t", INTEGER.whitespace), "a b");
  assert.equal(strip("\u2003a", INTEGER.whitespace), "\u2003a"); // not a space the bridge knows
  assert.equal(isBlank(" \t", INTEGER), true);
  assert.equal(readInteger(" \u22127 ", INTEGER), -7n);
  assert.equal(readInteger("-7", INTEGER), null); // a sign the reading does not name
  assert.equal(readInteger("1000", INTEGER), null);
  assert.equal(compiled(INTEGER), compiled(INTEGER)); // compiled once per reading
});

test("a face is drawn over the faces the fields document reads, else none", () => {
  const fields = { calcs: { roll: [{ field: "face", low: 1, high: 12 }] } };
  const asked = [];
  const face = drawFace(fields, (low, high) => {
    asked.push([low, high]);
    return high;
  });
  assert.equal(face, 12);
  assert.deepEqual(asked, [[1, 12]]);
  assert.equal(
    drawFace({ calcs: {} }, () => 1),
    null,
  );
  assert.equal(
    drawFace(null, () => 1),
    null,
  );
});

test("the duel's parts are checked for the shape the look-up reads", () => {
  const parts = {
    casters: { index: [] },
    pairs: { skeleton: [], relation: [] },
    groups: [],
    slots: [],
    probs: [],
    texts: [],
    skeletons: [],
    probability: [],
    sizes: {},
  };
  assert.equal(isParts(parts), true);
  assert.equal(isParts({ ...parts, groups: null }), false);
  assert.equal(isParts(null), false);
});

test("the calculators fetch one module that names every function they use", () => {
  for (const named of [check, isFields, facade, lookup, isDocument, toEngine]) {
    assert.equal(typeof named, "function");
  }
  assert.equal(facade, drawFace);
  assert.equal(FORMAT, 3);
});
