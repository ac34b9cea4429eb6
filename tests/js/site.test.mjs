// The site's shared helpers and the index's pure parts (folding, collation, URL state, facets).
import { test } from "node:test";
import assert from "node:assert/strict";

import { servedModule } from "./served.mjs";
import { fold, megabytes, withParams, words } from "../../widgets/shared/common.js";
import { matchRank, searchable } from "../../generator/index/static/spell-index-rank.js";
import { drawnCount, placeRows, reconcile } from "../../generator/index/static/spell-index-rows.js";
import {
  compareRows,
  levelRange,
  matchesFacet,
} from "../../generator/index/static/spell-index-select.js";
import {
  MAX_TEXTE,
  readIndexState,
  writeIndexState,
} from "../../generator/index/static/spell-index-state.js";

test("fold lowers case, drops accents, splits ligatures and punctuation", () => {
  assert.equal(fold("L'Invisibilité"), "l invisibilite");
  assert.equal(fold("Œil de mage"), "oeil de mage");
  assert.equal(fold("  Æther — ÉCLAIR!  "), "aether eclair");
  assert.deepEqual(words("  boule   de feu "), ["boule", "de", "feu"]);
  assert.deepEqual(words(" — "), []);
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
    texte: "boule",
    facets: {
      niveau: { include: ["1", "3"], exclude: ["9"] },
      element: { include: [], exclude: ["feu"] },
      difficulte: { include: ["2"], exclude: [] },
    },
    sort: { key: "element", descending: true },
  };
  const search = writeIndexState("?autre=1", state);
  assert.equal(
    search,
    "?autre=1&texte=boule&niveau=1%2C3%2C-9&element=-feu&difficulte=2&tri=element-desc",
  );
  assert.deepEqual(readIndexState(search), state);
});

test("index state: the default state writes nothing, and bad values are ignored", () => {
  const empty = { include: [], exclude: [] };
  const none = {
    texte: "",
    facets: { niveau: empty, element: empty, difficulte: empty },
    sort: { key: "nom", descending: false },
  };
  assert.equal(writeIndexState("?q=old&texte=x&tri=niveaux", none), "");
  assert.deepEqual(readIndexState("?tri=portee-desc&niveau=,-,"), none);
  assert.deepEqual(readIndexState("?tri=abc").sort, { key: "nom", descending: false });
});

test("index state: addresses of the eight-column table and the old ?q= still read", () => {
  assert.deepEqual(readIndexState("?tri=7-desc").sort, { key: "difficulte", descending: true });
  assert.deepEqual(readIndexState("?tri=1").sort, { key: "niveaux", descending: false });
  assert.deepEqual(readIndexState("?tri=3").sort, { key: "nom", descending: false });
  assert.equal(readIndexState("?q=eclair").texte, "eclair");
  assert.equal(readIndexState("?q=eclair&texte=vol").texte, "vol");
});

test("index state: a built-in property name is no sort, and the filter text is bounded", () => {
  for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
    assert.deepEqual(readIndexState("?tri=" + name).sort, { key: "nom", descending: false }, name);
    assert.equal(writeIndexState("", readIndexState("?tri=" + name)), "", name);
  }
  const long = "a".repeat(1000000);
  assert.equal(readIndexState("?texte=" + long).texte.length, MAX_TEXTE);
  assert.equal(
    new URLSearchParams(writeIndexState("", { texte: long })).get("texte").length,
    MAX_TEXTE,
  );
});

test("the text filter ranks exact name, start, words of the name, aliases, then text", () => {
  const spell = { name: "mur de feu", aliases: "muraille ardente", text: "une paroi de flammes" };
  assert.equal(matchRank("mur de feu", spell), 0);
  assert.equal(matchRank("mur de", spell), 1);
  assert.equal(matchRank("mur feu", spell), 2);
  assert.equal(matchRank("feu", spell), 2);
  assert.equal(matchRank("ardente", spell), 3);
  assert.equal(matchRank("mur ardente", spell), 3);
  assert.equal(matchRank("flamme", spell), 4);
  assert.equal(matchRank("ur de", spell), 4); // inside words: found in the text
  assert.equal(matchRank("glace", spell), -1);
  assert.equal(matchRank("", spell), 0);
});

test("rows sort by the server's rank, then by a column with the rank breaking ties", () => {
  const a = { rank: 0, min: 2, max: 9, elementRank: 1, difficulty: 3 };
  const b = { rank: 1, min: 1, max: 9, elementRank: 1, difficulty: 1 };
  const c = { rank: 2, min: 1, max: 5, elementRank: 0, difficulty: 3 };
  const order = (key, descending = false) =>
    [a, b, c].sort((x, y) => compareRows(x, y, { key, descending })).map((r) => r.rank);
  assert.deepEqual(order("nom"), [0, 1, 2]);
  assert.deepEqual(order("nom", true), [2, 1, 0]);
  assert.deepEqual(order("niveaux"), [2, 1, 0]);
  assert.deepEqual(order("element"), [2, 0, 1]);
  assert.deepEqual(order("difficulte"), [1, 0, 2]);
  assert.deepEqual(order("difficulte", true), [2, 0, 1]);
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

test("a shared calculator link names its calculator by the prefix of its parameters", async () => {
  const { sharedCalculator } = await servedModule("assets/site/site.js");
  const prefixes = ["lancer", "duel", "progression", "etude"];
  assert.equal(sharedCalculator("?duel-magie=3&duel-element=feu", prefixes), "duel");
  assert.equal(sharedCalculator("?lancer-magie=6&lancer-graine=12", prefixes), "lancer");
  assert.equal(sharedCalculator("?etude-heures=4", prefixes), "etude");
  assert.equal(sharedCalculator("?q=eclair", prefixes), null);
  assert.equal(sharedCalculator("", prefixes), null);
  assert.equal(sharedCalculator("?lanceur=1", prefixes), null);
});

/* A parent element with the few DOM methods reconcile() uses, counting the moves. */
function fakeParent(names) {
  const parent = { children: [], inserted: 0, removed: 0 };
  const node = (name) => ({
    name,
    get nextElementSibling() {
      const at = parent.children.indexOf(this);
      return at >= 0 ? parent.children[at + 1] || null : null;
    },
  });
  parent.nodes = Object.fromEntries(names.map((n) => [n, node(n)]));
  parent.children = names.map((n) => parent.nodes[n]);
  Object.defineProperty(parent, "firstElementChild", { get: () => parent.children[0] || null });
  parent.removeChild = (child) => {
    parent.children.splice(parent.children.indexOf(child), 1);
    parent.removed++;
  };
  parent.insertBefore = (child, before) => {
    const at = parent.children.indexOf(child);
    if (at >= 0) parent.children.splice(at, 1);
    parent.children.splice(
      before ? parent.children.indexOf(before) : parent.children.length,
      0,
      child,
    );
    parent.inserted++;
  };
  parent.names = () => parent.children.map((c) => c.name);
  return parent;
}

test("index rows: a narrowing keystroke removes rows and moves none", () => {
  const p = fakeParent(["a", "b", "c", "d", "e"]);
  const moved = reconcile(
    p,
    ["a", "c", "e"].map((n) => p.nodes[n]),
  );
  assert.deepEqual(p.names(), ["a", "c", "e"]);
  assert.equal(moved, 0);
  assert.equal(p.inserted, 0);
  assert.equal(p.removed, 2);
});

test("index rows: a new order or new rows insert only what is not in place", () => {
  const p = fakeParent(["a", "b", "c"]);
  const extra = fakeParent(["x"]).nodes.x;
  assert.equal(reconcile(p, [p.nodes.c, p.nodes.a, p.nodes.b, extra]), 2);
  assert.deepEqual(p.names(), ["c", "a", "b", "x"]);
  assert.equal(reconcile(p, [p.nodes.c, p.nodes.a, p.nodes.b, extra]), 0);
  assert.equal(reconcile(p, []), 0);
  assert.deepEqual(p.names(), []);
});

test("index rows: a budget places the first rows now and the rest in a later call", () => {
  const p = fakeParent(["a", "b", "c", "d", "e"]);
  const wanted = ["e", "d", "c", "b", "a"].map((n) => p.nodes[n]);
  assert.deepEqual(placeRows(p, wanted, 2), { moved: 2, done: false });
  assert.deepEqual(p.names().slice(0, 2), ["e", "d"]);
  assert.deepEqual(placeRows(p, wanted, 2), { moved: 2, done: true });
  assert.deepEqual(placeRows(p, wanted, 2), { moved: 0, done: true });
  assert.deepEqual(p.names(), ["e", "d", "c", "b", "a"]);
});

test("matchRank reads the words searchable() built once, with the same ranks", () => {
  const spell = { name: "boule de feu", aliases: "fireball", text: "une sphere de flammes" };
  const built = searchable({ ...spell });
  for (const query of ["boule de feu", "boule", "feu", "fire", "sphere", "flammes feu", "eau"]) {
    assert.equal(matchRank(query, built), matchRank(query, spell), query);
  }
  assert.deepEqual(
    ["boule de feu", "boule", "feu", "fire", "sphere", "eau"].map((q) => matchRank(q, built)),
    [0, 1, 2, 3, 4, -1],
  );
});

test("index rows: drawn by steps, never more than shown", () => {
  assert.equal(drawnCount(1100, 200, 0), 200);
  assert.equal(drawnCount(1100, 200, 201), 400);
  assert.equal(drawnCount(1100, 200, 5000), 1100);
  assert.equal(drawnCount(110, 200, 0), 110);
  assert.equal(drawnCount(0, 200, 0), 0);
  assert.equal(drawnCount(50, Infinity, 0), 50);
});

test("the words of a search result's address are the theme's ?h=", async () => {
  const { searchedWords } = await servedModule("assets/site/site.js");
  assert.equal(searchedWords("?h=malus"), "malus");
  assert.equal(searchedWords("?h=%20%20"), "");
  assert.equal(searchedWords("?texte=vol"), "");
});

test("a block kept for later takes its place as the markup it holds, once", async () => {
  const { openBlock } = await servedModule("assets/site/site.js");
  const parent = new EventTarget();
  const heard = [];
  parent.addEventListener("gr-opened", (event) => heard.push(event.bubbles));
  const template = {
    innerHTML: "",
    get content() {
      return { parsed: this.innerHTML };
    },
  };
  const block = {
    isConnected: true,
    textContent: '<table class="gr-xp-table"></table>',
    parentNode: parent,
    ownerDocument: {
      createElement: (tag) => {
        assert.equal(tag, "template");
        return template;
      },
    },
    replaceWith(node) {
      this.by = node;
      this.isConnected = false;
    },
  };
  openBlock(block);
  assert.deepEqual(block.by, { parsed: '<table class="gr-xp-table"></table>' });
  assert.deepEqual(heard, [true]);
  openBlock(block); // already in its place: nothing happens again
  assert.deepEqual(heard, [true]);
});
