/* Grimoire — the page /grimoire/: the reader's spells (levels, element and difficulty from
 * api/sorts.json), the progression figures asked to the rules engine through the page's single
 * worker (calculatorsApi.request of widgets' calculators.js, widgets/bridge.py « progression »),
 * editing, removal, sharing as a link (?livre=…), export and import as a JSON file
 * (grimoire-import.js). Spell text is data: the DOM is built with textContent only.
 */
import { copyText, el } from "./common.js";
import { castControls } from "./grimoire-cast.js";
import { learningOptions } from "./grimoire-dialog.js";
import { bindJournal, renderJournal } from "./grimoire-evening.js";
import { askEngine, computeEntry } from "./grimoire-figures.js";
import { describe, removeSpell, setSpell } from "./grimoire-journal.js";
import { LINK_PARAM, encodeLink, exportData } from "./grimoire-format.js";
import { acceptOffer, closeOffer, readFileOffer, readLinkOffer } from "./grimoire-import.js";
import {
  BookError,
  CONFIG,
  READINGS,
  find,
  loadBook,
  parseCount,
  quoted,
  saveBook,
} from "./grimoire-model.js";
import { isReplay, readReplay, replayText, withoutReplay } from "./grimoire-replay.js";
import { watchStored } from "./grimoire-store.js";
import { ROOT, cardsUrl } from "./grimoire-tools.js";

const DASH = "\u2014";

export function download(blob, name) {
  const link = el("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(link.href);
    link.remove();
  }, 1000);
}

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
    this.duelBook = null; // the other spellbook a pasted share link holds: {text, magic, reading, spells}
    this.askEngine = askEngine;
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
      .then((api) => {
        this.known = Object.create(null);
        // The compendium's order is the server's (its name rank): the book lists spells in it.
        this.rank = new Map((api.spells || []).map((spell, rank) => [spell.slug, rank]));
        for (const spell of api.spells || []) this.known[spell.slug] = spell;
        this.bind();
        this.render();
        readLinkOffer(this);
        this.showReplay();
      })
      .catch((error) => {
        const why = /^réponse /.test(error?.message) ? error.message : "réseau indisponible";
        this.say(
          "La liste des sorts n’a pas pu être chargée (" +
            why +
            ") : " +
            "rechargez la page une fois connecté.",
          "error",
        );
      });
  }

  /* A cast shared by its link (?lancer=…): shown in words with its XP, credited to no book. */
  showReplay() {
    const params = new URLSearchParams(window.location.search);
    if (!isReplay(params)) return;
    let replay;
    try {
      replay = readReplay(params, this.known);
    } catch (error) {
      if (!(error instanceof BookError)) throw error;
      this.say(
        "Lien de lancer refusé : " +
          error.problems.slice(0, 6).join(" ; ") +
          ". Votre grimoire n’a pas été modifié.",
        "error",
      );
      return;
    }
    const box = this.q("replay");
    this.q("replay-text").textContent = replayText(replay, this.nameOf(replay.slug));
    box.setAttribute("data-replay-outcome", replay.outcome);
    box.hidden = false;
    box.focus();
  }

  // The readable spellbook to send out, or null (said) when none can be without losing it.
  outgoing() {
    const read = loadBook();
    if (read.broken) {
      this.say(
        "Le grimoire enregistré est illisible (" +
          read.broken +
          ") : rien à partager ni " +
          "à exporter. Téléchargez-le tel quel pour le garder.",
        "error",
      );
      return null;
    }
    return read.book;
  }

  bind() {
    const magic = this.q("magic");
    this.q("main").hidden = false;
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
    this.q("replay-close").addEventListener("click", () => {
      this.q("replay").hidden = true;
      const rest = withoutReplay(new URLSearchParams(window.location.search));
      try {
        history.replaceState(
          history.state,
          "",
          window.location.pathname + (rest ? "?" + rest : "") + window.location.hash,
        );
      } catch {
        /* the address keeps the cast: harmless */
      }
    });
    this.q("share").addEventListener("click", () => {
      const book = this.outgoing();
      if (!book) return;
      const url = new URL("grimoire/", ROOT);
      url.search = "?" + LINK_PARAM + "=" + encodeLink(book);
      this.q("share-box").hidden = false;
      this.q("link").value = url.href;
      this.q("copy-status").textContent = "";
      this.q("link").select();
    });
    this.q("copy").addEventListener("click", () => {
      const input = this.q("link");
      const status = this.q("copy-status");
      copyText(input.value).then(
        () => {
          status.textContent = "Lien copié.";
        },
        () => {
          input.select();
          status.textContent = "Copie impossible : sélectionnez le lien et copiez-le.";
        },
      );
    });
    this.q("export").addEventListener("click", () => {
      const book = this.outgoing();
      if (!book) return;
      const data = exportData(book, this.known);
      download(
        new Blob([JSON.stringify(data, null, 1) + "\n"], { type: "application/json" }),
        "mon-grimoire.json",
      );
    });
    const file = this.q("file");
    file.addEventListener("change", () => {
      const chosen = file.files?.[0];
      file.value = "";
      if (chosen) readFileOffer(this, chosen);
    });
    this.q("broken-download").addEventListener("click", () => {
      const read = loadBook();
      if (typeof read.raw === "string") {
        download(new Blob([read.raw], { type: "text/plain" }), "grimoire-illisible.txt");
      }
    });
    this.q("replace").addEventListener("click", () => acceptOffer(this, "replace"));
    this.q("merge").addEventListener("click", () => acceptOffer(this, "merge"));
    this.q("dismiss").addEventListener("click", () => {
      closeOffer(this);
      this.say("Rien n’a été importé ; votre grimoire n’a pas changé.", "info");
    });
    watchStored(() => this.render());
  }

  /* Applies a change to the stored spellbook, then redraws. An unreadable stored spellbook is
     only replaced when ``replaceBroken`` says the reader confirmed it. */
  update(change, redraw, replaceBroken) {
    const read = loadBook();
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
    try {
      change(read.book);
    } catch (error) {
      if (!(error instanceof BookError)) throw error;
      this.say("Refusé : " + error.message + ".", "error");
      this.render();
      return false;
    }
    if (!saveBook(read.book, read.broken ? [] : read.kept)) {
      this.say(
        "Le navigateur refuse d’enregistrer Mon grimoire (stockage plein ou désactivé).",
        "error",
      );
      return false;
    }
    if (redraw !== false) this.render();
    return true;
  }

  render() {
    const read = loadBook();
    const book = read.book;
    const rejected = read.rejected || [];
    const kept = typeof read.raw === "string";
    this.q("broken").hidden = !read.broken && !rejected.length;
    this.q("broken-download").hidden = !kept;
    this.q("broken-title").textContent = read.broken
      ? "Grimoire enregistré illisible"
      : "Entrées illisibles dans Mon grimoire";
    this.q("broken-text").textContent = read.broken
      ? "Le grimoire enregistré dans ce navigateur est illisible (" +
        read.broken +
        "). " +
        "Il n’a pas été effacé" +
        (kept ? " : téléchargez-le tel quel pour le garder. " : ". ") +
        "Pour le remplacer, importez une sauvegarde (« Importer un fichier ») ou ouvrez un lien " +
        "de partage : le grimoire proposé ne sera enregistré qu’après votre confirmation."
      : (rejected.length > 1
          ? rejected.length + " entrées sont illisibles"
          : "Une entrée est illisible") +
        " ; elles restent enregistrées telles quelles (téléchargez le grimoire pour les corriger), " +
        "les autres sorts sont utilisables : " +
        rejected
          .slice(0, 6)
          .map((r) => r.problem)
          .join(" ; ") +
        (rejected.length > 6 ? " ; et " + (rejected.length - 6) + " autres" : "") +
        ".";
    const magic = this.q("magic");
    if (document.activeElement !== magic) magic.value = String(book.magic);
    this.q("reading").value = book.reading;
    this.q("learn-note").hidden = !book.spells.some((s) => s.learning === CONFIG.learning.unlearnt);
    renderJournal(this, book);
    this.q("empty").hidden = book.spells.length > 0 || !!read.broken;
    this.q("cards").href = new URL("cartes/?grimoire=1", ROOT).href;
    const rankOf = (slug) => this.rank?.get(slug) ?? Number.MAX_SAFE_INTEGER;
    const spells = book.spells.slice().sort((a, b) => rankOf(a.slug) - rankOf(b.slug));
    this.entries.clear();
    this.q("list").replaceChildren(...spells.map((entry) => this.renderEntry(entry)));
    for (const entry of book.spells) computeEntry(this, entry, book, this.entries.get(entry.slug));
  }

  renderEntry(entry) {
    const spell = this.known[entry.slug];
    const name = this.nameOf(entry.slug);
    const item = el("li", "gr-book__entry");
    item.setAttribute("data-slug", entry.slug);
    const head = el("h2", "gr-book__name");
    if (spell) {
      const link = el("a", null, spell.name);
      link.href = new URL(spell.url, ROOT).href;
      head.appendChild(link);
    } else {
      head.textContent = entry.slug;
    }
    item.appendChild(head);
    // At the table, « Lancer » and its panel come first, right under the spell's name.
    castControls(this, item, entry, spell, name);
    if (spell) {
      const facts = el("ul", "gr-book__facts");
      for (const [label, value] of [
        ["Niveaux", spell.levels.raw],
        ["Élément", CONFIG.elements[spell.element] || spell.element],
        ["Difficulté", spell.difficulty + " / " + CONFIG.difficulty.max],
      ]) {
        const li = el("li");
        li.append(el("span", "gr-book__label", label + " : "), String(value));
        facts.appendChild(li);
      }
      item.appendChild(facts);
    } else {
      item.appendChild(
        el(
          "p",
          "gr-book__error",
          "Ce sort n’existe plus dans le compendium : retirez-le de votre grimoire.",
        ),
      );
    }

    const inputs = el("div", "gr-book__inputs");
    const id = "gr-book-" + entry.slug;
    const learningLabel = el("label", null, "Apprentissage");
    learningLabel.htmlFor = id + "-learning";
    const learning = el("select");
    learning.id = id + "-learning";
    learningOptions(learning);
    learning.value = String(entry.learning);
    const xpLabel = el("label", null, "XP");
    xpLabel.htmlFor = id + "-xp";
    const xp = el("input");
    Object.assign(xp, {
      id: id + "-xp",
      type: "number",
      min: "0",
      step: "1",
      inputMode: "numeric",
      value: String(entry.xp),
    });
    for (const pair of [
      [learningLabel, learning],
      [xpLabel, xp],
    ]) {
      const group = el("span", "gr-book__pair");
      group.append(...pair);
      inputs.appendChild(group);
    }
    item.appendChild(inputs);
    const error = el("p", "gr-book__error");
    error.setAttribute("role", "alert");
    item.appendChild(error);

    const figures = el("dl", "gr-book__figures");
    const slots = {};
    for (const [key, label] of [
      ["next", "XP jusqu’au niveau suivant"],
      ["casts", "Lancers attendus pour l’atteindre"],
    ]) {
      const row = el("div");
      slots[key] = el("dd", null, DASH);
      row.append(el("dt", null, label), slots[key]);
      figures.appendChild(row);
    }
    item.appendChild(figures);

    const actions = el("div", "gr-book__row-actions");
    const card = el("a", "md-button", "Carte à imprimer");
    card.href = cardsUrl([entry.slug]);
    card.setAttribute("aria-label", "Carte à imprimer : " + name);
    const remove = el("button", "md-button gr-book__remove", "Retirer");
    remove.type = "button";
    remove.setAttribute("aria-label", "Retirer " + name + " de Mon grimoire");
    actions.append(card, remove);
    item.appendChild(actions);

    const save = () => {
      const value = parseCount(xp.value);
      if (value === null) {
        error.textContent = "XP : attendu un entier positif ou nul, reçu " + quoted(xp.value) + ".";
        xp.setAttribute("aria-invalid", "true");
        return;
      }
      xp.removeAttribute("aria-invalid");
      error.textContent = "";
      // Typed over what this page showed: refused if another tab changed the spell since.
      this.update((book) => {
        const stored = find(book, entry.slug);
        if (!stored || stored.learning !== entry.learning || stored.xp !== entry.xp) {
          throw new BookError([
            this.nameOf(entry.slug) +
              " a changé dans un autre onglet (apprentissage " +
              (stored ? stored.learning + ", " + stored.xp + " XP" : "retiré") +
              ") : la page est à jour, " +
              "saisissez à nouveau",
          ]);
        }
        setSpell(book, entry.slug, Number(learning.value), value, new Date().toISOString());
      });
    };
    learning.addEventListener("change", save);
    xp.addEventListener("change", save);
    remove.addEventListener("click", () => {
      if (this.update((book) => removeSpell(book, entry.slug, new Date().toISOString()))) {
        this.say(name + " a été retiré de Mon grimoire.", "info");
      }
    });
    this.entries.set(entry.slug, { slots, error, seq: 0, spell });
    return item;
  }
}

/** Mounts the spellbook page held by ``root`` (nothing without one). */
export function mountBookPage(root) {
  const page = root.querySelector(".gr-book");
  if (page) new BookPage(page).start();
}
