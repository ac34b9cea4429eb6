// Grimoire: helpers shared by the site's modules (index, spellbook, cards, offline panel).
// Pure functions first (testable with `node --test`), then the few that need a document.

/**
 * generator.spellformat.slug.fold_marks: lower case, no accents, œ → oe, æ → ae; other
 * characters kept (the search worker folds the theme's words and queries with it).
 */
export function foldMarks(text) {
  return String(text)
    .replace(/[œŒ]/g, "oe")
    .replace(/[æÆ]/g, "ae")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/**
 * generator.spellformat.slug.fold: the folded words, one space apart (« l'invisibilité » gives
 * « l invisibilite »); equal to the Python function on every character of the site's text and
 * of Unicode's Latin blocks (tests/pages/test_fold_parity.py).
 */
export function fold(text) {
  return foldMarks(text)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The folded words of a query, without empty ones. */
export function words(text) {
  return fold(text).split(" ").filter(Boolean);
}

/** A size in megabytes, the French way: « 12,3 Mo » (non-breaking space). */
export function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1).replace(".", ",") + "\u00a0Mo";
}

/** The address of the cards page ``page`` (an address; its query is dropped) for ``slugs``, in
 * that order; every card for null. The index's link and the spellbook's both open it. */
export function cardsAddress(page, slugs) {
  const url = new URL(page);
  url.search = slugs ? "?sorts=" + slugs.join(",") : "";
  return url.href;
}

/** A query string ("?a=1" or "") with ``keys`` replaced by ``values`` (missing or empty: removed). */
export function withParams(search, keys, values) {
  const params = new URLSearchParams(search);
  for (const key of keys) params.delete(key);
  for (const key of keys) {
    const value = values[key];
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? "?" + text : "";
}

/** Takes the parameter ``name`` out of the page address (replaceSearch), when it is there. */
export function dropParam(name) {
  const params = new URLSearchParams(location.search);
  if (!params.has(name)) return;
  params.delete(name);
  const query = params.toString();
  replaceSearch(query ? "?" + query : "");
}

/** Replace the page address's query (``search``: "?a=1" or ""; same path and hash), without a
 *  history entry. A page that may not change its address keeps it: harmless. */
export function replaceSearch(search) {
  try {
    history.replaceState(history.state, "", location.pathname + search + location.hash);
  } catch {
    /* the address keeps its query */
  }
}

/** A new element with an optional class and text. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

/** Run ``start`` once the document is parsed. */
export function whenReady(start) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}

/*
 * Copy without the Clipboard API too: it only exists in secure contexts (https or localhost),
 * and a game master may serve the site over plain http on a local network.
 */
export function copyText(text) {
  if (navigator.clipboard?.writeText && window.isSecureContext) {
    return navigator.clipboard
      .writeText(text)
      .catch(() => (legacyCopy(text) ? undefined : Promise.reject(new Error("copy"))));
  }
  return legacyCopy(text) ? Promise.resolve() : Promise.reject(new Error("copy"));
}

function legacyCopy(text) {
  const focused = document.activeElement;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.top = "0";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  document.body.removeChild(area);
  if (focused?.focus) focused.focus();
  return ok;
}
