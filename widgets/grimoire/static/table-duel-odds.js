/* Grimoire — what « Duel » at « La table » says before the roll: which spell dominates, the
 * duel tests' modifiers, and the exact odds of each result from the calculators (the duel's build
 * data, the engine only past it; their module loaded at the first duel), each result named for
 * the table; and how each side reads the 1 and the 12. A pair's answer, once had, is shown at once.
 */
import { DUEL_WORDS } from "./grimoire-journal.js";
import { READINGS } from "./grimoire-model.js";
import { duelPair } from "./grimoire-table.js";
import { signed } from "./grimoire-values.js";

export const capital = (text) => text.replace(/^./, (c) => c.toUpperCase());

/** A duel's result in words, named for the table: whose spell takes effect. */
export function resultWords(page, result, a, b) {
  if (result === "a") return "« " + page.nameOf(a.slug) + " » (" + a.name + ") prend effet";
  if (result === "b") return "« " + page.nameOf(b.slug) + " » (" + b.name + ") prend effet";
  return DUEL_WORDS[result];
}

/* The odds before the roll, from the calculators (their module loaded at the first duel). */
export function showOdds(page, odds, a, b) {
  const { dominant, modifiers } = duelPair(a.element, b.element);
  const head =
    (dominant === "a"
      ? "« " + page.nameOf(a.slug) + " » domine"
      : dominant === "b"
        ? "« " + page.nameOf(b.slug) + " » domine"
        : "Aucun sort ne domine") +
    " (tests de duel : " +
    a.name +
    " " +
    signed(modifiers[0]) +
    ", " +
    b.name +
    " " +
    signed(modifiers[1]) +
    ")";
  if (a.reading !== b.reading) {
    odds.textContent =
      head +
      " ; chances avant le lancer indisponibles : le calculateur de duel lit les deux lancers " +
      "de la même façon, et ces magiciens lisent les extrêmes du dé différemment.";
    return;
  }
  const request = {
    calc: "duel",
    a_magic: String(a.magic),
    a_learning: String(a.learning),
    a_element: a.element,
    b_magic: String(b.magic),
    b_learning: String(b.learning),
    b_element: b.element,
    extremes: a.reading,
  };
  // An answer already had is shown at once: a redrawn panel keeps its height.
  const key = JSON.stringify([request, a.name, b.name]);
  page.duelOdds ??= new Map();
  if (page.duelOdds.has(key)) {
    odds.textContent = page.duelOdds.get(key);
    return;
  }
  odds.textContent = head + " ; calcul des chances\u2026";
  import("./grimoire-figures.js")
    .then(({ askEngine }) => askEngine(request))
    .catch(() => null)
    .then((answer) => {
      if (answer?.ok) page.duelOdds.set(key, oddsText(page, answer, head, a, b));
      if (!odds.isConnected) return;
      if (!answer) odds.textContent = head + " (chances indisponibles : calculateur non chargé).";
      else if (!answer.ok)
        odds.textContent = (answer.errors || []).map((e) => e.message).join(" ; ") + ".";
      else odds.textContent = page.duelOdds.get(key);
    });
}

/* The calculators' answer in words, each result named for the table. */
function oddsText(page, answer, head, a, b) {
  return (
    head +
    ". " +
    answer.odds
      .map(
        (o) =>
          capital(resultWords(page, o.key, a, b)) +
          " " +
          (o.fraction ? o.fraction + " (" + o.percent + ")" : o.percent),
      )
      .join(" · ")
  );
}

/** How each side reads the 1 and the 12. */
export function readingsText(a, b) {
  return a.reading === b.reading
    ? "Les deux lancers se lisent de même : " + READINGS[a.reading] + "."
    : a.name +
        " : " +
        READINGS[a.reading] +
        " ; " +
        b.name +
        " : " +
        READINGS[b.reading] +
        ". Chacun garde sa lecture des extrêmes du dé.";
}
