/* Grimoire — the index of all spells (/sorts/) in its page: filter by level, element and
   difficulty, search the names and the text (ranked like the site search), sort by a column;
   the state lives in the page address. Only the first rows of the list shown are in the page
   (data-rangees of them), more as the reader scrolls to them and all before printing; a
   keystroke moves only the rows that change. Importing it mounts nothing: the page's entry
   (spell-index.js) calls mountIndex. */
import { fold, replaceSearch } from "../shared/common.js";
import { searchable } from "./spell-index-rank.js";
import { countText, drawnCount, moreText, placeRows } from "./spell-index-rows.js";
import { readRow, selectRows } from "./spell-index-select.js";
import {
  DEFAULT_SORT,
  FACETS,
  MAX_TEXTE,
  isDefaultSort,
  readIndexState,
  writeIndexState,
} from "./spell-index-state.js";

/* The search text (recherche.json) sits beside this module. */
const SEARCH_URL = new URL("recherche.json", import.meta.url).href;

const STATES = ["", "include", "exclude"];
const STATE_LABELS = { "": "", include: "inclus", exclude: "exclu" };
/* The index's view for the page's other modules (the spellbook's cards link): the slugs
   shown, in order, and whether it is the default view. */
const VIEWS = new WeakMap();

/** The index's current view: {slugs, all} (all: every spell in name order), or null. */
export function indexView(root) {
  return VIEWS.get(root) || null;
}

/* A column header's ``aria-sort`` for the order ``sort`` ({key, descending}; null when the list
   is ranked by the text filter), written only when it changes. */
function showHeaderSort(th, sort) {
  const sorted = sort !== null && th.dataset.sort === sort.key;
  const value = sorted ? (sort.descending ? "descending" : "ascending") : null;
  if (th.getAttribute("aria-sort") === value) return;
  if (value) th.setAttribute("aria-sort", value);
  else th.removeAttribute("aria-sort");
}

/** Brings the index ``root`` (``.gr-index``) to life: its filters, sort and rows. */
export function mountIndex(root) {
  const form = root.querySelector(".gr-filters");
  const table = root.querySelector(".gr-index-table");
  const tbody = table.tBodies[0];
  const headers = [...table.tHead.rows[0].cells];
  const query = form.querySelector("#gr-q");
  query.maxLength = MAX_TEXTE; // the address's text is cut to the same length
  const count = form.querySelector(".gr-count");
  const empty = root.querySelector(".gr-empty");
  const more = root.querySelector(".gr-more");
  const opener = form.querySelector(".gr-filter-open");
  const panel = form.querySelector(".gr-filter-panel");
  const active = form.querySelector(".gr-filter-active");
  const toggles = [...form.querySelectorAll(".gr-toggle")];
  /* Rows drawn at once: the page shows only the rows a reader scrolls to (the list without
     JavaScript is the whole table). */
  const limit = Number(root.getAttribute("data-rangees")) || Infinity;
  /* Rows placed in one go: a screenful (rows are at least 44 px high). A keystroke shows its
     view's first screen at once and places the rest of its rows in later tasks, so it never
     waits for rows below the screen; a tap on a control places them all at once. */
  const screenful = Math.max(10, Math.ceil((window.innerHeight || 740) / 44) + 2);
  /* What the server wrote for each row: its name rank, sort keys and folded words. */
  const rows = [...tbody.rows].map(readRow);
  let searchText = null;
  let sortState = { ...DEFAULT_SORT };
  let shown = rows;
  let drawn = 0;
  let lastKey = "";
  /* The facets' state, kept as the toggles change. */
  const facetStates = {};

  for (const th of headers) {
    th.querySelector(".gr-sort").addEventListener("click", (event) => {
      const key = th.dataset.sort;
      sortState = { key, descending: sortState.key === key ? !sortState.descending : false };
      apply(event);
    });
  }

  function readFacets() {
    for (const facet of FACETS) {
      const state = { include: [], exclude: [] };
      for (const b of form.querySelectorAll(`[data-facet="${facet}"] .gr-toggle`)) {
        const s = b.dataset.state || "";
        if (s) state[s].push(b.dataset.value);
      }
      facetStates[facet] = state;
    }
  }

  function setToggle(button, state) {
    if ((button.dataset.state || "") === state) return;
    button.dataset.state = state;
    button.setAttribute("aria-pressed", state ? "true" : "false");
    const base = button.getAttribute("aria-label").replace(/ : (inclus|exclu)$/, "");
    button.setAttribute("aria-label", state ? `${base} : ${STATE_LABELS[state]}` : base);
  }

  function showActive() {
    const n = toggles.filter((b) => b.dataset.state).length;
    const text = n ? String(n) : "";
    if (active.textContent !== text) active.textContent = text;
  }

  function writeUrl() {
    const state = { texte: query.value, facets: facetStates, sort: sortState };
    const search = writeIndexState(location.search, state);
    if (search === location.search) return;
    replaceSearch(search);
  }

  function readUrl() {
    const state = readIndexState(location.search);
    query.value = state.texte;
    for (const facet of FACETS) {
      const f = state.facets[facet];
      for (const b of form.querySelectorAll(`[data-facet="${facet}"] .gr-toggle`)) {
        const v = b.dataset.value;
        setToggle(b, f.include.includes(v) ? "include" : f.exclude.includes(v) ? "exclude" : "");
      }
    }
    sortState = state.sort;
  }

  function showSort(ranked) {
    for (const th of headers) showHeaderSort(th, ranked ? null : sortState);
  }

  /* The rows still to place (the rest of a view drawn a screenful at a time). */
  let target = [];
  let filling = 0;
  let observer = null;

  function fill() {
    filling = 0;
    if (placeRows(tbody, target, screenful).done) {
      /* Now laid out in full: ask again whether the end of the list is near the screen. */
      if (observer) {
        observer.unobserve(more);
        observer.observe(more);
      }
    } else filling = setTimeout(fill, 0);
  }

  /* Draw the first ``wanted`` rows of the list shown (at least one step of rows): the first
     ``budget`` places at once, the others in the next tasks. */
  function draw(wanted, budget = screenful) {
    drawn = drawnCount(shown.length, limit, wanted);
    target = new Array(drawn);
    for (let i = 0; i < drawn; i++) target[i] = shown[i].el;
    clearTimeout(filling);
    filling = 0;
    if (!placeRows(tbody, target, budget).done) filling = setTimeout(fill, 0);
    const rest = shown.length - drawn;
    if (more) {
      if (more.hidden !== (rest === 0)) more.hidden = rest === 0;
      const text = moreText(rest);
      const button = more.querySelector("button");
      if (button.textContent !== text) button.textContent = text;
    }
  }

  /* Typing writes the address once the reader pauses or leaves the box (each address change
     costs the browser a navigation step); every other change writes it at once. */
  let urlTimer = 0;
  function flushUrl() {
    clearTimeout(urlTimer);
    urlTimer = 0;
    writeUrl();
  }

  function apply(event) {
    const folded = fold(query.value);
    if (folded && searchText === null) loadSearchText();
    const facets = facetStates;
    const view = selectRows(rows, { folded, facets, sort: sortState });
    shown = view.shown;
    /* The same view keeps the rows the reader asked for; another starts from the top. */
    const key = JSON.stringify([folded, facets, sortState, searchText !== null]);
    draw(key === lastKey ? drawn : 0, event?.type === "input" ? screenful : Infinity);
    lastKey = key;
    VIEWS.set(root, {
      slugs: shown.map((row) => row.slug),
      all: rows.map((row) => row.slug),
      ranked: view.ranked,
      defaultView: !folded && shown.length === rows.length && isDefaultSort(sortState),
    });
    showSort(view.ranked);
    showActive();
    const text = countText(shown.length, rows.length);
    if (count.textContent !== text) count.textContent = text;
    if (empty.hidden !== (shown.length !== 0)) empty.hidden = shown.length !== 0;
    if (event?.type === "input") {
      clearTimeout(urlTimer);
      urlTimer = setTimeout(flushUrl, 400);
    } else flushUrl();
  }

  /* mkdocs-material's search plugin deletes every data-search-* attribute from the pages:
     data-recherche-url, then the file beside this script. */
  function searchUrl() {
    return root.getAttribute("data-recherche-url") || SEARCH_URL;
  }

  let loading = false;
  function loadSearchText() {
    if (loading) return;
    loading = true;
    fetch(searchUrl())
      .then((r) => (r.ok ? r.json() : null))
      .then((data) => {
        if (!data) return;
        searchText = data;
        /* The name, aliases and text searched as one string, built once. */
        for (const row of rows) {
          row.text = data[row.slug] || "";
          searchable(row);
        }
        apply({ type: "load" });
      })
      .catch(() => {
        loading = false; /* names and aliases are still searched */
      });
  }

  opener.addEventListener("click", () => {
    const open = panel.hidden;
    panel.hidden = !open;
    opener.setAttribute("aria-expanded", open ? "true" : "false");
  });
  for (const button of toggles) {
    button.addEventListener("click", (event) => {
      setToggle(button, STATES[(STATES.indexOf(button.dataset.state || "") + 1) % STATES.length]);
      readFacets();
      apply(event);
    });
  }
  query.addEventListener("input", apply);
  query.addEventListener("change", () => urlTimer && flushUrl());
  window.addEventListener("pagehide", () => urlTimer && flushUrl());
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    query.blur(); /* « OK » on a phone keyboard: close it and show the results */
  });
  form.querySelector("[data-reset]").addEventListener("click", (event) => {
    query.value = "";
    for (const b of toggles) setToggle(b, "");
    sortState = { ...DEFAULT_SORT };
    readFacets();
    apply(event);
  });
  form.querySelector("[data-print]").addEventListener("click", () => window.print());
  /* The rest of the list: on a tap, as it nears the screen, and before printing. */
  if (more) {
    const button = more.querySelector("button");
    button.addEventListener("click", () => draw(drawn + limit));
    if (typeof IntersectionObserver === "function") {
      observer = new IntersectionObserver(
        (entries) => {
          const near = entries.some((e) => e.isIntersecting);
          if (near && !filling && drawn < shown.length) draw(drawn + limit);
        },
        { rootMargin: "600px 0px" },
      );
      observer.observe(more);
    }
  }
  window.addEventListener("beforeprint", () => draw(shown.length, Infinity));
  readUrl();
  readFacets();
  apply();
}
