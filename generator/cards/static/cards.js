/* Grimoire — spell cards to print: the page /cartes/'s entry module.
 *
 * The page holds every spell as a server-rendered card (.gr-card). This module keeps the
 * selection of the URL:
 *   ?sorts=slug1,slug2   those spells, in that order (a spell page, the index's current view);
 *   ?grimoire=1          the spells of « Mon grimoire » (handed over by its room's
 *                        grimoire-cards.js on the deck, data-grimoire);
 *   nothing              every spell;
 * then lays the cards out on A4 sheets (4 or 6 per sheet, with cut marks) for the browser's own
 * print dialog; cards-layout.js splits each spell over cards of the printed size.
 * No game rule here.
 */
import { el, whenReady } from "../shared/common.js";
import { cardsFor, measures } from "./cards-layout.js";

const FORMATS = {
  // cards per sheet: columns × rows and the card size in millimetres (the CSS draws the same)
  4: { columns: 2, rows: 2, width: 95, height: 138 },
  6: { columns: 2, rows: 3, width: 95, height: 90 },
};
const SHEET = { width: 210, height: 297 };
const MARK = { length: 5, gap: 2 }; // cut marks: length and gap to the cards, in mm

function nameOf(card) {
  const name = card.querySelector(".gr-card__name");
  return name ? name.textContent.trim() : card.getAttribute("data-slug");
}

// The stored spellbook as « Mon grimoire »'s room handed it on the deck ({slugs, broken}), or
// null when it could not be read (or never came). Untrusted: only known slugs are used.
function handedBook(deck) {
  let book = null;
  try {
    book = JSON.parse(deck.dataset.grimoire || "null");
  } catch {
    return null;
  }
  if (!book || book.failed || !Array.isArray(book.slugs)) return null;
  const broken = typeof book.broken === "string" ? book.broken : null;
  return { slugs: book.slugs.filter((slug) => typeof slug === "string"), broken };
}

// The spells of the address's list ``raw`` (?sorts=a,b), in its order: {slugs, notes, source}.
function listSelection(raw, bySlug) {
  const slugs = [];
  const unknown = [];
  for (const part of raw.split(",")) {
    const slug = part.trim();
    if (!slug || slugs.includes(slug)) continue;
    if (bySlug.has(slug)) slugs.push(slug);
    else unknown.push("« " + slug.slice(0, 40) + " »");
  }
  const notes = unknown.length ? ["Sorts inconnus, ignorés : " + unknown.join(", ") + "."] : [];
  return { slugs, notes, source: "list" };
}

// The spells of the stored spellbook (?grimoire=1), in the deck's order: {slugs, notes, source}.
function bookSelection(deck, bySlug, all) {
  const book = handedBook(deck);
  if (!book) {
    return {
      slugs: [],
      notes: ["Mon grimoire n’a pas pu être lu dans ce navigateur."],
      source: "book",
    };
  }
  const notes = [];
  if (book.broken) notes.push("Le grimoire enregistré est illisible (" + book.broken + ").");
  const slugs = [...new Set(book.slugs)].filter((slug) => bySlug.has(slug));
  // The deck's order is the server's name rank: the order its cards were written in.
  const rank = new Map(all.map((card, index) => [card.getAttribute("data-slug"), index]));
  slugs.sort((a, b) => rank.get(a) - rank.get(b));
  if (!slugs.length && !book.broken) {
    notes.push(
      "Votre grimoire est vide : ajoutez-y des sorts depuis leurs fiches ou le tableau des sorts.",
    );
  }
  return { slugs, notes, source: "book" };
}

// The spells the address asks for: {slugs, notes (French), source}.
function selection(deck, bySlug, all) {
  const params = new URLSearchParams(window.location.search);
  if (params.has("sorts")) return listSelection(params.get("sorts") || "", bySlug);
  if (params.get("grimoire")) return bookSelection(deck, bySlug, all);
  return { slugs: all.map((card) => card.getAttribute("data-slug")), notes: [], source: "all" };
}

// The deck's summary in French: how many spells, cards and A4 pages (« Mon grimoire : » first
// for the stored spellbook's).
function summaryText(chosen, cards, pages) {
  const spells = chosen.slugs.length;
  if (!spells) return "Aucune carte à imprimer.";
  const plural = (count, one, many) => count + (count > 1 ? many : one);
  const summary =
    plural(spells, " sort", " sorts") +
    " sur " +
    plural(cards, " carte", " cartes") +
    ", " +
    plural(pages, " page A4.", " pages A4.");
  return chosen.source === "book" ? "Mon grimoire : " + summary : summary;
}

// An empty card for a spell: the first one with every field, the next ones with the name only.
function blankCard(source, continuation) {
  const card = el("article", "gr-card gr-card--laid");
  card.setAttribute("data-slug", source.getAttribute("data-slug"));
  card.setAttribute("aria-label", nameOf(source) + (continuation ? " (suite)" : ""));
  const head = source.querySelector(".gr-card__head").cloneNode(true);
  if (continuation) {
    card.classList.add("gr-card--suite");
    const tags = head.querySelector(".gr-card__tags");
    if (tags) tags.replaceChildren(el("span", "gr-card__tag gr-card__tag--suite", "suite"));
  }
  card.appendChild(head);
  if (!continuation) card.appendChild(source.querySelector(".gr-card__fields").cloneNode(true));
  const area = el("div", "gr-card__text");
  card.append(area, source.querySelector(".gr-card__foot").cloneNode(true));
  return { card, area };
}

function sheetFor(format) {
  const sheet = el("div", "gr-sheet gr-sheet--" + format.columns * format.rows);
  const grid = el("div", "gr-sheet__grid");
  sheet.appendChild(grid);
  const gridWidth = format.columns * format.width;
  const gridHeight = format.rows * format.height;
  const left = (SHEET.width - gridWidth) / 2;
  const top = (SHEET.height - gridHeight) / 2;
  grid.style.left = left + "mm";
  grid.style.top = top + "mm";
  const mark = (x, y, horizontal) => {
    const line = el(
      "span",
      "gr-sheet__mark " + (horizontal ? "gr-sheet__mark--h" : "gr-sheet__mark--v"),
    );
    line.setAttribute("aria-hidden", "true");
    line.style.left = x + "mm";
    line.style.top = y + "mm";
    sheet.appendChild(line);
  };
  for (let c = 0; c <= format.columns; c++) {
    const x = left + c * format.width;
    mark(x, top - MARK.gap - MARK.length, false);
    mark(x, top + gridHeight + MARK.gap, false);
  }
  for (let r = 0; r <= format.rows; r++) {
    const y = top + r * format.height;
    mark(left - MARK.gap - MARK.length, y, true);
    mark(left + gridWidth + MARK.gap, y, true);
  }
  return { sheet, grid };
}

/** Lay out the cards of ``root``'s deck (.gr-deck) on sheets; nothing without a deck. */
export function mountCards(root) {
  const deck = root.querySelector(".gr-deck");
  if (!deck) return;
  const q = (name) => deck.querySelector("[data-deck-" + name + "]");
  const all = [...q("cards").querySelectorAll(".gr-card")];
  const bySlug = new Map(all.map((card) => [card.getAttribute("data-slug"), card]));
  let laidOut = null;

  // The preview fits the screen's width; printing uses the real size (cards.css).
  const zoom = () => {
    if (!laidOut) return;
    const available = deck.clientWidth;
    const sheetPx = laidOut.firstElementChild ? laidOut.firstElementChild.offsetWidth : 0;
    const factor = sheetPx ? Math.min(1, available / sheetPx) : 1;
    laidOut.style.zoom = String(Math.floor(factor * 1000) / 1000);
  };

  const layout = () => {
    const formatKey = q("format").value in FORMATS ? q("format").value : "4";
    const format = FORMATS[formatKey];
    const chosen = selection(deck, bySlug, all);
    deck.setAttribute("data-format", formatKey);
    // Measure in a hidden sheet of the printed size (no preview zoom).
    const measure = el("div", "gr-deck__measure gr-sheet gr-sheet--" + formatKey);
    measure.setAttribute("aria-hidden", "true");
    const room = el("div", "gr-sheet__grid");
    measure.appendChild(room);
    deck.appendChild(measure);
    measures.count = 0;
    const cards = chosen.slugs.flatMap((slug) => cardsFor(bySlug.get(slug), room, blankCard));
    measure.remove();

    const sheets = el("div", "gr-deck__sheets");
    sheets.setAttribute("data-deck-sheets", "");
    const perSheet = format.columns * format.rows;
    let current = null;
    cards.forEach((card, index) => {
      if (index % perSheet === 0) {
        current = sheetFor(format);
        sheets.appendChild(current.sheet);
      }
      current.grid.appendChild(card);
    });
    if (laidOut) laidOut.remove();
    laidOut = sheets;
    q("cards").hidden = true;
    q("cards").after(sheets);
    deck.classList.add("gr-deck--laid-out");
    zoom();

    const pages = Math.ceil(cards.length / perSheet);
    q("summary").textContent = summaryText(chosen, cards.length, pages);
    const message = q("message");
    message.textContent = chosen.notes.join(" ");
    message.hidden = !chosen.notes.length;
    q("print").disabled = !cards.length;
    deck.setAttribute("data-cards", String(cards.length));
    deck.setAttribute("data-measures", String(measures.count));
  };

  q("tools").hidden = false;
  q("format").addEventListener("change", layout);
  q("print").addEventListener("click", () => window.print());
  let timer = null;
  window.addEventListener("resize", () => {
    clearTimeout(timer);
    timer = setTimeout(zoom, 150);
  });
  const run = () => {
    layout();
    deck.setAttribute("data-ready", "true");
  };
  // Fonts decide where lines break: measure once they are ready.
  if (document.fonts?.ready) document.fonts.ready.then(run, run);
  else run();
}

whenReady(() => mountCards(document));
