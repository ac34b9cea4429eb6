/* Grimoire — which rows of the index a view shows and in which order: the rows as the server
   wrote them, the facets' filters, the text filter and the columns' sort (pure: an element is
   only read). */
import { isDefaultSort } from "./spell-index-state.js";
import { matchRank, queryTerms, searchable } from "./spell-index-rank.js";

/** Whether a row's values pass one facet's {include, exclude} state. */
export function matchesFacet(values, state) {
  const hit = (v) => values.includes(v);
  if (state.include.length && !state.include.some(hit)) return false;
  return !state.exclude.some(hit);
}

/** The levels a spell spans, as strings: levelRange(2, 4) = ["2", "3", "4"]. */
export function levelRange(min, max) {
  const out = [];
  for (let n = Number(min); n <= Number(max); n++) out.push(String(n));
  return out;
}

/** A row as the server wrote it (its ``data-*``): its name rank, sort keys and folded words,
 * searchable (its text comes later, with the search text). */
export function readRow(el) {
  const data = el.dataset;
  return searchable({
    el,
    slug: data.slug,
    rank: Number(data.rank),
    min: Number(data.min),
    max: Number(data.max),
    levels: levelRange(data.min, data.max),
    element: data.element,
    elementRank: Number(data.elementRank),
    difficulty: Number(data.difficulty),
    difficultyText: data.difficulty,
    name: data.name || "",
    aliases: data.aliases || "",
    text: "",
    match: 0,
  });
}

/** Compare two rows ({rank, min, max, elementRank, difficulty}) by ``sort``; ties by name rank. */
export function compareRows(a, b, sort) {
  let order = 0;
  if (sort.key === "niveaux") order = a.min - b.min || a.max - b.max;
  else if (sort.key === "element") order = a.elementRank - b.elementRank;
  else if (sort.key === "difficulte") order = a.difficulty - b.difficulty;
  order = order || a.rank - b.rank;
  return sort.descending ? -order : order;
}

/**
 * The rows a view shows, in order: {shown, ranked}. ``folded``: the folded text filter ("" for
 * none); ``facets``: {niveau, element, difficulte} states; ``sort``: {key, descending}. A query
 * ranks the rows like the site search (ranked: true), unless the reader chose another order.
 * Each row's ``match`` is set to its rank for the query.
 */
export function selectRows(rows, { folded, facets, sort }) {
  const terms = queryTerms(folded);
  const ranked = folded !== "" && isDefaultSort(sort);
  const shown = [];
  for (const row of rows) {
    let ok =
      matchesFacet(row.levels, facets.niveau) &&
      matchesFacet([row.element], facets.element) &&
      matchesFacet([row.difficultyText], facets.difficulte);
    if (ok && folded) {
      row.match = matchRank(folded, row, terms);
      ok = row.match >= 0;
    }
    if (ok) shown.push(row);
  }
  shown.sort(
    ranked ? (a, b) => a.match - b.match || a.rank - b.rank : (a, b) => compareRows(a, b, sort),
  );
  return { shown, ranked };
}
