// Where the progression's curve puts its points (calculators-draw.js): counts of casts along the
// plot's width, thousandths up its height, from 0 % at the bottom.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  chartLabel,
  curveGeometry,
  openOutput,
} from "../../widgets/calculators/static/calculators-draw.js";

test("each thousandth is drawn at its count of casts, the last at the right edge", () => {
  const { points, x, y } = curveGeometry({ last: 7, step: 3, permille: [0, 400, 900, 1000] });
  assert.deepEqual(
    points.map(([px]) => px),
    [x(0), x(3), x(6), x(7)],
  );
  assert.equal(x(0), 38);
  assert.equal(x(7), 308);
  assert.deepEqual(
    points.map(([, py]) => py),
    [104, 67.2, 21.2, 12],
  );
  assert.equal(y(500), 58);
});

test("a count or a chance out of the plot stays on its edge; a broken curve draws nothing", () => {
  const { x, y } = curveGeometry({ last: 10, step: 1, permille: [] });
  assert.equal(x(50), 308);
  assert.equal(x(-3), 38);
  assert.equal(y(2000), 12);
  assert.equal(y(Number.NaN), 0);
  assert.deepEqual(curveGeometry({ last: "x", permille: "no" }).points, []);
  assert.equal(curveGeometry({ last: 0, step: 0, permille: [1000] }).points[0][0], 38);
});

test("a bar's text equivalent says each item and its percent after its own label", () => {
  assert.equal(
    chartLabel("Issues", [
      { label: "A", percent: "10 %" },
      { xp: 3, percent: "90 %" },
    ]),
    "Issues — A : 10 %, 3 XP : 90 %",
  );
});

test("an answer's slots come out of their template once, at the first answer", () => {
  const slots = { id: "slots" };
  let template = { content: { cloneNode: (deep) => (deep ? slots : null) } };
  const shown = [];
  const output = {
    querySelector: (selector) => (selector === "template[data-output-template]" ? template : null),
    replaceChildren: (child) => {
      shown.push(child);
      template = null; // the template is replaced by its slots
    },
  };
  assert.equal(openOutput(output), true);
  assert.deepEqual(shown, [slots]);
  assert.equal(openOutput(output), false); // the second answer draws into the same slots
  assert.deepEqual(shown, [slots]);
  assert.equal(openOutput(null), false);
});
