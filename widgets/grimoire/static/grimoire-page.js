/* Grimoire — the page /grimoire/: the reader's spells (levels, element and difficulty from
 * api/sorts.json), the wizard's name, magie and reading, the stored spellbook read and changed (a
 * change refused with its reason, an unreadable one said and kept), each spell drawn by
 * grimoire-entry.js with its progression figures asked to the rules engine through the page's
 * single worker (grimoire-figures.js), the journal (grimoire-evening.js), and what the page sends
 * out and takes in (grimoire-sharing.js). Spell text is data: the DOM is built with textContent
 * only.
 */
import { el } from "../shared/common.js";
import { bindJournal, renderJournal } from "./grimoire-evening.js";
import { askEngine, computeEntry } from "./grimoire-figures.js";
import { describe } from "./grimoire-journal.js";
import { readLinkOffer } from "./grimoire-import.js";
import {
  BookError,
  CONFIG,
  READINGS,
  loadBook,
  parseCount,
  quoted,
  saveBook,
} from "./grimoire-model.js";
import { renderEntry } from "./grimoire-entry.js";
import { Written } from "./grimoire-merge.js";
import { bindSharing, showReplay } from "./grimoire-sharing.js";
import { watchStored } from "./grimoire-store.js";
import { bindUpdate, readUpdateOffer } from "./grimoire-update-offer.js";
import { ROOT } from "./grimoire-tools.js";
import { MAX_NAME, cleanName, nameProblem } from "./grimoire-values.js";

export class BookPage {
  constructor(root) {
    this.root = root;
    this.known = null;
    this.entries = new Map();
    this.seq = 0;
    this.pending = null; // the spellbook a link or a file offers, validated
    this.pendingBroken = false; // the offer replaces an unreadable stored spellbook
    this.openCast = null; // the slug whose cast panel is open
    this.lastCast = null; // {slug, text}: the last cast, shown in its panel
    this.castModifier = "0";
    this.openStudy = null; // the slug whose study panel is open
    this.study = null; // the session under way: {slug, hours, hour, test}
    this.lastStudy = null; // {slug, entry}: the last session, shown in its panel
    this.openDuel = null; // the slug whose duel panel is open
    this.duel = null; // the duel under way: {slug, opponent, faces}
    this.lastDuel = null; // {slug, entry}: the last duel, shown in its panel
    this.duelOpponent = null; // the opponent last typed
    this.pendingUpdate = null; // the table's update a link offers, validated
    this.merged = null; // the identifiers of the entries the last update added
    this.duelBook = null; // the other spellbook a pasted share link holds: {text, magic, reading, spells}
    this.askEngine = askEngine;
    this.written = new Written(); // the entries this tab wrote, put back if another tab drops them
  }

  /** One journal entry in words. */
  describe(entry) {
    return describe(entry, (slug) => this.nameOf(slug));
  }

  /** Focuses the first ``selector`` inside the entry of ``slug`` (after a redraw). */
  focusIn(slug, selector) {
    const node = this.q("list").querySelector(`[data-slug="${CSS.escape(slug)}"] ${selector}`);
    if (node) node.focus();
  }

  /** The stored spellbook as it is now (another tab may have changed it). */
  current() {
    return loadBook().book;
  }

  q(name) {
    return this.root.querySelector("[data-book-" + name + "]");
  }

  say(text, kind) {
    const message = this.q("message");
    message.textContent = text;
    message.hidden = !text;
    message.setAttribute("data-kind", kind || "info");
  }

  nameOf(slug) {
    return this.known?.[slug] ? this.known[slug].name : slug;
  }

  start() {
    this.q("nojs").hidden = true;
    if (!CONFIG) {
      this.say(
        "Mon grimoire est indisponible : configuration du site absente (grimoire-config.js).",
        "error",
      );
      return;
    }
    fetch(this.root.getAttribute("data-api") || new URL("api/sorts.json", ROOT).href)
      .then((response) => {
        if (!response.ok) throw new Error("réponse " + response.status);
        return response.json();
      })
      .then(
        (api) => this.show(api),
        (error) => {
          const why = /^réponse /.test(error?.message) ? error.message : "réseau indisponible";
          this.say(
            "La liste des sorts n’a pas pu être chargée (" +
              why +
              ") : " +
              "rechargez la page une fois connecté.",
            "error",
          );
        },
      );
  }

  /* The page, once the compendium's list is in (``api``: api/sorts.json). */
  show(api) {
    this.known = Object.create(null);
    // The compendium's order is the server's (its name rank): the book lists spells in it.
    this.rank = new Map((api.spells || []).map((spell, rank) => [spell.slug, rank]));
    for (const spell of api.spells || []) this.known[spell.slug] = spell;
    this.bind();
    this.render();
    readLinkOffer(this);
    readUpdateOffer(this);
    showReplay(this);
  }

  bind() {
    const magic = this.q("magic");
    this.q("main").hidden = false;
    bindName(this);
    magic.addEventListener("change", () => {
      const value = parseCount(magic.value);
      const error = this.q("magic-error");
      if (value === null) {
        error.textContent =
          "Magie : attendu un entier positif ou nul, reçu " + quoted(magic.value) + ".";
        magic.setAttribute("aria-invalid", "true");
        return;
      }
      error.textContent = "";
      magic.removeAttribute("aria-invalid");
      this.update((book) => {
        book.magic = value;
      });
    });
    const reading = this.q("reading");
    reading.replaceChildren(
      ...Object.entries(READINGS).map(([value, label]) => {
        const option = el("option", null, label);
        option.value = value;
        return option;
      }),
    );
    reading.addEventListener("change", () =>
      this.update((book) => {
        book.reading = reading.value;
      }),
    );
    bindJournal(this);
    bindSharing(this);
    bindUpdate(this);
    watchStored(() => {
      this.reconcile();
      this.render();
    });
  }

  /* Applies a change to the stored spellbook, then redraws. An unreadable stored spellbook is
     only replaced when ``replaceBroken`` says the reader confirmed it. */
  update(change, redraw, replaceBroken) {
    const read = loadBook();
    if (read.inaccessible) {
      this.say(
        "Refusé : ce navigateur bloque le stockage de ce site ; autorisez les données de site " +
          "pour ce site, puis rechargez la page.",
        "error",
      );
      return false;
    }
    if (read.broken && !replaceBroken) {
      this.say(
        "Le grimoire enregistré est illisible (" +
          read.broken +
          ") : importez une sauvegarde " +
          "ou ouvrez un lien de partage pour le remplacer.",
        "error",
      );
      return false;
    }
    if (!read.broken) this.written.restore(read.book);
    const before = new Set(read.book.journal.map((e) => e.id));
    let stored;
    try {
      change(read.book);
      stored = saveBook(read.book, read.broken ? undefined : read.kept);
    } catch (error) {
      if (!(error instanceof BookError)) throw error;
      this.say("Refusé : " + error.message + ".", "error");
      this.render();
      return false;
    }
    if (!stored) {
      this.say(
        "Le navigateur refuse d’enregistrer Mon grimoire (stockage plein ou désactivé).",
        "error",
      );
      return false;
    }
    this.written.note(read.book, before);
    if (redraw !== false) this.render();
    return true;
  }

  /* Another tab changed the stored spellbook: the entries of this tab's it dropped (two writes
     at the same moment) are put back, and the page says what could not be. */
  reconcile() {
    const read = loadBook();
    if (read.broken) return;
    const { restored, lost } = this.written.restore(read.book);
    if (!restored && !lost) return;
    try {
      saveBook(read.book, read.kept);
    } catch (error) {
      if (!(error instanceof BookError)) throw error;
      return;
    }
    if (lost) {
      this.say(
        (lost > 1 ? lost + " entrées de cet onglet n’ont" : "Une entrée de cet onglet n’a") +
          " pas pu être gardée" +
          (lost > 1 ? "s" : "") +
          " : un autre onglet a changé le sort au même moment.",
        "error",
      );
    }
  }

  render() {
    const read = loadBook();
    const book = read.book;
    const rejected = read.rejected || [];
    const kept = typeof read.raw === "string";
    this.q("broken").hidden = !read.broken && !rejected.length;
    this.q("broken-download").hidden = !kept;
    this.q("broken-title").textContent = read.inaccessible
      ? "Stockage du navigateur bloqué"
      : read.broken
        ? "Grimoire enregistré illisible"
        : "Entrées illisibles dans Mon grimoire";
    this.q("broken-text").textContent = read.inaccessible
      ? "Ce navigateur ne laisse pas ce site enregistrer de données (stockage bloqué : réglage " +
        "des cookies et données de site, ou navigation privée stricte). Mon grimoire ne peut ni " +
        "lire ni garder vos sorts : autorisez les données de site pour ce site, puis rechargez la " +
        "page. Vos calculs restent possibles sur les pages des sorts."
      : read.broken
        ? "Le grimoire enregistré dans ce navigateur est illisible (" +
          read.broken +
          "). " +
          "Il n’a pas été effacé" +
          (kept ? " : téléchargez-le tel quel pour le garder. " : ". ") +
          "Pour le remplacer, importez une sauvegarde (« Importer un fichier ») ou ouvrez un lien " +
          "de partage : le grimoire proposé ne sera enregistré qu’après votre confirmation."
        : unreadableText(rejected);
    const magic = this.q("magic");
    if (document.activeElement !== magic) magic.value = String(book.magic);
    const name = this.q("name");
    if (document.activeElement !== name) name.value = book.name;
    this.q("reading").value = book.reading;
    this.q("learn-note").hidden = !book.spells.some((s) => s.learning === CONFIG.learning.unlearnt);
    renderJournal(this, book);
    this.q("empty").hidden = book.spells.length > 0 || !!read.broken;
    this.q("cards").href = new URL("cartes/?grimoire=1", ROOT).href;
    const rankOf = (slug) => this.rank?.get(slug) ?? Number.MAX_SAFE_INTEGER;
    const spells = book.spells.slice().sort((a, b) => rankOf(a.slug) - rankOf(b.slug));
    this.entries.clear();
    this.q("list").replaceChildren(...spells.map((entry) => renderEntry(this, entry)));
    for (const entry of book.spells) computeEntry(this, entry, book, this.entries.get(entry.slug));
  }
}

/* The wizard's name: plain text, kept cleaned (spaces trimmed), refused with its reason. */
function bindName(page) {
  const name = page.q("name");
  name.maxLength = MAX_NAME;
  name.addEventListener("change", () => {
    const problem = nameProblem(name.value);
    const error = page.q("name-error");
    error.textContent = problem === null ? "" : problem[0].toUpperCase() + problem.slice(1) + ".";
    name.toggleAttribute("aria-invalid", problem !== null);
    if (problem !== null) return;
    page.update((book) => {
      book.name = cleanName(name.value);
    });
  });
}

/* What the page says of the stored spellbook's unreadable parts: the entries, kept as they are
   stored; a setting, replaced by its default at the next change. */
function unreadableText(rejected) {
  const kept = rejected.filter((r) => r.kept);
  const replaced = rejected.filter((r) => !r.kept);
  const named = (list) =>
    list
      .slice(0, 6)
      .map((r) => r.problem)
      .join(" ; ") + (list.length > 6 ? " ; et " + (list.length - 6) + " autres" : "");
  const parts = [];
  if (kept.length) {
    parts.push(
      (kept.length > 1 ? kept.length + " entrées sont illisibles" : "Une entrée est illisible") +
        " ; " +
        (kept.length > 1 ? "elles restent enregistrées" : "elle reste enregistrée") +
        " telle" +
        (kept.length > 1 ? "s" : "") +
        " quelle" +
        (kept.length > 1 ? "s" : "") +
        " (téléchargez le grimoire pour les corriger), le reste est utilisable : " +
        named(kept) +
        ".",
    );
  }
  if (replaced.length) {
    parts.push(
      "Réglage illisible, remplacé par sa valeur par défaut au prochain changement : " +
        named(replaced) +
        ".",
    );
  }
  return parts.join(" ");
}

/** Mounts the spellbook page held by ``root`` (nothing without one). */
export function mountBookPage(root) {
  const page = root.querySelector(".gr-book");
  if (page) new BookPage(page).start();
}
