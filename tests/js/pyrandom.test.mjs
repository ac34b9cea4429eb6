import { test } from "node:test";
import assert from "node:assert/strict";
import { PyRandom, MAX_SEED } from "../../widgets/static/pyrandom.js";

// Values printed by CPython: [r.randint(1, 12), r.randint(1, 12), r.getrandbits(32)]
// for r = random.Random(seed).
const PYTHON = [
  [0, 7, 7, 173879092],
  [1, 3, 10, 3639700191],
  [2, 1, 2, 364522461],
  [7, 6, 3, 1695753998],
  [123456, 5, 1, 3437436881],
  [999999, 4, 4, 3081915581],
  [4294967295, 11, 10, 872737089],
];

test("the same draws as CPython's random.Random(seed)", () => {
  for (const [seed, a, b, bits] of PYTHON) {
    const r = new PyRandom(seed);
    assert.deepEqual([r.randint(1, 12), r.randint(1, 12), r.getrandbits(32)], [a, b, bits], "seed " + seed);
  }
});

test("seeds outside one 32-bit word are refused", () => {
  assert.throws(() => new PyRandom(MAX_SEED + 1), RangeError);
  assert.throws(() => new PyRandom(-1), RangeError);
  assert.throws(() => new PyRandom(1.5), RangeError);
});
