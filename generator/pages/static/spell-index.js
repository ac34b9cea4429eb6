/* Grimoire — the index of all spells (/sorts/): filter by level, element and difficulty, search
   the names and the text, sort by any column; the state lives in the page address.
   Without this script the index is the full table. */
import { collator, fold, whenReady } from "./common.js";

/* The search text (recherche.json) sits beside this module. */
const SEARCH_URL = new URL("recherche.json", import.meta.url).href;

const FACETS = ["niveau", "element", "difficulte"];

/**
 * The index's state read from a query string: {q, facets: {facet: {include, exclude}},
 * sort: {column, descending}}; a sort column of ``columns`` or more is ignored.
 */
export function readIndexState(search, columns) {
  const params = new URLSearchParams(search);
  const facets = {};
  for (const facet of FACETS) {
    const values = (params.get(facet) || "").split(",").filter(Boolean);
    facets[facet] = {
      include: values.filter((v) => v[0] !== "-"),
      exclude: values.filter((v) => v[0] === "-").map((v) => v.slice(1)).filter(Boolean),
    };
  }
  let sort = { column: 0, descending: false };
  const tri = /^(\d+)(-desc)?$/.exec(params.get("tri") || "");
  if (tri && Number(tri[1]) < columns) sort = { column: Number(tri[1]), descending: !!tri[2] };
  return { q: params.get("q") || "", facets, sort };
}

/** The query string ("?…" or "") of ``search`` with the index's state written in. */
export function writeIndexState(search, state) {
  const params = new URLSearchParams(search);
  for (const key of ["q", ...FACETS, "tri"]) params.delete(key);
  const q = (state.q || "").trim();
  if (q) params.set("q", q);
  for (const facet of FACETS) {
    const f = (state.facets || {})[facet] || { include: [], exclude: [] };
    const values = f.include.concat(f.exclude.map((v) => "-" + v));
    if (values.length) params.set(facet, values.join(","));
  }
  const sort = state.sort || { column: 0, descending: false };
  if (sort.column !== 0 || sort.descending) {
    params.set("tri", sort.column + (sort.descending ? "-desc" : ""));
  }
  const text = params.toString();
  return text ? "?" + text : "";
}

/** Whether a row's values pass one facet's {include, exclude} state. */
export function matchesFacet(values, state) {
  const hit = (v) => values.indexOf(v) >= 0;
  if (state.include.length && !state.include.some(hit)) return false;
  return !state.exclude.some(hit);
}

/** The levels a spell spans, as strings: levelRange(2, 4) = ["2", "3", "4"]. */
export function levelRange(min, max) {
  const out = [];
  for (let n = Number(min); n <= Number(max); n++) out.push(String(n));
  return out;
}

var STATES = ["", "include", "exclude"];
var STATE_LABELS = { "": "", include: "inclus", exclude: "exclu" };

export function mountIndex(root) {
  var form = root.querySelector(".gr-filters");
  var table = root.querySelector(".gr-index-table");
  var tbody = table.tBodies[0];
  var rows = Array.prototype.slice.call(tbody.rows);
  var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
  var query = form.querySelector("input[name=q]");
  var count = form.querySelector(".gr-count");
  var empty = root.querySelector(".gr-empty");
  var searchText = null;
  /* The page is written in its default state (name order, every row shown, phone cards,
     sort buttons): this script only reads the state and changes what differs. */
  var sortState = { column: 0, descending: false };
  var shownSort = { column: 0, descending: false };

  headers.forEach(function (th, column) {
    th.querySelector(".gr-sort").addEventListener("click", function () {
      var descending = sortState.column === column ? !sortState.descending : false;
      sortState = { column: column, descending: descending };
      apply();
    });
  });

  /* The sort key of a cell: its data-value, else the spell name for the row header (not
     the aliases shown after it), else its text. */
  function cellKey(row, column) {
    var cell = row.cells[column];
    var value = cell.getAttribute("data-value");
    if (value !== null) return value;
    var link = cell.tagName === "TH" ? cell.querySelector("a") : null;
    return (link || cell).textContent.trim();
  }

  /* Re-order the rows in one write, only when the reader asks for another order. */
  function sortRows() {
    if (sortState.column === shownSort.column && sortState.descending === shownSort.descending) return;
    var kind = headers[sortState.column].getAttribute("data-sort");
    var sign = sortState.descending ? -1 : 1;
    var keyed = rows.map(function (row) {
      return { row: row, key: cellKey(row, sortState.column), name: cellKey(row, 0) };
    });
    keyed.sort(function (a, b) {
      var order = kind === "text" ? collator.compare(a.key, b.key) : Number(a.key) - Number(b.key);
      if (order === 0) order = collator.compare(a.name, b.name);
      return sign * order;
    });
    tbody.append.apply(tbody, keyed.map(function (k) { return k.row; }));
    headers.forEach(function (th, column) {
      if (column === sortState.column) {
        th.setAttribute("aria-sort", sortState.descending ? "descending" : "ascending");
      } else {
        th.removeAttribute("aria-sort");
      }
    });
    shownSort = sortState;
  }

  function facetState(facet) {
    var state = { include: [], exclude: [] };
    form.querySelectorAll('[data-facet="' + facet + '"] .gr-toggle').forEach(function (b) {
      var s = b.getAttribute("data-state") || "";
      if (s) state[s].push(b.getAttribute("data-value"));
    });
    return state;
  }

  function setToggle(button, state) {
    if ((button.getAttribute("data-state") || "") === state) return;
    button.setAttribute("data-state", state);
    button.setAttribute("aria-pressed", state ? "true" : "false");
    var base = button.getAttribute("aria-label").replace(/ : (inclus|exclu)$/, "");
    button.setAttribute("aria-label", state ? base + " : " + STATE_LABELS[state] : base);
  }

  function visible(row, words, filters) {
    if (!matchesFacet(levelRange(row.dataset.min, row.dataset.max), filters.niveau)) return false;
    if (!matchesFacet([row.dataset.element], filters.element)) return false;
    if (!matchesFacet([row.dataset.difficulty], filters.difficulte)) return false;
    if (!words.length) return true;
    var text = " " + row.dataset.text + " " + (searchText ? searchText[row.dataset.slug] || "" : "") + " ";
    return words.every(function (w) { return text.indexOf(w) >= 0; });
  }

  function writeUrl() {
    var facets = {};
    FACETS.forEach(function (facet) { facets[facet] = facetState(facet); });
    var search = writeIndexState(location.search, { q: query.value, facets: facets, sort: sortState });
    if (search === location.search) return;
    history.replaceState(null, "", location.pathname + search + location.hash);
  }

  function readUrl() {
    var state = readIndexState(location.search, headers.length);
    query.value = state.q;
    FACETS.forEach(function (facet) {
      var f = state.facets[facet];
      form.querySelectorAll('[data-facet="' + facet + '"] .gr-toggle').forEach(function (b) {
        var v = b.getAttribute("data-value");
        setToggle(b, f.include.indexOf(v) >= 0 ? "include" : f.exclude.indexOf(v) >= 0 ? "exclude" : "");
      });
    });
    sortState = state.sort;
  }

  function apply() {
    var terms = fold(query.value).split(" ").filter(Boolean);
    if (terms.length && searchText === null) loadSearchText();
    sortRows();
    var filters = {};
    FACETS.forEach(function (facet) { filters[facet] = facetState(facet); });
    var shown = 0;
    rows.forEach(function (row) {
      var ok = visible(row, terms, filters);
      if (row.hidden === ok) row.hidden = !ok;
      if (ok) shown++;
    });
    var text = shown + (shown > 1 ? " sorts affichés" : " sort affiché") + " sur " + rows.length;
    if (count.textContent !== text) count.textContent = text;
    if (empty.hidden !== (shown !== 0)) empty.hidden = shown !== 0;
    writeUrl();
  }

  /* mkdocs-material's search plugin deletes every data-search-* attribute from the pages, so
     the template's data-search-url never reaches the browser: prefer data-recherche-url, then
     the file beside this script. */
  function searchUrl() {
    var given = root.getAttribute("data-recherche-url") || root.getAttribute("data-search-url");
    if (given) return given;
    return SEARCH_URL;
  }

  var loading = false;
  function loadSearchText() {
    if (loading) return;
    loading = true;
    fetch(searchUrl())
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data) { searchText = data; apply(); } })
      .catch(function () { loading = false; /* names and aliases are still searched */ });
  }

  form.querySelectorAll(".gr-toggle").forEach(function (button) {
    button.addEventListener("click", function () {
      var next = STATES[(STATES.indexOf(button.getAttribute("data-state") || "") + 1) % STATES.length];
      setToggle(button, next);
      apply();
    });
  });
  query.addEventListener("input", function () { apply(); });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    query.blur(); /* « OK » on a phone keyboard: close it and show the results */
  });
  form.querySelector("[data-reset]").addEventListener("click", function () {
    query.value = "";
    form.querySelectorAll(".gr-toggle").forEach(function (b) { setToggle(b, ""); });
    sortState = { column: 0, descending: false };
    apply();
  });
  form.querySelector("[data-print]").addEventListener("click", function () { window.print(); });
  readUrl();
  apply();
}

if (typeof document !== "undefined") {
  whenReady(function () {
    var index = document.querySelector(".gr-index");
    if (index) mountIndex(index);
  });
}
