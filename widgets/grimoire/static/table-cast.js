/* Grimoire — « Lancer » at « La table »: the MJ casts a spell for any wizard of the party, with
 * that wizard's odds (magie, apprentissage, reading of the 1 and the 12), the die typed on its
 * pad or drawn here; the outcome and its XP are credited to that wizard at once, the level its XP
 * reaches is offered (never taken by itself), and the table's journal shows every entry, newest
 * first, with « Annuler la dernière entrée », and the party's evening (each wizard's casts, XP per
 * spell, levels gained, luck seen against expected), copied as text. Every figure comes from the rules' data
 * (grimoire-table.js, grimoire-journal.js); the DOM is built with textContent only.
 */
import { el } from "../shared/common.js";
import { copyAndSay, diePad, field } from "./grimoire-controls.js";
import { EVENING_HOURS } from "./grimoire-evening.js";
import {
  castSpell,
  describe,
  evening,
  eveningText,
  levelUp,
  levelUpOffer,
} from "./grimoire-journal.js";
import { castLine, castOdds, castable, drawFace } from "./grimoire-table.js";
import { MODIFIER_RANGE, parseModifier } from "./grimoire-values.js";
import { tableJournal, undoLast, wizardName } from "./table-party.js";

/** How many entries the table's journal shows (the newest). */
const SHOWN = 30;
const now = () => new Date().toISOString();

/** A button of ``spell``'s line that opens one of its panels for the wizard at ``index``, every
    other panel closed, or closes it: ``kind`` is the page's field naming the open one ("open",
    "duelFrom", "studyFrom"), ``focus`` what takes the focus in the panel opened. */
export function panelButton(page, { index, wizard, spell, kind, verb, close, focus }) {
  const open = page[kind]?.index === index && page[kind].slug === spell.slug;
  const text = open ? close : verb;
  const button = el("button", "md-button gr-party__cast", text);
  button.type = "button";
  button.setAttribute(
    "aria-label",
    text + " — " + page.nameOf(spell.slug) + ", " + wizardName(wizard, index),
  );
  button.setAttribute("aria-expanded", String(open));
  button.addEventListener("click", () => {
    Object.assign(page, {
      open: null,
      duelFrom: null,
      duel: null,
      lastDuel: null,
      studyFrom: null,
      study: null,
      lastStudy: null,
    });
    page[kind] = open ? null : { index, slug: spell.slug };
    page.render();
    if (!open) page.root.querySelector(focus)?.focus();
  });
  return button;
}

/** The « Lancer » button of ``spell`` for the wizard at ``index`` (none if it cannot be cast). */
export function castButton(page, index, wizard, spell) {
  if (!castable(spell.learning)) return null;
  return panelButton(page, {
    index,
    wizard,
    spell,
    kind: "open",
    verb: "Lancer",
    close: "Fermer",
    focus: ".gr-party__panel .gr-cast__face",
  });
}

/** Focus on a panel's new result, the actions beside it (level, « Annuler ») brought on screen. */
export function showResult(page, selector = ".gr-party__panel") {
  const panel = page.root.querySelector(selector);
  panel?.querySelector(".gr-cast__result")?.focus({ preventScroll: true });
  const last = panel?.querySelector(".gr-cast__next") || panel?.querySelector(".gr-cast__result");
  last?.scrollIntoView({ block: "nearest", behavior: "instant" });
}

/* Casts with ``face`` for the open wizard and spell; the result is kept for the panel. */
function cast(page, face, drawn) {
  const { index, slug } = page.open;
  const modifier = parseModifier(page.modifier);
  if (modifier === null) {
    page.root.querySelector(".gr-party__panel input")?.focus();
    return;
  }
  let done = null;
  const ok = page.update((party) => {
    done = castSpell(party[index], slug, { face, modifier, now: now() });
    return party;
  });
  if (!ok) return;
  page.last = {
    index,
    slug,
    id: done.id,
    text: (drawn ? "Dé lancé : " : "") + describe(done, (s) => page.nameOf(s)),
  };
  page.render();
  showResult(page);
}

/** Beside a cast's or a duel's result: the level the spell's XP now reaches, the MJ's choice
    (``who``: the wizard's name, when the panel is about two). */
export function levelButton(page, index, spell, who = null) {
  const difficulty = page.known[spell.slug]?.difficulty;
  const offer = difficulty === undefined ? null : levelUpOffer(spell, difficulty);
  if (!offer) return null;
  const up = el(
    "button",
    "md-button md-button--primary",
    "Passer à l’apprentissage " +
      offer.to +
      (who ? " (" + who + ", " + page.nameOf(spell.slug) + ")" : ""),
  );
  up.type = "button";
  up.addEventListener("click", () => {
    let done = null;
    const ok = page.update((party) => {
      done = levelUp(party[index], spell.slug, difficulty, now());
      return party;
    });
    if (!ok) return;
    const text = describe(done, (s) => page.nameOf(s)) + ".";
    if (who === null) {
      // Said in the cast's panel, where the MJ looks, with its « Annuler ».
      page.last = { index, slug: spell.slug, id: done.id, text, level: true };
      page.render();
      showResult(page);
    } else if (page.lastDuel) {
      page.lastDuel.text += " " + who + " : " + text;
      page.render();
    }
  });
  const why = el("span", "gr-book__help", "coûte " + offer.cost + " XP sur " + spell.xp);
  const box = el("div", "gr-cast__actions");
  box.append(up, why);
  return box;
}

/* The cast's modifier (kept from one panel to the next, as the MJ typed it), refused with its
   reason; ``show(modifier)`` redraws the odds for a readable one. */
function modifierField(page, id, show) {
  const input = el("input");
  Object.assign(input, {
    type: "text",
    inputMode: "numeric",
    value: page.modifier,
    autocomplete: "off",
  });
  const error = el("span", "gr-book__field-error");
  error.setAttribute("role", "alert");
  const row = field(id + "-mod", "Modificateur", input);
  row.appendChild(error);
  const read = () => {
    page.modifier = input.value;
    const value = parseModifier(input.value);
    error.textContent =
      value === null
        ? "Modificateur : attendu " +
          MODIFIER_RANGE +
          ", reçu « " +
          input.value.slice(0, 20) +
          " »."
        : "";
    input.toggleAttribute("aria-invalid", value === null);
    if (value !== null) show(value);
  };
  input.addEventListener("input", read);
  read();
  return row;
}

/** The cast panel of the open spell, under its line (``wizard`` at ``index``). */
export function castPanel(page, index, wizard, spell, party) {
  const panel = el("section", "gr-cast gr-party__panel");
  const id = "gr-party-cast-" + index + "-" + spell.slug;
  const title = el(
    "h3",
    "gr-cast__title",
    "Lancer « " + page.nameOf(spell.slug) + " » pour " + wizardName(wizard, index),
  );
  title.id = id + "-title";
  panel.setAttribute("aria-labelledby", title.id);
  const line = el("p", "gr-cast__odds");
  const modifierRow = modifierField(page, id, (modifier) => {
    const odds = castOdds({
      magic: wizard.magic,
      learning: spell.learning,
      modifier,
      reading: wizard.reading,
    });
    line.textContent = "Chances : " + castLine(odds);
  });
  const { label, pad } = diePad(id + "-pad", "Face du dé du MJ :", (face) =>
    cast(page, face, false),
  );
  const roll = el("button", "md-button md-button--primary", "Lancer le dé");
  roll.type = "button";
  roll.addEventListener("click", () => cast(page, drawFace(), true));
  const actions = el("div", "gr-cast__actions");
  actions.appendChild(roll);
  const result = el("p", "gr-cast__result");
  result.setAttribute("role", "status");
  result.tabIndex = -1;
  panel.append(title, modifierRow, line, label, pad, actions, result);
  const last = page.last;
  if (last && last.index === index && last.slug === spell.slug) {
    result.textContent = last.text;
    const up = levelButton(page, index, spell);
    const label = last.level ? "Annuler ce niveau" : "Annuler ce lancer";
    const back = undoHere(page, party, last.id, label, (said) => {
      page.last = { index, slug: spell.slug, id: null, text: said };
      page.render();
      showResult(page);
    });
    const next = el("div", "gr-cast__actions gr-cast__next");
    next.append(...[up, back].filter(Boolean));
    if (next.childElementCount) panel.appendChild(next);
  }
  return panel;
}

/** Draws the table's journal (newest first) and its « Annuler ». */
export function renderJournal(page, party) {
  const entries = tableJournal(party);
  page.q("journal-list").replaceChildren(
    ...entries.slice(0, SHOWN).map(({ entry, index }) => {
      const item = el("li");
      item.append(
        el("span", "gr-party__who", wizardName(party[index], index) + " — "),
        describe(entry, (s) => page.nameOf(s)),
      );
      return item;
    }),
  );
  page.q("journal-empty").hidden = entries.length > 0;
  page.q("undo").disabled = entries.length === 0;
  const since = new Date(Date.now() - EVENING_HOURS * 3600 * 1000).toISOString();
  page.q("summary").textContent = partyEvening(party, since, (s) => page.nameOf(s));
}

/** The party's evening as text for the MJ: each wizard who played since ``since``, in the
    table's order (grimoire-journal.js's evening and its words). */
export function partyEvening(party, since, nameOf) {
  const texts = party
    .map((wizard, index) => ({ wizard, index }))
    .filter(({ wizard }) => (wizard.journal || []).some((entry) => entry.t >= since))
    .map(({ wizard, index }) =>
      eveningText(evening(wizard, since), nameOf, wizardName(wizard, index)),
    );
  return texts.length ? texts.join("\n\n") : "Rien encore ce soir.";
}

/** « Annuler la dernière entrée » of the table's journal, and « Copier le résumé ». */
export function bindUndo(page) {
  page.q("summary-copy").addEventListener("click", () => {
    copyAndSay(
      page.q("summary").textContent,
      page.q("summary-status"),
      "Résumé copié.",
      "le résumé",
    );
  });
  page.q("undo").addEventListener("click", () => {
    const said = undoNewest(page);
    if (said) page.say(said, "info");
  });
}

/** Takes back the table's newest entry (both sides of a duel); returns what it says, or null
    when nothing was undone (the page said why). */
export function undoNewest(page) {
  let undone = null;
  const ok = page.update((party) => {
    undone = undoLast(party);
    return party;
  });
  if (!ok) return null;
  page.last = null;
  page.lastDuel = null;
  const party = page.read().party;
  const sides = [undone, ...(undone.partner ? [undone.partner] : [])].sort(
    (x, y) => x.index - y.index,
  );
  const who = sides.map((u) => wizardName(party[u.index] || {}, u.index)).join(" et ");
  const what = undone.partner
    ? "duel " + sides.map((u) => "« " + page.nameOf(u.entry.sort) + " »").join(" contre ")
    : describe(undone.entry, (s) => page.nameOf(s));
  return "Annulé (" + who + ") : " + what + ".";
}

/** « Annuler ce lancer » (``label``) beside a result, while ``id`` (or one of the ids, both
    sides of a duel) is the table's newest entry:
    the result then says what was undone, where the MJ looks. */
export function undoHere(page, party, id, label, after) {
  const ids = [id].flat().filter(Boolean);
  if (!ids.includes(tableJournal(party)[0]?.entry.id)) return null;
  const button = el("button", "md-button", label);
  button.type = "button";
  button.addEventListener("click", () => {
    const said = undoNewest(page);
    if (said) after(said);
  });
  return button;
}
