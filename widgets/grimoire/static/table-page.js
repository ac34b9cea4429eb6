/* Grimoire — the page /table/ (« La table »): the MJ's party at a glance, gathered from the
 * players' share links (pasted, one or several, or a whole chat message), their files or a party
 * link (?livres=…), kept in this browser under the table's own key and in a link to bookmark.
 * Each wizard shows the name, magie, reading and spells with apprentissage, XP and that wizard's
 * own chance to cast (the build's odds, grimoire-table.js); « Par sort » lists who knows a spell.
 * The MJ casts for any wizard and keeps the table's journal (table-cast.js).
 * Every text read from the outside is data: the DOM is built with textContent only.
 */
import { el } from "../shared/common.js";
import { readFile } from "./grimoire-format.js";
import { BookError, CONFIG, READINGS } from "./grimoire-model.js";
import { readRaw, watchStored, writeRaw } from "./grimoire-store.js";
import { castChance, castOdds, castable } from "./grimoire-table.js";
import { ROOT } from "./grimoire-urls.js";
import { bindUndo, castButton, castPanel, renderJournal } from "./table-cast.js";
import { duelButton, duelPanel } from "./table-duel.js";
import { studyButton, studyPanel } from "./table-study.js";
import { handbackButton, handbackPanel } from "./table-handback.js";
import { acceptParty, bindShare, closeOffer, readPartyLink } from "./table-link.js";
import {
  MAX_WIZARDS,
  MIN_WIZARDS,
  TABLE_KEY,
  addWizards,
  readParty,
  readPasted,
  serialiseParty,
  wizardName,
  wizardOf,
} from "./table-party.js";

/** How long the list of spells may take to arrive (ms), then the page says so. */
const API_WAIT_MS = 4 * CONFIG.dataWaitMs;

export class TablePage {
  constructor(root) {
    this.root = root;
    this.known = Object.create(null);
    this.rank = new Map();
    this.view = "wizards";
    this.offered = null; // the party a party link offers, validated
    this.open = null; // the cast panel open: {index, slug}
    this.last = null; // the last cast, shown in its panel: {index, slug, id, text}
    this.modifier = "0"; // the cast's modifier, as typed
    this.duelFrom = null; // the duel panel open: {index, slug} of the side it opened from
    this.duelPick = null; // the opponent picked there: {index, slug}
    this.duel = null; // the duel being rolled: {a, b, faces}
    this.lastDuel = null; // the last duel settled, shown in its panel
    this.studyFrom = null; // the study panel open: {index, slug}
    this.study = null; // its session under way (grimoire-study.js)
    this.lastStudy = null; // the session last credited there
    this.studyHours = null; // the hours and chance last planned
    this.studyChance = null;
    this.handback = null; // the wizard whose hand-back panel is open (its place)
    this.qr = null; // the QR code last drawn: {link, svg}
  }

  q(name) {
    return this.root.querySelector(`[data-table-${name}]`);
  }

  say(text, kind) {
    const message = this.q("message");
    message.textContent = text;
    message.hidden = !text;
    message.setAttribute("data-kind", kind || "info");
  }

  nameOf(slug) {
    return this.known[slug] ? this.known[slug].name : slug;
  }

  start() {
    this.q("nojs").hidden = true;
    const seconds = Math.round(API_WAIT_MS / 1000);
    fetch(this.root.getAttribute("data-api"), { signal: AbortSignal.timeout(API_WAIT_MS) })
      .then((response) => {
        if (!response.ok) throw new Error(`réponse ${response.status}`);
        return response.json();
      })
      .then(
        (api) => this.show(api),
        (error) => {
          const why =
            error?.name === "TimeoutError"
              ? `rien reçu en ${seconds} s`
              : /^réponse /.test(error?.message)
                ? error.message
                : "réseau indisponible";
          this.say(
            "La liste des sorts n’a pas pu être chargée (" +
              why +
              ") : rechargez la page une fois connecté.",
            "error",
          );
        },
      );
  }

  show(api) {
    (api.spells || []).forEach((spell, rank) => {
      this.known[spell.slug] = spell;
      this.rank.set(spell.slug, rank);
    });
    this.q("main").hidden = false;
    bindTable(this);
    watchStored(() => this.render(), TABLE_KEY);
    this.render();
    readPartyLink(this);
  }

  /** The stored party: {party, rejected, kept} or {party: [], broken}, and ``inaccessible``. */
  read() {
    const { raw, inaccessible } = readRaw(TABLE_KEY);
    if (inaccessible) return { party: [], broken: "stockage du navigateur inaccessible" };
    return readParty(raw);
  }

  /** Applies ``change(party)`` (which returns the new party) to the stored one, then redraws;
      false when the stored table cannot be read (never replaced unless ``replace``: a new table,
      without the stored wizards that could not be read) or cannot be written. */
  update(change, replace = false) {
    const read = this.read();
    if (read.broken && !replace) {
      this.say(`Refusé : la table enregistrée est illisible (${read.broken}).`, "error");
      return false;
    }
    let party;
    try {
      party = change(read.party);
    } catch (error) {
      if (!(error instanceof BookError)) throw error;
      this.say(`Refusé : ${error.problems.join(" ; ")}.`, "error");
      return false;
    }
    const kept = replace ? [] : read.kept;
    if (!writeRaw(JSON.stringify(serialiseParty(party, kept)), TABLE_KEY)) {
      this.say("Refusé : ce navigateur n’a pas enregistré la table (stockage plein ?).", "error");
      return false;
    }
    this.render();
    return true;
  }

  render() {
    const read = this.read();
    const broken = this.q("broken");
    broken.hidden = !read.broken && !read.rejected?.length;
    this.q("broken-text").textContent = read.broken
      ? `La table enregistrée dans ce navigateur est illisible (${read.broken}).`
      : `${(read.rejected || []).join(" ; ")}.`;
    this.q("clear").hidden = !read.broken;
    const { party } = read;
    if (this.open && !party[this.open.index]?.spells.some((s) => s.slug === this.open.slug)) {
      this.open = null;
    }
    if (this.handback !== null && !party[this.handback]) this.handback = null;
    const from = this.duelFrom;
    if (from && !party[from.index]?.spells.some((s) => s.slug === from.slug)) {
      this.duelFrom = null;
      this.duel = null;
    }
    const studied = this.studyFrom;
    if (studied && !party[studied.index]?.spells.some((s) => s.slug === studied.slug)) {
      this.studyFrom = null;
      this.study = null;
    }
    this.q("empty").hidden = party.length > 0;
    this.q("hint").hidden = party.length === 0 || party.length >= MIN_WIZARDS;
    this.q("hint").textContent =
      "Une table se joue de " +
      MIN_WIZARDS +
      " à " +
      MAX_WIZARDS +
      " magiciens : " +
      "ajoutez-en un autre pour leurs duels.";
    this.q("views").hidden = party.length === 0;
    for (const button of this.root.querySelectorAll("[data-table-view]")) {
      const pressed = button.dataset.tableView === this.view;
      button.setAttribute("aria-pressed", String(pressed));
      button.classList.toggle("md-button--primary", pressed);
    }
    this.q("party").hidden = this.view !== "wizards";
    this.q("by-spell").hidden = this.view !== "spells";
    this.q("party").replaceChildren(
      ...party.map((wizard, i) => wizardBlock(this, party, wizard, i)),
    );
    this.q("by-spell").replaceChildren(...spellBlocks(this, party));
    this.q("journal-box").hidden = party.length === 0;
    renderJournal(this, party);
    this.q("share-box").hidden = true;
  }
}

/** A spell's line for ``wizard``: apprentissage, XP (set by hand, when the player did) and that
    wizard's chance to cast it. */
function spellFacts(wizard, spell) {
  const facts =
    `apprentissage ${spell.learning}, ${spell.xp} XP` + (spell.hand ? " (modifié à la main)" : "");
  if (!castable(spell.learning)) return `${facts} ; pas encore lançable`;
  const chance = castChance(
    castOdds({ magic: wizard.magic, learning: spell.learning, reading: wizard.reading }),
  );
  return `${facts} ; chance de lancer ${chance.percent} (${chance.fraction})`;
}

function spellLink(page, slug) {
  const spell = page.known[slug];
  if (!spell) return el("span", null, `${slug} (ce sort n’existe plus)`);
  const link = el("a", null, spell.name);
  link.href = new URL(spell.url, ROOT).href;
  return link;
}

function bySpellRank(page, spells) {
  const rankOf = (slug) => page.rank.get(slug) ?? Number.MAX_SAFE_INTEGER;
  return spells.slice().sort((a, b) => rankOf(a.slug) - rankOf(b.slug));
}

/** Where a wizard's figures come from: a file's journal, each checked against the rules, or a
    link that only declares them. */
const SOURCE = {
  checked: "Chiffres suivis dans le journal de son fichier, vérifiés.",
  declared: "Chiffres déclarés par son lien, sans journal pour les vérifier.",
};

/** One wizard of the party: name, magie and reading, where its figures come from, spells, and
    « Retirer ». */
function wizardBlock(page, party, wizard, index) {
  const name = wizardName(wizard, index);
  const block = el("section", "gr-party__wizard");
  const head = el("h2", "gr-party__name", name);
  head.id = `gr-table-wizard-${index + 1}`;
  block.setAttribute("aria-labelledby", head.id);
  block.append(
    head,
    el("p", "gr-party__caster", `Magie ${wizard.magic} · ${READINGS[wizard.reading]}`),
    el("p", "gr-party__source", wizard.checked ? SOURCE.checked : SOURCE.declared),
  );
  const list = el("ul", "gr-party__spells");
  for (const spell of bySpellRank(page, wizard.spells)) {
    const item = el("li");
    item.append(
      spellLink(page, spell.slug),
      el("span", "gr-party__facts", spellFacts(wizard, spell)),
    );
    const buttons = [
      castButton(page, index, wizard, spell),
      duelButton(page, party, index, wizard, spell),
      studyButton(page, index, wizard, spell),
    ].filter(Boolean);
    if (buttons.length) {
      const row = el("div", "gr-party__actions");
      row.append(...buttons);
      item.appendChild(row);
    }
    if (page.open?.index === index && page.open.slug === spell.slug) {
      item.appendChild(castPanel(page, index, wizard, spell, party));
    }
    if (page.duelFrom?.index === index && page.duelFrom.slug === spell.slug) {
      item.appendChild(duelPanel(page, party, index, spell));
    }
    if (page.studyFrom?.index === index && page.studyFrom.slug === spell.slug) {
      item.appendChild(studyPanel(page, index, wizard, spell));
    }
    list.appendChild(item);
  }
  if (!wizard.spells.length)
    list.appendChild(el("li", "gr-book__help", "Aucun sort dans ce grimoire."));
  const remove = el("button", "md-button gr-party__remove", "Retirer de la table");
  remove.type = "button";
  remove.setAttribute("aria-label", `Retirer de la table : ${name}`);
  remove.addEventListener("click", () => {
    page.open = null;
    page.last = null;
    page.handback = null;
    page.duelFrom = null;
    page.duel = null;
    page.studyFrom = null;
    page.study = null;
    if (page.update((party) => party.filter((_, i) => i !== index))) {
      page.say(`${name} a quitté la table.`, "success");
    }
  });
  const actions = el("div", "gr-book__buttons");
  actions.append(handbackButton(page, index, name), remove);
  block.append(list, actions);
  if (page.handback === index) block.appendChild(handbackPanel(page, index, wizard));
  return block;
}

/** « Par sort »: each spell someone at the table knows, with each of them and their chance. */
function spellBlocks(page, party) {
  const slugs = new Set(party.flatMap((w) => w.spells.map((s) => s.slug)));
  return bySpellRank(
    page,
    [...slugs].map((slug) => ({ slug })),
  ).map(({ slug }) => {
    const block = el("section", "gr-party__spell");
    const head = el("h2", "gr-party__name");
    head.appendChild(spellLink(page, slug));
    const list = el("ul", "gr-party__spells");
    party.forEach((wizard, index) => {
      const spell = wizard.spells.find((s) => s.slug === slug);
      if (!spell) return;
      const item = el("li");
      item.append(
        el("span", "gr-party__who", wizardName(wizard, index)),
        el("span", "gr-party__facts", spellFacts(wizard, spell)),
      );
      list.appendChild(item);
    });
    block.append(head, list);
    return block;
  });
}

/** What the page says once wizards were offered: who came, who was updated, who was refused. */
function sayAdded(page, result, refused) {
  const parts = [];
  if (result.added.length) parts.push(`À la table : ${result.added.join(", ")}.`);
  if (result.updated.length) parts.push(`Mis à jour : ${result.updated.join(", ")}.`);
  if (result.same.length) parts.push(`Déjà à la table : ${result.same.join(", ")}.`);
  const problems = [...refused, ...result.refused];
  if (problems.length) parts.push(`Refusé : ${problems.join(" ; ")}.`);
  page.say(parts.join(" "), problems.length ? "error" : "success");
}

function addAll(page, wizards, refused) {
  let result = { added: [], updated: [], same: [], refused: [] };
  if (wizards.length) {
    const ok = page.update((party) => {
      result = addWizards(party, wizards);
      return result.party;
    });
    if (!ok) return;
  }
  sayAdded(page, result, refused);
}

function bindTable(page) {
  const links = page.q("links");
  page.q("add").addEventListener("click", () => {
    const { wizards, refused } = readPasted(links.value, page.known);
    addAll(page, wizards, refused);
    if (!refused.length) links.value = "";
  });
  const file = page.q("file");
  file.addEventListener("change", () => {
    const files = [...file.files];
    Promise.allSettled(files.map((f) => readFile(f, page.known))).then((results) => {
      const refused = [];
      const wizards = [];
      results.forEach((result, i) => {
        if (result.status === "fulfilled") wizards.push(wizardOf(result.value, true));
        else {
          const why = result.reason instanceof BookError ? result.reason.problems : ["illisible"];
          refused.push(`fichier « ${files[i].name.slice(0, 60)} » : ${why.join(" ; ")}`);
        }
      });
      file.value = "";
      addAll(page, wizards, refused);
    });
  });
  for (const button of page.root.querySelectorAll("[data-table-view]")) {
    button.addEventListener("click", () => {
      page.view = button.dataset.tableView;
      page.render();
    });
  }
  bindShare(page);
  bindUndo(page);
  page.q("clear").addEventListener("click", () => {
    if (page.update(() => [], true)) page.say("Table vidée.", "success");
  });
  page.q("replace").addEventListener("click", () => acceptParty(page));
  page.q("keep").addEventListener("click", () => closeOffer(page));
}

/** Mounts the table page held by ``root`` (nothing without one). */
export function mountTablePage(root) {
  const page = root.querySelector(".gr-party");
  if (page) new TablePage(page).start();
}
