/* Grimoire — « Duel » on a spell of /grimoire/: the opponent typed (magie, apprentissage,
 * element), the odds before the roll (the engine's duel calculator, through the page's
 * calculators), then the faces of the two casts and, when both are cast, of the two duel tests
 * on pads of the die's faces; the result and each cast's outcome come from the rules' data
 * (grimoire-table.js); my cast's XP is credited through the journal as one entry, the opponent's
 * is shown for their own book. */
import { el } from "./common.js";
import { DUEL_WORDS, describe, duelSpell } from "./grimoire-journal.js";
import { BOOK_LEARNING, CONFIG, parseCount } from "./grimoire-model.js";
import { DUEL_ELEMENTS, FACES, LABELS, castable, duelPair, duelPlay, xpOf } from "./grimoire-table.js";

const now = () => new Date().toISOString();
const signed = (n) => (n > 0 ? "+" + n : n < 0 ? "\u2212" + -n : "0");

function field(id, text, control) {
  const label = el("label", null, text);
  label.htmlFor = id;
  control.id = id;
  const row = el("div", "gr-cast__mod");
  row.append(label, control);
  return row;
}

function select(values, labelOf, value) {
  const node = el("select");
  for (const v of values) {
    const option = el("option", null, labelOf(v));
    option.value = String(v);
    node.appendChild(option);
  }
  node.value = String(value);
  return node;
}

function plan(page, entry, element, panel) {
  const id = "gr-duel-" + entry.slug;
  const saved = page.duelOpponent || {};
  const magic = el("input");
  Object.assign(magic, { type: "text", inputMode: "numeric", autocomplete: "off",
                         value: saved.magic === undefined ? String(page.current().magic) : String(saved.magic) });
  magic.setAttribute("pattern", "[0-9]*");
  const magicRow = field(id + "-magic", "Magie adverse", magic);
  const magicError = el("span", "gr-book__field-error");
  magicError.setAttribute("role", "alert");
  magicRow.appendChild(magicError);
  const levels = [];
  for (let l = BOOK_LEARNING.min; l <= BOOK_LEARNING.max; l++) if (castable(l)) levels.push(l);
  const learning = select(levels, String, saved.learning || levels[0]);
  const elementSelect = select(DUEL_ELEMENTS, (e) => CONFIG.elements[e] || e, saved.element || DUEL_ELEMENTS[0]);
  const odds = el("p", "gr-cast__odds");
  odds.setAttribute("data-duel-odds", "");
  odds.setAttribute("role", "status");
  const opponent = () => {
    const value = parseCount(magic.value.trim());
    magicError.textContent = value === null ? "Magie : attendu un entier positif ou nul, reçu « " +
      magic.value.slice(0, 20) + " »." : "";
    magic.toggleAttribute("aria-invalid", value === null);
    return value === null ? null
      : { magic: value, learning: Number(learning.value), element: elementSelect.value };
  };
  const ask = () => {
    const them = opponent();
    if (!them) {
      odds.textContent = "";
      return;
    }
    page.duelOpponent = them;
    const book = page.current();
    const { dominant, modifiers } = duelPair(element, them.element);
    const who = dominant === "a" ? "Votre sort domine" : dominant === "b" ? "Le sort adverse domine" : "Aucun sort ne domine";
    const head = who + " (tests de duel : vous " + signed(modifiers[0]) + ", adversaire " + signed(modifiers[1]) + ")";
    odds.textContent = head + " ; calcul des chances\u2026";
    page.askEngine({ calc: "duel", a_magic: String(book.magic), a_learning: String(entry.learning), a_element: element,
                     b_magic: String(them.magic), b_learning: String(them.learning), b_element: them.element,
                     extremes: book.reading }).then((answer) => {
      if (!odds.isConnected) return;
      if (!answer) odds.textContent = head + " (chances indisponibles : moteur de calcul non chargé).";
      else if (!answer.ok) odds.textContent = (answer.errors || []).map((e) => e.message).join(" ; ") + ".";
      else {
        odds.textContent = head + ". " + answer.odds.map((o) => DUEL_WORDS[o.key].replace(/^./, (c) => c.toUpperCase()) +
          " " + (o.fraction ? o.fraction + " (" + o.percent + ")" : o.percent)).join(" · ");
      }
    });
  };
  for (const node of [magic, learning, elementSelect]) node.addEventListener("change", ask);
  const start = el("button", "md-button md-button--primary", "Commencer le duel");
  start.type = "button";
  start.setAttribute("data-duel-start", "");
  start.addEventListener("click", () => {
    const them = opponent();
    if (!them) {
      magic.focus();
      return;
    }
    page.duel = { slug: entry.slug, opponent: them, faces: [] };
    page.lastDuel = null;
    page.render();
    page.focusIn(entry.slug, ".gr-duel .gr-cast__face");
  });
  panel.append(el("p", null, "Votre sort : " + (CONFIG.elements[element] || element) + ", apprentissage " +
                  entry.learning + ", magie " + page.current().magic + "."),
               magicRow, field(id + "-learning", "Apprentissage adverse", learning),
               field(id + "-element", "Élément du sort adverse", elementSelect), odds, start);
  ask();
}

const STEPS = ["Face de votre lancer", "Face du lancer adverse", "Face de votre test de duel", "Face du test adverse"];

function play(page, entry, element, panel) {
  const duel = page.duel;
  const book = page.current();
  const me = { magic: book.magic, learning: entry.learning, element, reading: book.reading };
  const state = duelPlay(duel.faces, me, duel.opponent);
  const seen = el("ul", "gr-duel__faces");
  duel.faces.forEach((face, i) => {
    const outcome = i === 0 ? state.mine : i === 1 ? state.theirs : state.tests[i - 2];
    seen.appendChild(el("li", null, STEPS[i] + " : " + face + ", " + LABELS[outcome] +
                        (i < 2 ? " (+" + xpOf(outcome) + " XP)" : "")));
  });
  if (duel.faces.length) panel.appendChild(seen);
  const step = duel.faces.length;
  const padLabel = el("p", "gr-cast__pad-label", STEPS[step] +
                      (step >= 2 ? " (modificateur " + signed(state.modifiers[step - 2]) + ")" : "") + " :");
  padLabel.id = "gr-duel-" + entry.slug + "-pad";
  padLabel.setAttribute("data-duel-step", String(step));
  const pad = el("div", "gr-cast__pad");
  pad.setAttribute("role", "group");
  pad.setAttribute("aria-labelledby", padLabel.id);
  for (const face of FACES) {
    const button = el("button", "gr-cast__face", String(face));
    button.type = "button";
    button.addEventListener("click", () => {
      const faces = duel.faces.concat([face]);
      if (duelPlay(faces, me, duel.opponent).result === null) {
        duel.faces = faces;
        page.render();
        page.focusIn(entry.slug, ".gr-duel .gr-cast__face");
        return;
      }
      let done = null;
      page.update((b) => {
        done = duelSpell(b, entry.slug, { element, opponent: duel.opponent, faces, now: now() });
      }, false);
      page.duel = null;
      if (done) page.lastDuel = { slug: entry.slug, entry: done };
      page.render();
      page.focusIn(entry.slug, "[data-duel-result]");
    });
    pad.appendChild(button);
  }
  const stop = el("button", "md-button", "Abandonner le duel (rien n’est compté)");
  stop.type = "button";
  stop.addEventListener("click", () => {
    page.duel = null;
    page.render();
  });
  const actions = el("div", "gr-cast__actions");
  actions.appendChild(stop);
  panel.append(padLabel, pad, actions);
}

/** The duel panel of an entry (``element``: its spell's), open while ``page.openDuel`` names it. */
export function duelPanel(page, entry, name, element) {
  const panel = el("section", "gr-cast gr-duel");
  panel.setAttribute("aria-labelledby", "gr-duel-" + entry.slug + "-title");
  const title = el("h3", "gr-cast__title", "Duel avec « " + name + " »");
  title.id = "gr-duel-" + entry.slug + "-title";
  panel.appendChild(title);
  if (page.duel && page.duel.slug === entry.slug) play(page, entry, element, panel);
  else plan(page, entry, element, panel);
  const result = el("p", "gr-cast__result");
  result.setAttribute("role", "status");
  result.setAttribute("data-duel-result", "");
  result.tabIndex = -1;
  const last = page.lastDuel && page.lastDuel.slug === entry.slug ? page.lastDuel.entry : null;
  if (last) {
    result.textContent = DUEL_WORDS[last.resultat].replace(/^./, (c) => c.toUpperCase()) + ". " +
      describe(last, () => name) + ".";
    result.setAttribute("data-duel-outcome", last.resultat);
  }
  panel.appendChild(result);
  return panel;
}
