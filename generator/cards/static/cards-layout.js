/* Grimoire — one spell's description laid out over printed cards of a fixed size.
 *
 * A description too long for a card continues on further cards (« suite »), split between blocks
 * (paragraphs, list items, table rows); a block longer than a whole card is split between words,
 * measured in the browser at the printed size. A very long paragraph is first cut into chunks of
 * at most CHUNK_CHARS characters (joined again on a card), so the work of each card is bounded by
 * what a card holds, not by the paragraph's length.
 *
 * Spell text is data: cards are moved and cloned as DOM nodes, never rebuilt from HTML text.
 */
import { el } from "../shared/common.js";

const SAFETY_PX = 3; // room kept free at the bottom of a card, against rounding at print time
const CHUNK_CHARS = 1500; // more than a card holds at the printed size
const MAX_STEPS = 100000; // a guard: the layout of one spell never loops

/** Counts the measurements made (a card's layout costs a bounded number of them). */
export const measures = { count: 0 };

// The pieces a paragraph or list item can be cut between: words (with their spaces) and
// inline elements (a superscript stays with nothing else).
function pieces(node) {
  const out = [];
  for (const child of node.childNodes) {
    if (child.nodeType === 3) {
      for (const word of child.textContent.match(/\S+\s*|\s+/g) || [])
        out.push(document.createTextNode(word));
    } else {
      out.push(child.cloneNode(true));
    }
  }
  return out;
}

function withPieces(node, list) {
  const copy = node.cloneNode(false);
  for (const piece of list) copy.appendChild(piece.cloneNode(true));
  return copy;
}

// A paragraph longer than CHUNK_CHARS as chunks of whole words, joined again when they meet.
function chunksOf(node, id) {
  const all = pieces(node);
  const blocks = [];
  let group = [];
  let size = 0;
  const flush = () => {
    const copy = withPieces(node, group);
    if (blocks.length) copy.removeAttribute("id");
    blocks.push({ kind: "block", node: copy, chunk: id, first: !blocks.length });
    group = [];
    size = 0;
  };
  for (const piece of all) {
    group.push(piece);
    size += piece.textContent.length;
    if (size >= CHUNK_CHARS) flush();
  }
  if (group.length) flush();
  return blocks;
}

// The description's blocks, as nodes to place one after another. A list gives one block per
// item (placed back into a list); a table stays whole unless it must be split by rows.
function blocksOf(text) {
  const blocks = [];
  for (const child of text.children) blocks.push(...childBlocks(child, blocks.length));
  return blocks;
}

// The blocks of one child of the description, the first one numbered ``first``.
function childBlocks(child, first) {
  if (child.tagName === "UL" || child.tagName === "OL") {
    return [...child.children].map((item) => ({
      kind: "item",
      node: item.cloneNode(true),
      list: first,
      tag: child.tagName,
    }));
  }
  if (child.querySelector?.("table")) return [{ kind: "table", node: child.cloneNode(true) }];
  if (child.tagName === "P" && child.textContent.length > CHUNK_CHARS) {
    return chunksOf(child, first);
  }
  const kind = child.tagName === "H4" ? "heading" : "block";
  return [{ kind, node: child.cloneNode(true) }];
}

// True when the text area's content goes past its bottom, less a small safety room.
function overflows(area) {
  measures.count += 1;
  if (area.scrollHeight > area.clientHeight) return true;
  const last = area.lastElementChild;
  if (!last) return false;
  return last.getBoundingClientRect().bottom > area.getBoundingClientRect().bottom - SAFETY_PX;
}

// Places a block at the end of a card's text area; returns what undoes it.
function place(area, block) {
  const last = area.lastElementChild;
  if (
    block.chunk !== undefined &&
    last &&
    last.getAttribute("data-chunk") === String(block.chunk)
  ) {
    const added = [...block.node.childNodes].map((child) => child.cloneNode(true));
    last.append(...added);
    return () => {
      for (const node of added) node.remove();
    };
  }
  if (block.kind === "item") {
    let list = last;
    if (!list || list.getAttribute("data-list") !== String(block.list)) {
      list = el(block.tag.toLowerCase());
      list.setAttribute("data-list", String(block.list));
      if (block.continued) list.className = "gr-card__list-cont";
      area.appendChild(list);
    }
    list.appendChild(block.node);
    const node = list.children.length === 1 ? list : block.node;
    return () => node.remove();
  }
  if (block.chunk !== undefined) {
    block.node.setAttribute("data-chunk", String(block.chunk));
    if (!block.first) block.node.classList.add("gr-card__cont");
  }
  area.appendChild(block.node);
  return () => block.node.remove();
}

function like(block, node, extra) {
  return {
    kind: block.kind,
    list: block.list,
    tag: block.tag,
    chunk: block.chunk,
    first: block.first,
    node,
    ...extra,
  };
}

// Splits a block into [the part that fits in what is left of the area, the rest] (null: not a
// word fits).
function split(area, block) {
  if (block.kind === "table") return splitTable(area, block);
  const all = pieces(block.node);
  let low = 1;
  let high = all.length - 1;
  let best = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const undo = place(area, like(block, withPieces(block.node, all.slice(0, middle))));
    const fits = !overflows(area);
    undo();
    if (fits) {
      best = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  if (best === 0) return null;
  const rest = withPieces(block.node, all.slice(best));
  rest.removeAttribute("id");
  rest.classList.add("gr-card__cont");
  return [
    like(block, withPieces(block.node, all.slice(0, best))),
    like(block, rest, { continued: true, first: false }),
  ];
}

function tableWith(wrap, rows) {
  const copy = wrap.cloneNode(true);
  const body = copy.querySelector("tbody");
  body.replaceChildren(...rows.map((row) => row.cloneNode(true)));
  return copy;
}

function splitTable(area, block) {
  const table = block.node.querySelector("table");
  const body = table?.tBodies[0];
  const rows = body ? [...body.rows] : [];
  let best = 0;
  for (let n = 1; n < rows.length; n++) {
    const trial = tableWith(block.node, rows.slice(0, n));
    area.appendChild(trial);
    const fits = !overflows(area);
    trial.remove();
    if (!fits) break;
    best = n;
  }
  if (best === 0) return null;
  return [
    { kind: "table", node: tableWith(block.node, rows.slice(0, best)) },
    { kind: "table", node: tableWith(block.node, rows.slice(best)), continued: true },
  ];
}

/**
 * The cards of one spell (``source``: its server-rendered .gr-card), measured inside ``room`` (a
 * sheet-sized, hidden container). ``blankCard(source, continuation)`` gives an empty card
 * {card, area}.
 */
export function cardsFor(source, room, blankCard) {
  const blocks = blocksOf(source.querySelector(".gr-card__text"));
  const cards = [];
  let current = blankCard(source, false);
  room.appendChild(current.card);
  let placedHere = 0;
  let i = 0;
  let steps = 0;
  const next = () => {
    cards.push(current.card);
    current = blankCard(source, true);
    room.appendChild(current.card);
    placedHere = 0;
  };
  while (i < blocks.length) {
    if (++steps > MAX_STEPS) break;
    const block = blocks[i];
    const undo = place(current.area, block);
    if (!overflows(current.area)) {
      placedHere += 1;
      i += 1;
      continue;
    }
    undo();
    i = closeCard(current.area, blocks, i, placedHere);
    next();
  }
  cards.push(current.card);
  numberCards(cards);
  return cards;
}

// What goes on a card whose next block (``blocks[i]``, after ``placedHere`` placed ones) does not
// fit, before the next card: returns the index of the block the next card starts with. A chunk
// of a long paragraph fills what is left of the card; any block alone on a card and still too
// long is cut between words (or rows).
function closeCard(area, blocks, i, placedHere) {
  const block = blocks[i];
  const alone = placedHere === 0;
  const parts =
    alone || (block.chunk !== undefined && block.kind === "block")
      ? split(area, block) || (alone ? forced(block) : null)
      : null;
  if (parts) {
    place(area, parts[0]);
    blocks.splice(i, 1, parts[0], parts[1]);
    return i + 1;
  }
  if (alone) {
    place(area, block); // one piece wider than a card: it stays whole
    return i + 1;
  }
  if (placedHere > 1 && area.lastElementChild?.tagName === "H4") {
    // A sub-heading does not stay alone at the bottom of a card.
    area.lastElementChild.remove();
    return i - 1;
  }
  return i;
}

// Each card of a spell told its rank (« 2/3 ») and, but the last, that it goes on; the marks
// used to lay them out removed.
function numberCards(cards) {
  cards.forEach((card, index) => {
    const count = card.querySelector("[data-card-count]");
    if (cards.length > 1 && count) count.textContent = index + 1 + "/" + cards.length;
    if (index < cards.length - 1) {
      const foot = card.querySelector(".gr-card__foot");
      foot.insertBefore(
        el("span", "gr-card__next", "suite sur la carte suivante \u2192"),
        foot.lastElementChild,
      );
    }
    for (const node of card.querySelectorAll("[data-list], [data-chunk]")) {
      node.removeAttribute("data-list");
      node.removeAttribute("data-chunk");
    }
  });
}

// A block that does not fit on an empty card, not even one word: one piece per card (never loop).
function forced(block) {
  if (block.kind === "table") {
    const rows = [...block.node.querySelectorAll("tbody tr")];
    if (rows.length < 2) return null;
    return [
      { kind: "table", node: tableWith(block.node, rows.slice(0, 1)) },
      { kind: "table", node: tableWith(block.node, rows.slice(1)), continued: true },
    ];
  }
  const all = pieces(block.node);
  if (all.length < 2) return null;
  const rest = withPieces(block.node, all.slice(1));
  rest.removeAttribute("id");
  rest.classList.add("gr-card__cont");
  return [
    like(block, withPieces(block.node, all.slice(0, 1))),
    like(block, rest, { continued: true, first: false }),
  ];
}
