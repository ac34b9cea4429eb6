// The index of all spells (/sorts/): which rows a view shows and in which order, the rows as the
// server wrote them, the words that count them, and that its modules mount nothing on import.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { queryTerms } from "../../generator/index/static/spell-index-rank.js";
import { countText, moreText } from "../../generator/index/static/spell-index-rows.js";
import { readRow, selectRows } from "../../generator/index/static/spell-index-select.js";
import { DEFAULT_SORT, isDefaultSort } from "../../generator/index/static/spell-index-state.js";
import { servedModule } from "./served.mjs";

// The view imports the apps' shared module (assets/shared/): from the served copy.
const { indexView, mountIndex } = await servedModule("assets/site/spell-index-view.js");

const STATIC = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../generator/index/static",
);

// A row element as the index page writes it (only its data-* are read).
function rowEl(slug, rank, { min = 1, max = 1, element = "feu", elementRank = 0, difficulty = 3 }) {
  return {
    dataset: {
      slug,
      rank: String(rank),
      min: String(min),
      max: String(max),
      element,
      elementRank: String(elementRank),
      difficulty: String(difficulty),
      name: slug.replaceAll("-", " "),
      aliases: slug === "boule-de-feu" ? "fireball" : "",
    },
  };
}

const NONE = { include: [], exclude: [] };
const NO_FACETS = { niveau: NONE, element: NONE, difficulte: NONE };

function rows() {
  return [
    rowEl("armure", 0, { min: 2, max: 4, element: "terre", elementRank: 2, difficulty: 5 }),
    rowEl("boule-de-feu", 1, { min: 3, max: 3, element: "feu", elementRank: 0, difficulty: 7 }),
    rowEl("eclair", 2, { min: 1, max: 2, element: "air", elementRank: 1, difficulty: 4 }),
    rowEl("feu-follet", 3, { min: 1, max: 1, element: "feu", elementRank: 0, difficulty: 2 }),
  ].map(readRow);
}

const slugs = (view) => view.shown.map((row) => row.slug);

test("a row is read from what the server wrote, its levels spelled out and searchable", () => {
  const [armure] = rows();
  assert.equal(armure.slug, "armure");
  assert.deepEqual([armure.rank, armure.min, armure.max, armure.difficulty], [0, 2, 4, 5]);
  assert.deepEqual(armure.levels, ["2", "3", "4"]);
  assert.equal(armure.difficultyText, "5");
  assert.deepEqual(armure.nameWords, ["armure"]);
  assert.equal(armure.all, " armure   ");
  assert.equal(armure.text, "");
});

test("without a filter every row is shown in name order, unranked", () => {
  const view = selectRows(rows(), { folded: "", facets: NO_FACETS, sort: DEFAULT_SORT });
  assert.deepEqual(slugs(view), ["armure", "boule-de-feu", "eclair", "feu-follet"]);
  assert.equal(view.ranked, false);
});

test("a query ranks like the site search, unless the reader chose another order", () => {
  const all = rows();
  const ranked = selectRows(all, { folded: "feu", facets: NO_FACETS, sort: DEFAULT_SORT });
  // « feu follet » starts with the query (1), « boule de feu » has it as a word (2).
  assert.deepEqual(slugs(ranked), ["feu-follet", "boule-de-feu"]);
  assert.equal(ranked.ranked, true);
  assert.deepEqual(
    all.map((row) => row.match),
    [-1, 2, -1, 1],
  );
  const sorted = selectRows(all, {
    folded: "feu",
    facets: NO_FACETS,
    sort: { key: "difficulte", descending: true },
  });
  assert.deepEqual(slugs(sorted), ["boule-de-feu", "feu-follet"]);
  assert.equal(sorted.ranked, false);
  const byName = selectRows(all, {
    folded: "feu",
    facets: NO_FACETS,
    sort: { key: "nom", descending: true },
  });
  assert.deepEqual(slugs(byName), ["feu-follet", "boule-de-feu"]);
  assert.equal(byName.ranked, false);
});

test("the facets filter levels over a spell's span, elements and difficulties", () => {
  const select = (facets) =>
    slugs(
      selectRows(rows(), { folded: "", facets: { ...NO_FACETS, ...facets }, sort: DEFAULT_SORT }),
    );
  assert.deepEqual(select({ niveau: { include: ["3"], exclude: [] } }), ["armure", "boule-de-feu"]);
  assert.deepEqual(select({ element: { include: [], exclude: ["feu"] } }), ["armure", "eclair"]);
  assert.deepEqual(select({ difficulte: { include: ["2", "4"], exclude: [] } }), [
    "eclair",
    "feu-follet",
  ]);
  assert.deepEqual(
    select({ niveau: { include: ["1"], exclude: [] }, element: { include: ["air"], exclude: [] } }),
    ["eclair"],
  );
});

test("the columns sort with the name rank breaking ties", () => {
  const sort = (key, descending = false) =>
    slugs(selectRows(rows(), { folded: "", facets: NO_FACETS, sort: { key, descending } }));
  assert.deepEqual(sort("niveaux"), ["feu-follet", "eclair", "armure", "boule-de-feu"]);
  assert.deepEqual(sort("element"), ["boule-de-feu", "feu-follet", "eclair", "armure"]);
  assert.deepEqual(sort("difficulte", true), ["boule-de-feu", "armure", "eclair", "feu-follet"]);
});

test("the default order and a query's words", () => {
  assert.equal(isDefaultSort(DEFAULT_SORT), true);
  assert.equal(isDefaultSort({ key: "nom", descending: true }), false);
  assert.equal(isDefaultSort({ key: "element", descending: false }), false);
  assert.deepEqual(queryTerms(" boule  de "), ["boule", "de"]);
  assert.deepEqual(queryTerms(""), []);
});

test("the list is counted and its rest offered in French, singular and plural", () => {
  assert.equal(countText(3, 110), "3 sorts affichés sur 110");
  assert.equal(countText(1, 110), "1 sort affiché sur 110");
  assert.equal(countText(0, 110), "0 sort affiché sur 110");
  assert.equal(moreText(90), "Afficher la suite (90 sorts)");
  assert.equal(moreText(1), "Afficher la suite (1 sort)");
  assert.equal(moreText(0), "");
});

test("importing the index's modules mounts nothing: the page's entry does", () => {
  // Imported above without a document: nothing ran against one, and no view exists yet.
  assert.equal(typeof mountIndex, "function");
  assert.equal(indexView({}), null);
  const entry = readFileSync(path.join(STATIC, "spell-index.js"), "utf-8");
  assert.match(entry, /mountIndex\(index\)/);
  for (const name of ["rank", "rows", "select", "state", "view"]) {
    const source = readFileSync(path.join(STATIC, `spell-index-${name}.js`), "utf-8");
    assert.doesNotMatch(source, /whenReady|DOMContentLoaded|document\./, name);
    // The entry names every module, so the browser asks for them at once.
    assert.match(
      entry,
      new RegExp(`from "\\./spell-index-${name}\\.js"|import "\\./spell-index-${name}\\.js"`),
      name,
    );
  }
});

test("the cards link opens the rows shown, in their order, or every card without a list", async () => {
  const { cardsAddress } = await servedModule("assets/shared/common.js");
  const page = cardsAddress("https://site.test/grimoire/cartes/?sorts=old", null);
  assert.equal(page, "https://site.test/grimoire/cartes/");
  assert.equal(cardsAddress(page, ["vol", "acceleration"]), page + "?sorts=vol,acceleration");
  assert.equal(cardsAddress(page, null), page);
});
