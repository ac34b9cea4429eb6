/* Grimoire — « Duel » on a spell of /grimoire/: the opponent's spell taken from another
 * spellbook's share link pasted in (that book's magie, the chosen spell's apprentissage and
 * element, and that wizard's reading of the 1 and the 12 when the link says it) or typed (magie,
 * apprentissage, element); the odds before the roll (the engine's duel calculator, through the
 * page's calculators), then the faces of the two casts and, when both are cast, of the two duel
 * tests on pads of the die's faces; the result and each cast's outcome come from the rules' data
 * (grimoire-table.js); my cast's XP is credited through the journal as one entry, the opponent's
 * is shown for their own book. */
import { el } from "../shared/common.js";
import { diePad, field } from "./grimoire-controls.js";
import { DUEL_WORDS, duelSpell } from "./grimoire-journal.js";
import { readPastedLink } from "./grimoire-format.js";
import { BOOK_LEARNING, BookError, CONFIG, READINGS, parseCount } from "./grimoire-model.js";
import { DUEL_ELEMENTS, LABELS, castable, duelPair, duelPlay, xpOf } from "./grimoire-table.js";
import { signed } from "./grimoire-values.js";

const now = () => new Date().toISOString();

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

/* How the opponent's cast reads the die's extremes, in words: as ``mine`` (the book's reading)
   unless the opponent's link (``duelBook``) says otherwise. */
function readingText(duelBook, mine) {
  const words = READINGS[mine];
  if (!duelBook) return "Le lancer adverse se lit comme le vôtre (" + words + ").";
  if (!duelBook.reading) {
    return (
      "Son lien ne dit pas comment l’adversaire lit les extrêmes du dé : son lancer se lit " +
      "comme le vôtre (" +
      words +
      ")."
    );
  }
  return (
    "L’adversaire lit les extrêmes du dé comme son lien le dit : " +
    READINGS[duelBook.reading] +
    (duelBook.reading === mine ? ", comme vous." : " (vous : " + words + ").")
  );
}

/* Which of the two elements dominates, and the duel tests' modifiers, in words. */
function pairText(mine, theirs) {
  const { dominant, modifiers } = duelPair(mine, theirs);
  const who = { a: "Votre sort domine", b: "Le sort adverse domine" }[dominant];
  return (
    (who || "Aucun sort ne domine") +
    " (tests de duel : vous " +
    signed(modifiers[0]) +
    ", adversaire " +
    signed(modifiers[1]) +
    ")"
  );
}

/* The duel's odds as the engine answered them (null: no engine), after ``head``. */
function oddsText(head, answer) {
  if (!answer) return head + " (chances indisponibles : moteur de calcul non chargé).";
  if (!answer.ok) return (answer.errors || []).map((e) => e.message).join(" ; ") + ".";
  const outcome = (o) =>
    DUEL_WORDS[o.key].replace(/^./, (c) => c.toUpperCase()) +
    " " +
    (o.fraction ? o.fraction + " (" + o.percent + ")" : o.percent);
  return head + ". " + answer.odds.map(outcome).join(" · ");
}

function plan(page, entry, element, panel) {
  const id = "gr-duel-" + entry.slug;
  const saved = page.duelOpponent || {};
  const magic = el("input");
  Object.assign(magic, {
    type: "text",
    inputMode: "numeric",
    autocomplete: "off",
    value: saved.magic === undefined ? String(page.current().magic) : String(saved.magic),
  });
  magic.setAttribute("pattern", "[0-9]*");
  const magicRow = field(id + "-magic", "Magie adverse", magic);
  const magicError = el("span", "gr-book__field-error");
  magicError.setAttribute("role", "alert");
  magicRow.appendChild(magicError);
  const levels = [];
  for (let l = BOOK_LEARNING.min; l <= BOOK_LEARNING.max; l++) if (castable(l)) levels.push(l);
  const learning = select(levels, String, saved.learning || levels[0]);
  const elementSelect = select(
    DUEL_ELEMENTS,
    (e) => CONFIG.elements[e] || e,
    saved.element || DUEL_ELEMENTS[0],
  );
  const odds = el("p", "gr-cast__odds");
  odds.setAttribute("data-duel-odds", "");
  odds.setAttribute("role", "status");
  // Another spellbook's share link: its spells become the opponents offered.
  const link = el("input");
  Object.assign(link, {
    type: "text",
    autocomplete: "off",
    spellcheck: false,
    value: page.duelBook ? page.duelBook.text : "",
  });
  link.setAttribute("aria-describedby", id + "-link-help");
  const linkRow = field(id + "-link", "Lien du grimoire adverse (facultatif)", link);
  const linkHelp = el("span", "gr-book__help", "collez le lien de partage de l’autre joueur");
  linkHelp.id = id + "-link-help";
  const linkError = el("span", "gr-book__field-error");
  linkError.setAttribute("role", "alert");
  linkRow.append(linkHelp, linkError);
  link.className = "gr-cast__wide";
  // The opponent's spells as a list of choices: a long name wraps, never cut.
  const choiceRow = el("fieldset", "gr-duel__choice");
  const legend = el("legend", null, "Sort adverse");
  let chosenSlug = null;
  const reading = el("p", "gr-book__help");
  reading.setAttribute("data-duel-reading", "");
  const fromLink = () =>
    page.duelBook ? page.duelBook.spells.find((s) => s.slug === chosenSlug) || null : null;
  const showChoice = () => {
    const found = page.duelBook;
    choiceRow.hidden = !found;
    legend.textContent = found?.name ? "Sort de « " + found.name + " »" : "Sort adverse";
    choiceRow.replaceChildren(legend);
    if (found) {
      chosenSlug =
        saved.slug && found.spells.some((s) => s.slug === saved.slug)
          ? saved.slug
          : found.spells[0].slug;
      for (const s of found.spells) {
        const option = el("label", "gr-duel__option");
        const radio = el("input");
        Object.assign(radio, {
          type: "radio",
          name: id + "-choice",
          value: s.slug,
          checked: s.slug === chosenSlug,
        });
        radio.addEventListener("change", () => {
          chosenSlug = s.slug;
          applyChoice();
          ask();
        });
        option.append(
          radio,
          el("span", null, page.nameOf(s.slug) + " (apprentissage " + s.learning + ")"),
        );
        choiceRow.appendChild(option);
      }
    }
    for (const node of [magic, learning, elementSelect]) node.disabled = !!found;
  };
  const applyChoice = () => {
    const chosen = fromLink();
    if (!chosen) return;
    magic.value = String(page.duelBook.magic);
    learning.value = String(chosen.learning);
    elementSelect.value = page.known[chosen.slug].element;
  };
  const readLinkField = () => {
    const text = link.value.trim();
    linkError.textContent = "";
    link.removeAttribute("aria-invalid");
    page.duelBook = null;
    if (text) {
      try {
        const other = readPastedLink(text, page.known);
        // A spell the compendium no longer has has no element to duel with.
        const spells = other.spells.filter(
          (s) => castable(s.learning) && Object.hasOwn(page.known, s.slug),
        );
        if (!spells.length) throw new BookError(["ce grimoire n’a aucun sort qu’on puisse lancer"]);
        page.duelBook = {
          text,
          name: other.name,
          magic: other.magic,
          reading: other.readingGiven ? other.reading : null,
          spells,
        };
      } catch (error) {
        if (!(error instanceof BookError)) throw error;
        linkError.textContent = "Lien refusé : " + error.problems.slice(0, 3).join(" ; ") + ".";
        link.setAttribute("aria-invalid", "true");
      }
    }
    showChoice();
    applyChoice();
    ask();
  };
  link.addEventListener("change", readLinkField);
  link.addEventListener("paste", () => setTimeout(readLinkField, 0));
  const opponent = () => {
    const value = parseCount(magic.value.trim());
    magicError.textContent =
      value === null
        ? "Magie : attendu un entier positif ou nul, reçu « " + magic.value.slice(0, 20) + " »."
        : "";
    magic.toggleAttribute("aria-invalid", value === null);
    if (value === null) return null;
    const them = { magic: value, learning: Number(learning.value), element: elementSelect.value };
    const chosen = fromLink();
    if (chosen)
      Object.assign(them, { slug: chosen.slug, reading: page.duelBook.reading || undefined });
    return them;
  };
  const ask = () => {
    const them = opponent();
    const book = page.current();
    reading.textContent = readingText(page.duelBook, book.reading);
    if (!them) {
      odds.textContent = "";
      return;
    }
    page.duelOpponent = them;
    const head = pairText(element, them.element);
    if (them.reading && them.reading !== book.reading) {
      odds.textContent =
        head +
        " ; chances avant le lancer indisponibles : le calculateur de duel lit les deux " +
        "lancers de la même façon, et vos lectures des extrêmes du dé diffèrent.";
      return;
    }
    odds.textContent = head + " ; calcul des chances\u2026";
    page
      .askEngine({
        calc: "duel",
        a_magic: String(book.magic),
        a_learning: String(entry.learning),
        a_element: element,
        b_magic: String(them.magic),
        b_learning: String(them.learning),
        b_element: them.element,
        extremes: book.reading,
      })
      .then((answer) => {
        if (odds.isConnected) odds.textContent = oddsText(head, answer);
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
  panel.append(
    el(
      "p",
      null,
      "Votre sort : " +
        (CONFIG.elements[element] || element) +
        ", apprentissage " +
        entry.learning +
        ", magie " +
        page.current().magic +
        ".",
    ),
    linkRow,
    choiceRow,
    magicRow,
    field(id + "-learning", "Apprentissage adverse", learning),
    field(id + "-element", "Élément du sort adverse", elementSelect),
    reading,
    odds,
    start,
  );
  showChoice();
  applyChoice();
  ask();
}

const STEPS = [
  "Face de votre lancer",
  "Face du lancer adverse",
  "Face de votre test de duel",
  "Face du test adverse",
];

function play(page, entry, element, panel) {
  const duel = page.duel;
  const book = page.current();
  const me = { magic: book.magic, learning: entry.learning, element, reading: book.reading };
  const state = duelPlay(duel.faces, me, duel.opponent);
  const seen = el("ul", "gr-duel__faces");
  duel.faces.forEach((face, i) => {
    const outcome = i === 0 ? state.mine : i === 1 ? state.theirs : state.tests[i - 2];
    seen.appendChild(
      el(
        "li",
        null,
        STEPS[i] +
          " : " +
          face +
          ", " +
          LABELS[outcome] +
          (i < 2 ? " (+" + xpOf(outcome) + " XP)" : ""),
      ),
    );
  });
  if (duel.faces.length) panel.appendChild(seen);
  const step = duel.faces.length;
  const text =
    STEPS[step] +
    (step >= 2 ? " (modificateur " + signed(state.modifiers[step - 2]) + ")" : "") +
    " :";
  const { label: padLabel, pad } = diePad("gr-duel-" + entry.slug + "-pad", text, (face) => {
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
  padLabel.setAttribute("data-duel-step", String(step));
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
    result.textContent =
      DUEL_WORDS[last.resultat].replace(/^./, (c) => c.toUpperCase()) +
      ". " +
      page.describe(last) +
      ".";
    result.setAttribute("data-duel-outcome", last.resultat);
  }
  panel.appendChild(result);
  return panel;
}
