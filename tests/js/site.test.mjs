// The site's shared helpers and the index's pure parts (folding, collation, URL state, facets).
import { test } from "node:test";
import assert from "node:assert/strict";

import { collator, fold, megabytes, withParams, words } from "../../generator/pages/static/common.js";
import { levelRange, matchesFacet, readIndexState, writeIndexState }
  from "../../generator/pages/static/spell-index.js";

test("fold lowers case, drops accents, splits ligatures and punctuation", () => {
  assert.equal(fold("L'Invisibilité"), "l invisibilite");
  assert.equal(fold("Œil de mage"), "oeil de mage");
  assert.equal(fold("  Æther — ÉCLAIR!  "), "aether eclair");
  assert.deepEqual(words("  boule   de feu "), ["boule", "de", "feu"]);
  assert.deepEqual(words(" — "), []);
});

test("the collator ignores case and accents and orders numbers numerically", () => {
  assert.equal(collator.compare("élan", "Elan"), 0);
  const sorted = ["sort 10", "sort 9", "Œil", "abri", "Zèle"].sort(collator.compare);
  assert.deepEqual(sorted, ["abri", "Œil", "sort 9", "sort 10", "Zèle"]);
});

test("megabytes are written the French way", () => {
  assert.equal(megabytes(12_345_678), "12,3\u00a0Mo");
  assert.equal(megabytes(0), "0,0\u00a0Mo");
});

test("withParams replaces only the given keys", () => {
  assert.equal(withParams("?a=1&b=2", ["b", "c"], { b: "3", c: "x y" }), "?a=1&b=3&c=x+y");
  assert.equal(withParams("?b=2", ["b"], { b: "" }), "");
});

test("index state: a written state reads back the same", () => {
  const state = {
    q: "boule",
    facets: {
      niveau: { include: ["1", "3"], exclude: ["9"] },
      element: { include: [], exclude: ["feu"] },
      difficulte: { include: ["2"], exclude: [] },
    },
    sort: { column: 2, descending: true },
  };
  const search = writeIndexState("?autre=1", state);
  assert.equal(search, "?autre=1&q=boule&niveau=1%2C3%2C-9&element=-feu&difficulte=2&tri=2-desc");
  assert.deepEqual(readIndexState(search, 5), state);
});

test("index state: the default state writes nothing, and bad values are ignored", () => {
  const empty = { include: [], exclude: [] };
  const none = { q: "", facets: { niveau: empty, element: empty, difficulte: empty },
                 sort: { column: 0, descending: false } };
  assert.equal(writeIndexState("?q=old&tri=3", none), "");
  assert.deepEqual(readIndexState("?tri=7-desc&niveau=,-,", 5), none);
  assert.deepEqual(readIndexState("?tri=abc", 5).sort, { column: 0, descending: false });
});

test("facets include any of, and exclude all of, their values", () => {
  const state = (include, exclude) => ({ include, exclude });
  assert.equal(matchesFacet(["2", "3"], state([], [])), true);
  assert.equal(matchesFacet(["2", "3"], state(["3", "7"], [])), true);
  assert.equal(matchesFacet(["2", "3"], state(["4"], [])), false);
  assert.equal(matchesFacet(["2", "3"], state([], ["2"])), false);
  assert.equal(matchesFacet(["2", "3"], state(["3"], ["2"])), false);
  assert.deepEqual(levelRange("2", "4"), ["2", "3", "4"]);
  assert.deepEqual(levelRange(5, 5), ["5"]);
});
