/* Grimoire — « Duel » at « La table »: the MJ settles a duel between two wizards of the party.
 * From one wizard's spell, the opponent is picked among the others' spells; the odds before the
 * roll come from the calculators (the duel's build data, the engine only past it) when both
 * wizards read the 1 and the 12 alike; then the faces of both casts and, when both are cast, of
 * both duel tests, on the die's pad or drawn here. The result, each cast's outcome and its XP come
 * from the rules' data (grimoire-table.js): one entry in each wizard's journal, written at the
 * same instant (« Annuler » takes both back, table-party.js). Each wizard keeps their reading.
 * The DOM is built with textContent only.
 */
import { el } from "../shared/common.js";
import { diePad } from "./grimoire-controls.js";
import { duelSpell } from "./grimoire-journal.js";
import { CONFIG } from "./grimoire-model.js";
import { DUEL_ELEMENTS, LABELS, castable, drawFace, duelPlay } from "./grimoire-table.js";
import { signed } from "./grimoire-values.js";
import { levelButton, panelButton, showResult, undoHere } from "./table-cast.js";
import { capital, readingsText, resultWords, showOdds } from "./table-duel-odds.js";
import { mirrored, wizardName } from "./table-party.js";

/** The element ``slug`` duels with, from the compendium (null: not a spell it has). */
function elementOf(page, slug) {
  const element = page.known[slug]?.element;
  return DUEL_ELEMENTS.includes(element) ? element : null;
}

const duelable = (page, spell) => castable(spell.learning) && elementOf(page, spell.slug) !== null;

/** The spells the other wizards could answer with: [{index, spell}]. */
function opponents(page, party, index) {
  return party.flatMap((wizard, i) =>
    i === index
      ? []
      : wizard.spells.filter((s) => duelable(page, s)).map((spell) => ({ index: i, spell })),
  );
}

/** A side of the duel: the wizard at ``index`` casting ``slug`` (as the party is now). */
function side(page, party, { index, slug }) {
  const wizard = party[index];
  const spell = wizard?.spells.find((s) => s.slug === slug);
  if (!spell || !duelable(page, spell)) return null;
  return {
    index,
    slug,
    name: wizardName(wizard, index),
    magic: wizard.magic,
    learning: spell.learning,
    element: elementOf(page, slug),
    reading: wizard.reading,
  };
}

/** The opponent as duelPlay and duelSpell read it, from the other side. */
const opponentOf = (s) => ({
  magic: s.magic,
  learning: s.learning,
  element: s.element,
  reading: s.reading,
  slug: s.slug,
});

/** The « Duel » button of ``spell`` for the wizard at ``index`` (none without an opponent). */
export function duelButton(page, party, index, wizard, spell) {
  if (!duelable(page, spell) || !opponents(page, party, index).length) return null;
  return panelButton(page, {
    index,
    wizard,
    spell,
    kind: "duelFrom",
    verb: "Duel",
    close: "Fermer le duel",
    focus: ".gr-party__duel input",
  });
}

/* Before the roll: the opponent picked, the odds, « Commencer le duel ». */
function plan(page, party, a, panel, id) {
  const choices = opponents(page, party, a.index);
  const picked = choices.find(
    (c) => c.index === page.duelPick?.index && c.spell.slug === page.duelPick.slug,
  );
  const chosen = picked || choices[0];
  page.duelPick = { index: chosen.index, slug: chosen.spell.slug };
  const group = el("fieldset", "gr-duel__choice");
  group.appendChild(el("legend", null, "Adversaire"));
  for (const choice of choices) {
    const option = el("label", "gr-duel__option");
    const radio = el("input");
    Object.assign(radio, {
      type: "radio",
      name: id + "-choice",
      value: choice.index + ":" + choice.spell.slug,
      checked: choice === chosen,
    });
    radio.addEventListener("change", () => {
      page.duelPick = { index: choice.index, slug: choice.spell.slug };
      page.render();
      page.root.querySelector(".gr-party__duel input:checked")?.focus();
    });
    option.append(
      radio,
      el(
        "span",
        null,
        wizardName(party[choice.index], choice.index) +
          " — " +
          page.nameOf(choice.spell.slug) +
          " (apprentissage " +
          choice.spell.learning +
          ", magie " +
          party[choice.index].magic +
          ")",
      ),
    );
    group.appendChild(option);
  }
  const b = side(page, party, page.duelPick);
  const odds = el("p", "gr-cast__odds");
  odds.setAttribute("role", "status");
  odds.setAttribute("data-table-duel-odds", "");
  const start = el("button", "md-button md-button--primary", "Commencer le duel");
  start.type = "button";
  start.addEventListener("click", () => {
    page.duel = { a: { index: a.index, slug: a.slug }, b: { ...page.duelPick }, faces: [] };
    page.lastDuel = null;
    page.render();
    page.root.querySelector(".gr-party__duel .gr-cast__face")?.focus();
  });
  panel.append(
    el(
      "p",
      null,
      a.name +
        " : « " +
        page.nameOf(a.slug) +
        " », " +
        (CONFIG.elements[a.element] || a.element) +
        ", apprentissage " +
        a.learning +
        ", magie " +
        a.magic +
        ".",
    ),
    group,
    el("p", "gr-book__help", readingsText(a, b)),
    odds,
    start,
  );
  showOdds(page, odds, a, b);
}

/* The duel's end: one entry in each wizard's journal, at the same instant. */
function settle(page, a, b, faces) {
  let done = null;
  const ok = page.update((party) => {
    const t = new Date().toISOString();
    const first = duelSpell(party[a.index], a.slug, {
      element: a.element,
      opponent: opponentOf(b),
      faces,
      now: t,
    });
    const second = duelSpell(party[b.index], b.slug, {
      element: b.element,
      opponent: opponentOf(a),
      faces: mirrored(faces),
      now: t,
    });
    done = { first, second };
    return party;
  });
  page.duel = null;
  if (!ok) return;
  const { first, second } = done;
  page.lastDuel = {
    index: a.index,
    slug: a.slug,
    sides: [
      { index: a.index, slug: a.slug },
      { index: b.index, slug: b.slug },
    ],
    result: first.resultat,
    ids: [first.id, second.id],
    text:
      capital(resultWords(page, first.resultat, a, b)) +
      ". " +
      [
        [a, first],
        [b, second],
      ]
        .map(([s, e]) => s.name + " : " + LABELS[e.issue] + ", +" + e.gain + " XP")
        .join(" ; ") +
      ".",
  };
  page.render();
  showResult(page, ".gr-party__duel");
}

/* The roll: the faces seen, the pad of the next one, « Lancer le dé », « Abandonner ». */
function play(page, a, b, panel, id) {
  const duel = page.duel;
  const state = duelPlay(duel.faces, a, opponentOf(b));
  const steps = [
    "Lancer de « " + page.nameOf(a.slug) + " » (" + a.name + ")",
    "Lancer de « " + page.nameOf(b.slug) + " » (" + b.name + ")",
    "Test de duel (" + a.name + ")",
    "Test de duel (" + b.name + ")",
  ];
  const seen = el("ul", "gr-duel__faces");
  duel.faces.forEach((face, i) => {
    const outcome = i === 0 ? state.mine : i === 1 ? state.theirs : state.tests[i - 2];
    seen.appendChild(el("li", null, steps[i] + " : " + face + ", " + LABELS[outcome]));
  });
  if (duel.faces.length) panel.appendChild(seen);
  const step = duel.faces.length;
  const onFace = (face) => {
    const faces = duel.faces.concat([face]);
    if (duelPlay(faces, a, opponentOf(b)).result !== null) {
      settle(page, a, b, faces);
      return;
    }
    duel.faces = faces;
    page.render();
    page.root.querySelector(".gr-party__duel .gr-cast__face")?.focus();
  };
  const text =
    "Face — " +
    steps[step] +
    (step >= 2 ? " (modificateur " + signed(state.modifiers[step - 2]) + ")" : "") +
    " :";
  const { label, pad } = diePad(id + "-pad", text, onFace);
  label.setAttribute("data-table-duel-step", String(step));
  const roll = el("button", "md-button md-button--primary", "Lancer le dé");
  roll.type = "button";
  roll.addEventListener("click", () => onFace(drawFace()));
  const stop = el("button", "md-button", "Abandonner le duel (rien n’est compté)");
  stop.type = "button";
  stop.addEventListener("click", () => {
    page.duel = null;
    page.render();
  });
  const actions = el("div", "gr-cast__actions");
  actions.append(roll, stop);
  panel.append(label, pad, actions);
}

/* Beside a duel's result: each side's level its XP reaches, and « Annuler ce duel ». */
function nextActions(page, party, last) {
  const next = el("div", "gr-cast__actions gr-cast__next");
  for (const s of last.sides) {
    const wizard = party[s.index];
    const known = wizard?.spells.find((x) => x.slug === s.slug);
    const up = known ? levelButton(page, s.index, known, wizardName(wizard, s.index)) : null;
    if (up) next.appendChild(up);
  }
  const back = undoHere(page, party, last.ids, "Annuler ce duel", (said) => {
    page.lastDuel = { ...last, ids: [], result: null, text: said };
    page.render();
    showResult(page, ".gr-party__duel");
  });
  if (back) next.appendChild(back);
  return next.childElementCount ? next : null;
}

/** The duel panel of the spell the wizard at ``index`` duels with, under its line. */
export function duelPanel(page, party, index, spell) {
  const a = side(page, party, { index, slug: spell.slug });
  const panel = el("section", "gr-cast gr-party__duel");
  const id = "gr-party-duel-" + index + "-" + spell.slug;
  const title = el(
    "h3",
    "gr-cast__title",
    "Duel — " + a.name + " : « " + page.nameOf(spell.slug) + " »",
  );
  title.id = id + "-title";
  panel.setAttribute("aria-labelledby", title.id);
  panel.appendChild(title);
  const duel = page.duel;
  const b =
    duel && duel.a.index === index && duel.a.slug === spell.slug ? side(page, party, duel.b) : null;
  if (b) play(page, a, b, panel, id);
  else {
    page.duel = null;
    plan(page, party, a, panel, id);
  }
  const result = el("p", "gr-cast__result");
  result.setAttribute("role", "status");
  result.tabIndex = -1;
  panel.appendChild(result);
  const last = page.lastDuel;
  if (last && last.index === index && last.slug === spell.slug) {
    result.textContent = last.text;
    if (last.result) result.setAttribute("data-table-duel-result", last.result);
    const next = nextActions(page, party, last);
    if (next) panel.appendChild(next);
  }
  return panel;
}
