/* Grimoire — spell cards to print (the page /cartes/ only).
 *
 * The page holds every spell as a server-rendered card (.gr-card). This script keeps the
 * selection of the URL:
 *   ?sorts=slug1,slug2   those spells, in that order (a spell page, the index's current view);
 *   ?grimoire=1          the spells of « Mon grimoire » (readBook of grimoire.js);
 *   nothing              every spell;
 * then lays the cards out on A4 sheets (4 or 6 per sheet, with cut marks) for the browser's own
 * print dialog. A card has a fixed size: a description too long for it continues on further
 * cards (« suite »), split between blocks (paragraphs, list items, table rows — a block longer
 * than a whole card is split between words), measured here in the browser at the printed size.
 *
 * Spell text is data: cards are moved and cloned as DOM nodes, never rebuilt from HTML text.
 * No game rule here.
 */
import { readBook } from "./grimoire.js";
import { collator, el, whenReady } from "./common.js";

/** Lay out the cards of ``root``'s deck (.gr-deck) on sheets; nothing without a deck. */
export function mountCards(root) {

  var FORMATS = {
    // cards per sheet: columns × rows and the card size in millimetres (the CSS draws the same)
    "4": { columns: 2, rows: 2, width: 95, height: 138 },
    "6": { columns: 2, rows: 3, width: 95, height: 90 },
  };
  var SHEET = { width: 210, height: 297 };
  var MARK = { length: 5, gap: 2 }; // cut marks: length and gap to the cards, in mm
  var SAFETY_PX = 3; // room kept free at the bottom of a card, against rounding at print time

  var deck = root.querySelector(".gr-deck");
  if (!deck) return;
  var q = function (name) {
    return deck.querySelector("[data-deck-" + name + "]");
  };
  var all = Array.prototype.slice.call(q("cards").querySelectorAll(".gr-card"));
  var bySlug = Object.create(null); // no inherited keys: « constructor » is no spell
  all.forEach(function (card) {
    bySlug[card.getAttribute("data-slug")] = card;
  });
  function nameOf(card) {
    var name = card.querySelector(".gr-card__name");
    return name ? name.textContent.trim() : card.getAttribute("data-slug");
  }

  // ---------------------------------------------------------------- the selection

  function selection() {
    var params = new URLSearchParams(window.location.search);
    var notes = [];
    var slugs;
    var source = "all";
    if (params.has("sorts")) {
      source = "list";
      slugs = [];
      var unknown = [];
      (params.get("sorts") || "").split(",").forEach(function (raw) {
        var slug = raw.trim();
        if (!slug || slugs.indexOf(slug) >= 0) return;
        if (bySlug[slug]) slugs.push(slug);
        else unknown.push("« " + slug.slice(0, 40) + " »");
      });
      if (unknown.length) notes.push("Sorts inconnus, ignorés : " + unknown.join(", ") + ".");
    } else if (params.get("grimoire")) {
      source = "book";
      var book = null;
      try { book = readBook(); } catch (error) { book = null; }
      if (!book) {
        notes.push("Mon grimoire n’a pas pu être lu dans ce navigateur.");
        slugs = [];
      } else {
        if (book.broken) notes.push("Le grimoire enregistré est illisible (" + book.broken + ").");
        slugs = book.spells
          .map(function (s) { return s.slug; })
          .filter(function (slug) { return bySlug[slug]; });
        slugs.sort(function (a, b) {
          return collator.compare(nameOf(bySlug[a]), nameOf(bySlug[b]));
        });
        if (!slugs.length && !book.broken) {
          notes.push("Votre grimoire est vide : ajoutez-y des sorts depuis leurs fiches ou le tableau des sorts.");
        }
      }
    } else {
      slugs = all.map(function (card) { return card.getAttribute("data-slug"); });
    }
    return { slugs: slugs, notes: notes, source: source };
  }

  // ---------------------------------------------------------------- splitting

  // The description's blocks, as nodes to place one after another. A list gives one block per
  // item (placed back into a list); a table stays whole unless it must be split by rows.
  function blocksOf(text) {
    var blocks = [];
    Array.prototype.forEach.call(text.children, function (child) {
      if (child.tagName === "UL" || child.tagName === "OL") {
        var id = blocks.length;
        Array.prototype.forEach.call(child.children, function (item) {
          blocks.push({ kind: "item", node: item.cloneNode(true), list: id, tag: child.tagName });
        });
      } else if (child.querySelector && child.querySelector("table")) {
        blocks.push({ kind: "table", node: child.cloneNode(true) });
      } else {
        blocks.push({ kind: child.tagName === "H4" ? "heading" : "block", node: child.cloneNode(true) });
      }
    });
    return blocks;
  }

  // True when the text area's content goes past its bottom, less a small safety room.
  function overflows(area) {
    if (area.scrollHeight > area.clientHeight) return true;
    var last = area.lastElementChild;
    if (!last) return false;
    return last.getBoundingClientRect().bottom > area.getBoundingClientRect().bottom - SAFETY_PX;
  }

  // Places a block at the end of a card's text area; returns the node to remove to undo it.
  function place(area, block) {
    if (block.kind === "item") {
      var last = area.lastElementChild;
      if (!last || last.getAttribute("data-list") !== String(block.list)) {
        last = el(block.tag.toLowerCase());
        last.setAttribute("data-list", String(block.list));
        if (block.continued) last.className = "gr-card__list-cont";
        area.appendChild(last);
      }
      last.appendChild(block.node);
      return last.children.length === 1 ? last : block.node;
    }
    area.appendChild(block.node);
    return block.node;
  }

  // The pieces a paragraph or list item can be cut between: words (with their spaces) and
  // inline elements (a superscript stays with nothing else).
  function pieces(node) {
    var out = [];
    Array.prototype.forEach.call(node.childNodes, function (child) {
      if (child.nodeType === 3) {
        (child.textContent.match(/\S+\s*|\s+/g) || []).forEach(function (word) {
          out.push(document.createTextNode(word));
        });
      } else {
        out.push(child.cloneNode(true));
      }
    });
    return out;
  }

  function withPieces(node, list) {
    var copy = node.cloneNode(false);
    list.forEach(function (piece) {
      copy.appendChild(piece.cloneNode(true));
    });
    return copy;
  }

  // Splits a block that cannot fit on an empty card into [the part that fits, the rest].
  function split(area, block) {
    if (block.kind === "table") return splitTable(area, block);
    var all_ = pieces(block.node);
    var low = 1;
    var high = all_.length - 1;
    var best = 0;
    while (low <= high) {
      var middle = (low + high) >> 1;
      var trial = { kind: block.kind, list: block.list, tag: block.tag, node: withPieces(block.node, all_.slice(0, middle)) };
      var added = place(area, trial);
      var fits = !overflows(area);
      added.remove();
      if (fits) {
        best = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (best === 0) best = 1; // never loop: at least one word per card
    var head = { kind: block.kind, list: block.list, tag: block.tag, node: withPieces(block.node, all_.slice(0, best)) };
    var rest = withPieces(block.node, all_.slice(best));
    rest.removeAttribute("id");
    rest.classList.add("gr-card__cont");
    return [head, { kind: block.kind, list: block.list, tag: block.tag, node: rest, continued: true }];
  }

  function splitTable(area, block) {
    var table = block.node.querySelector("table");
    var body = table && table.tBodies[0];
    var rows = body ? Array.prototype.slice.call(body.rows) : [];
    var best = 0;
    for (var n = 1; n < rows.length; n++) {
      var trial = tableWith(block.node, rows.slice(0, n));
      area.appendChild(trial);
      var fits = !overflows(area);
      trial.remove();
      if (!fits) break;
      best = n;
    }
    if (best === 0) best = 1;
    return [
      { kind: "table", node: tableWith(block.node, rows.slice(0, best)) },
      { kind: "table", node: tableWith(block.node, rows.slice(best)), continued: true },
    ];
  }

  function tableWith(wrap, rows) {
    var copy = wrap.cloneNode(true);
    var body = copy.querySelector("tbody");
    body.replaceChildren();
    rows.forEach(function (row) {
      body.appendChild(row.cloneNode(true));
    });
    return copy;
  }

  // An empty card for a spell: the first one with every field, the next ones with the name only.
  function blankCard(source, continuation) {
    var card = el("article", "gr-card gr-card--laid");
    card.setAttribute("data-slug", source.getAttribute("data-slug"));
    card.setAttribute("aria-label", nameOf(source) + (continuation ? " (suite)" : ""));
    var head = source.querySelector(".gr-card__head").cloneNode(true);
    if (continuation) {
      card.classList.add("gr-card--suite");
      var tags = head.querySelector(".gr-card__tags");
      if (tags) tags.replaceChildren(el("span", "gr-card__tag gr-card__tag--suite", "suite"));
    }
    card.appendChild(head);
    if (!continuation) card.appendChild(source.querySelector(".gr-card__fields").cloneNode(true));
    var area = el("div", "gr-card__text");
    card.appendChild(area);
    card.appendChild(source.querySelector(".gr-card__foot").cloneNode(true));
    return { card: card, area: area };
  }

  // The cards of one spell, measured inside ``room`` (a sheet-sized, hidden container).
  function cardsFor(source, room) {
    var blocks = blocksOf(source.querySelector(".gr-card__text"));
    var cards = [];
    var current = blankCard(source, false);
    room.appendChild(current.card);
    var placedHere = 0;
    var i = 0;
    var guard = 0;
    while (i < blocks.length) {
      if (++guard > 5000) {
        console.warn("[Grimoire] découpage des cartes interrompu :", source.getAttribute("data-slug"));
        break;
      }
      var block = blocks[i];
      var added = place(current.area, block);
      if (!overflows(current.area)) {
        placedHere += 1;
        i += 1;
        continue;
      }
      added.remove();
      if (placedHere === 0) {
        // Alone on a card and still too long: cut it between words (or rows).
        var parts = split(current.area, block);
        place(current.area, parts[0]);
        blocks.splice(i, 1, parts[0], parts[1]);
        i += 1;
      } else {
        // A sub-heading does not stay alone at the bottom of a card.
        var last = current.area.lastElementChild;
        if (last && last.tagName === "H4" && placedHere > 1) {
          last.remove();
          i -= 1;
        }
      }
      cards.push(current.card);
      current = blankCard(source, true);
      room.appendChild(current.card);
      placedHere = 0;
    }
    cards.push(current.card);
    cards.forEach(function (card, index) {
      var count = card.querySelector("[data-card-count]");
      if (cards.length > 1 && count) count.textContent = (index + 1) + "/" + cards.length;
      if (index < cards.length - 1) {
        var foot = card.querySelector(".gr-card__foot");
        foot.insertBefore(el("span", "gr-card__next", "suite sur la carte suivante \u2192"),
                          foot.lastElementChild);
      }
      card.querySelectorAll("[data-list]").forEach(function (list) {
        list.removeAttribute("data-list");
      });
    });
    return cards;
  }

  // ---------------------------------------------------------------- sheets

  function sheetFor(format) {
    var sheet = el("div", "gr-sheet gr-sheet--" + format.columns * format.rows);
    var grid = el("div", "gr-sheet__grid");
    sheet.appendChild(grid);
    var gridWidth = format.columns * format.width;
    var gridHeight = format.rows * format.height;
    var left = (SHEET.width - gridWidth) / 2;
    var top = (SHEET.height - gridHeight) / 2;
    grid.style.left = left + "mm";
    grid.style.top = top + "mm";
    var mark = function (x, y, horizontal) {
      var line = el("span", "gr-sheet__mark " + (horizontal ? "gr-sheet__mark--h" : "gr-sheet__mark--v"));
      line.setAttribute("aria-hidden", "true");
      line.style.left = x + "mm";
      line.style.top = y + "mm";
      sheet.appendChild(line);
    };
    for (var c = 0; c <= format.columns; c++) {
      var x = left + c * format.width;
      mark(x, top - MARK.gap - MARK.length, false);
      mark(x, top + gridHeight + MARK.gap, false);
    }
    for (var r = 0; r <= format.rows; r++) {
      var y = top + r * format.height;
      mark(left - MARK.gap - MARK.length, y, true);
      mark(left + gridWidth + MARK.gap, y, true);
    }
    return { sheet: sheet, grid: grid };
  }

  // ---------------------------------------------------------------- the page

  var laidOut = null;

  function layout() {
    var formatKey = q("format").value in FORMATS ? q("format").value : "4";
    var format = FORMATS[formatKey];
    var chosen = selection();
    deck.setAttribute("data-format", formatKey);

    // Measure in a hidden sheet of the printed size (no preview zoom).
    var measure = el("div", "gr-deck__measure gr-sheet gr-sheet--" + formatKey);
    measure.setAttribute("aria-hidden", "true");
    var room = el("div", "gr-sheet__grid");
    measure.appendChild(room);
    deck.appendChild(measure);
    var cards = [];
    chosen.slugs.forEach(function (slug) {
      cards = cards.concat(cardsFor(bySlug[slug], room));
    });
    measure.remove();

    var sheets = el("div", "gr-deck__sheets");
    sheets.setAttribute("data-deck-sheets", "");
    var perSheet = format.columns * format.rows;
    var current = null;
    cards.forEach(function (card, index) {
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

    var spells = chosen.slugs.length;
    var pages = Math.ceil(cards.length / perSheet);
    var summary = spells
      ? spells + (spells > 1 ? " sorts" : " sort") + " sur " + cards.length +
        (cards.length > 1 ? " cartes" : " carte") + ", " + pages + (pages > 1 ? " pages A4." : " page A4.")
      : "Aucune carte à imprimer.";
    if (chosen.source === "book") summary = "Mon grimoire : " + summary;
    q("summary").textContent = summary;
    var message = q("message");
    message.textContent = chosen.notes.join(" ");
    message.hidden = !chosen.notes.length;
    q("print").disabled = !cards.length;
    deck.setAttribute("data-cards", String(cards.length));
  }

  // The preview fits the screen's width; printing uses the real size (cards.css).
  function zoom() {
    if (!laidOut) return;
    var available = deck.clientWidth;
    var sheetPx = laidOut.firstElementChild ? laidOut.firstElementChild.offsetWidth : 0;
    var factor = sheetPx ? Math.min(1, available / sheetPx) : 1;
    laidOut.style.zoom = String(Math.floor(factor * 1000) / 1000);
  }

  function start() {
    q("tools").hidden = false;
    q("format").addEventListener("change", layout);
    q("print").addEventListener("click", function () {
      window.print();
    });
    var timer = null;
    window.addEventListener("resize", function () {
      clearTimeout(timer);
      timer = setTimeout(zoom, 150);
    });
    var run = function () {
      layout();
      deck.setAttribute("data-ready", "true");
    };
    // Fonts decide where lines break: measure once they are ready.
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(run, run);
    else run();
  }

  start();
}

whenReady(function () { mountCards(document); });
