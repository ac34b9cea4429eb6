/* Grimoire — the index of all spells (/sorts/): filter by level, element and difficulty, search
   the names and the text (ranked like the site search), sort by a column; the state lives in the
   page address. Only the first rows of the list shown are in the page (data-rangees of them),
   more as the reader scrolls to them and all before printing; a keystroke moves only the rows
   that change. Without this script the index is the whole list in name order. */
import { fold, replaceSearch, whenReady } from "./common.js";

/* The search text (recherche.json) sits beside this module. */
const SEARCH_URL = new URL("recherche.json", import.meta.url).href;

const FACETS = ["niveau", "element", "difficulte"];
/** The sort keys, in the order of the list's columns. */
export const SORTS = ["nom", "niveaux", "element", "difficulte"];
/* Addresses written when the index had eight columns (?tri=7-desc). */
const OLD_COLUMNS = { 0: "nom", 1: "niveaux", 6: "element", 7: "difficulte" };
const DEFAULT_SORT = Object.freeze({ key: "nom", descending: false });

/**
 * The index's state read from a query string: {texte, facets: {facet: {include, exclude}},
 * sort: {key, descending}}. An unknown sort is ignored; an old ?q= is read as ?texte=.
 */
export function readIndexState(search) {
  const params = new URLSearchParams(search);
  const facets = {};
  for (const facet of FACETS) {
    const values = (params.get(facet) || "").split(",").filter(Boolean);
    facets[facet] = {
      include: values.filter((v) => v[0] !== "-"),
      exclude: values
        .filter((v) => v[0] === "-")
        .map((v) => v.slice(1))
        .filter(Boolean),
    };
  }
  let sort = { ...DEFAULT_SORT };
  const tri = /^([a-z]+|\d+)(-desc)?$/.exec(params.get("tri") || "");
  const key = tri && (SORTS.includes(tri[1]) ? tri[1] : OLD_COLUMNS[tri[1]]);
  if (key) sort = { key, descending: !!tri[2] };
  return { texte: params.get("texte") ?? params.get("q") ?? "", facets, sort };
}

/** The query string ("?…" or "") of ``search`` with the index's state written in. */
export function writeIndexState(search, state) {
  const params = new URLSearchParams(search);
  for (const key of ["q", "texte", ...FACETS, "tri"]) params.delete(key);
  const texte = (state.texte || "").trim();
  if (texte) params.set("texte", texte);
  for (const facet of FACETS) {
    const f = state.facets?.[facet] || { include: [], exclude: [] };
    const values = f.include.concat(f.exclude.map((v) => "-" + v));
    if (values.length) params.set(facet, values.join(","));
  }
  const sort = state.sort || DEFAULT_SORT;
  if (sort.key !== DEFAULT_SORT.key || sort.descending) {
    params.set("tri", sort.key + (sort.descending ? "-desc" : ""));
  }
  const text = params.toString();
  return text ? "?" + text : "";
}

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

/* Whether every word of ``terms`` starts one of ``words`` (both folded). */
function wordsStart(terms, words) {
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}

/** The words of a folded string (none for ""). */
function split(text) {
  return text ? text.split(" ") : [];
}

/**
 * How well a spell matches a folded query, like the site search ranks: 0 the exact name, 1 the
 * start of the name, 2 words of the name, 3 its aliases, 4 its text; -1 no match. ``spell`` holds
 * folded strings: {name, aliases, text} (text: the whole text, or "" while it loads), and may
 * hold what ``searchable`` builds once: the words of its name and aliases and ``all``,
 * " name aliases text ". ``terms``: the query's words, when the caller split it already.
 */
export function matchRank(query, spell, terms = query.split(" ").filter(Boolean)) {
  if (!terms.length) return 0;
  if (spell.name === query) return 0;
  if (spell.name.startsWith(query)) return 1;
  const nameWords = spell.nameWords || split(spell.name);
  if (wordsStart(terms, nameWords)) return 2;
  const aliasWords = spell.aliasWords || split(spell.aliases || "");
  if (aliasWords.length && wordsStart(terms, nameWords.concat(aliasWords))) return 3;
  const all =
    spell.all || " " + spell.name + " " + (spell.aliases || "") + " " + (spell.text || "") + " ";
  return terms.every((term) => all.includes(term)) ? 4 : -1;
}

/** ``spell`` ({name, aliases, text}, folded) with what matchRank reads built once. */
export function searchable(spell) {
  spell.nameWords = split(spell.name);
  spell.aliasWords = split(spell.aliases || "");
  spell.all = " " + spell.name + " " + (spell.aliases || "") + " " + (spell.text || "") + " ";
  return spell;
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
 * Put ``wanted`` (elements, in order) as the children of ``parent``, moving as few as possible:
 * the children not wanted leave, then each wanted one is inserted only where it is not already.
 * A change that only removes rows (a keystroke narrowing the list) moves none. At most
 * ``budget`` elements are inserted or moved: the first ``budget`` places are then right, the
 * children after them wanted but maybe not yet in order, and a later call goes on. Returns
 * {moved, done} (done: the children are ``wanted``).
 */
export function placeRows(parent, wanted, budget = Infinity) {
  const keep = new Set(wanted);
  for (let child = parent.firstElementChild; child; ) {
    const next = child.nextElementSibling;
    if (!keep.has(child)) parent.removeChild(child);
    child = next;
  }
  let moved = 0;
  let cursor = parent.firstElementChild;
  for (const el of wanted) {
    if (el === cursor) {
      cursor = cursor.nextElementSibling;
      continue;
    }
    if (moved >= budget) return { moved, done: false };
    parent.insertBefore(el, cursor);
    moved++;
  }
  return { moved, done: true };
}

/** placeRows without a budget: how many elements were inserted or moved. */
export function reconcile(parent, wanted) {
  return placeRows(parent, wanted).moved;
}

/** The number of rows drawn at once: ``limit`` at first, then by steps of ``limit``. */
export function drawnCount(shown, limit, wanted) {
  if (!Number.isFinite(limit)) return shown;
  const step = Math.max(1, limit);
  return Math.min(shown, Math.max(step, Math.ceil(wanted / step) * step));
}

const STATES = ["", "include", "exclude"];
const STATE_LABELS = { "": "", include: "inclus", exclude: "exclu" };
/* The index's view for the page's other modules (the spellbook's cards link): the slugs
   shown, in order, and whether it is the default view. */
const VIEWS = new WeakMap();

/** The index's current view: {slugs, all} (all: every spell in name order), or null. */
export function indexView(root) {
  return VIEWS.get(root) || null;
}

export function mountIndex(root) {
  const form = root.querySelector(".gr-filters");
  const table = root.querySelector(".gr-index-table");
  const tbody = table.tBodies[0];
  const headers = [...table.tHead.rows[0].cells];
  const query = form.querySelector("#gr-q");
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
  const rows = [...tbody.rows].map((el) => ({
    el,
    slug: el.dataset.slug,
    rank: Number(el.dataset.rank),
    min: Number(el.dataset.min),
    max: Number(el.dataset.max),
    levels: levelRange(el.dataset.min, el.dataset.max),
    element: el.dataset.element,
    elementRank: Number(el.dataset.elementRank),
    difficulty: Number(el.dataset.difficulty),
    difficultyText: el.dataset.difficulty,
    name: el.dataset.name || "",
    aliases: el.dataset.aliases || "",
    text: "",
    match: 0,
  }));
  for (const row of rows) searchable(row);
  let searchText = null;
  let sortState = { ...DEFAULT_SORT };
  let shown = rows;
  let drawn = 0;
  let lastKey = "";
  /* The facets' state, kept as the toggles change. */
  const facetStates = {};

  headers.forEach((th) => {
    th.querySelector(".gr-sort").addEventListener("click", (event) => {
      const key = th.dataset.sort;
      sortState = { key, descending: sortState.key === key ? !sortState.descending : false };
      apply(event);
    });
  });

  function readFacets() {
    for (const facet of FACETS) {
      const state = { include: [], exclude: [] };
      form.querySelectorAll(`[data-facet="${facet}"] .gr-toggle`).forEach((b) => {
        const s = b.dataset.state || "";
        if (s) state[s].push(b.dataset.value);
      });
      facetStates[facet] = state;
    }
  }

  function setToggle(button, state) {
    if ((button.dataset.state || "") === state) return;
    button.dataset.state = state;
    button.setAttribute("aria-pressed", state ? "true" : "false");
    const base = button.getAttribute("aria-label").replace(/ : (inclus|exclu)$/, "");
    button.setAttribute("aria-label", state ? base + " : " + STATE_LABELS[state] : base);
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
      form.querySelectorAll(`[data-facet="${facet}"] .gr-toggle`).forEach((b) => {
        const v = b.dataset.value;
        setToggle(b, f.include.includes(v) ? "include" : f.exclude.includes(v) ? "exclude" : "");
      });
    }
    sortState = state.sort;
  }

  function showSort(ranked) {
    headers.forEach((th) => {
      const sorted = !ranked && th.dataset.sort === sortState.key;
      const value = sorted ? (sortState.descending ? "descending" : "ascending") : null;
      if (th.getAttribute("aria-sort") === value) return;
      if (value) th.setAttribute("aria-sort", value);
      else th.removeAttribute("aria-sort");
    });
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
      const text = rest ? "Afficher la suite (" + rest + (rest > 1 ? " sorts)" : " sort)") : "";
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
    const terms = folded.split(" ").filter(Boolean);
    if (folded && searchText === null) loadSearchText();
    const facets = facetStates;
    /* A query ranks the rows like the site search, unless the reader chose another order. */
    const ranked = folded !== "" && sortState.key === DEFAULT_SORT.key && !sortState.descending;
    const next = [];
    for (const row of rows) {
      let ok =
        matchesFacet(row.levels, facets.niveau) &&
        matchesFacet([row.element], facets.element) &&
        matchesFacet([row.difficultyText], facets.difficulte);
      if (ok && folded) {
        row.match = matchRank(folded, row, terms);
        ok = row.match >= 0;
      }
      if (ok) next.push(row);
    }
    next.sort(
      ranked
        ? (a, b) => a.match - b.match || a.rank - b.rank
        : (a, b) => compareRows(a, b, sortState),
    );
    shown = next;
    /* The same view keeps the rows the reader asked for; another starts from the top. */
    const key = JSON.stringify([folded, facets, sortState, searchText !== null]);
    draw(key === lastKey ? drawn : 0, event?.type === "input" ? screenful : Infinity);
    lastKey = key;
    VIEWS.set(root, {
      slugs: shown.map((row) => row.slug),
      all: rows.map((row) => row.slug),
      ranked,
      defaultView:
        !folded &&
        shown.length === rows.length &&
        sortState.key === DEFAULT_SORT.key &&
        !sortState.descending,
    });
    showSort(ranked);
    showActive();
    const text =
      shown.length +
      (shown.length > 1 ? " sorts affichés" : " sort affiché") +
      " sur " +
      rows.length;
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
  toggles.forEach((button) => {
    button.addEventListener("click", (event) => {
      setToggle(button, STATES[(STATES.indexOf(button.dataset.state || "") + 1) % STATES.length]);
      readFacets();
      apply(event);
    });
  });
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

if (typeof document !== "undefined") {
  whenReady(() => {
    const index = document.querySelector(".gr-index");
    if (index) mountIndex(index);
  });
}
