// The reader's own wizard on a spell page's odds chart (grimoire-chart.js): where the ring goes,
// read from the chart's own points, and when the chart does not hold that wizard.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chartPoint } from "../../widgets/grimoire/static/grimoire-chart.js";

const CHART = {
  left: 36,
  top: 20,
  unit: 11,
  height: 120,
  reading: "modified",
  lines: { 1: "1/6 1/6 1/4 1/4 1/1", 2: "1/3 1/3 5/12 5/12 1/1" },
};

test("the ring stands on the spell's line at the book's magie, with that point's chance", () => {
  assert.deepEqual(chartPoint(CHART, { magic: 3, learning: 2, reading: "modified" }), {
    x: 36 + 11 * 3,
    y: 20 + 120 - 50,
    chance: "5/12",
    beyond: false,
  });
  assert.equal(chartPoint(CHART, { magic: 0, learning: 1, reading: "modified" }).y, 120);
});

test("beyond the chart's last magic the ring stays on its last point, where nothing changes", () => {
  const point = chartPoint(CHART, { magic: 40, learning: 1, reading: "modified" });
  assert.equal(point.x, 36 + 11 * 4);
  assert.equal(point.chance, "1/1");
  assert.equal(point.beyond, true);
});

test("no ring for another reading, an apprentissage without a line or a bad magie", () => {
  assert.equal(chartPoint(CHART, { magic: 3, learning: 2, reading: "natural" }), null);
  assert.equal(chartPoint(CHART, { magic: 3, learning: 0, reading: "modified" }), null);
  assert.equal(chartPoint(CHART, { magic: 3, learning: "__proto__", reading: "modified" }), null);
  assert.equal(chartPoint(CHART, { magic: -1, learning: 1, reading: "modified" }), null);
  assert.equal(chartPoint(CHART, { magic: 1.5, learning: 1, reading: "modified" }), null);
  const broken = { ...CHART, lines: { 1: "x/y" } };
  assert.equal(chartPoint(broken, { magic: 0, learning: 1, reading: "modified" }), null);
});
