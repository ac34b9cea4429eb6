/* Grimoire — the progression figures of a spell of /grimoire/ (XP to the next level, expected
 * casts), asked to the rules engine through the page's single worker (calculatorsApi.request of
 * widgets' calculators.js, widgets/bridge.py « progression »). A spell whose XP reached the cost,
 * or still before its first apprentissage, needs no engine: the page says what to do instead. */
import { megabytes } from "./common.js";
import { castable, levelCost } from "./grimoire-table.js";

const DASH = "\u2014";

/* The page's calculators module (the same address as the page's script: the same instance)
   and the engine's configuration: {calculators, engine}, or null. */
let calculatorsFound = null;
function pageCalculators() {
  if (!calculatorsFound) {
    calculatorsFound = Promise.all([
      import("../widgets/calculators.js"),
      import("../widgets/engine-config.js").catch(() => ({})),
    ]).then(
      ([calculators, engine]) => ({
        calculators: calculators.calculatorsApi,
        engine: engine.default || null,
      }),
      () => null,
    );
  }
  return calculatorsFound;
}

/** The engine's answer to ``request`` through the page's calculators (null: no engine). */
export function askEngine(request) {
  return pageCalculators().then((found) => {
    const calculators = found?.calculators;
    if (!calculators || typeof calculators.request !== "function") return null;
    return calculators.request(request).catch(() => null);
  });
}

function engineStatus(page, text) {
  const status = page.q("engine");
  if (status.textContent !== text) status.textContent = text;
}

function show(page, view, response) {
  const { slots } = view;
  if (!response) {
    engineStatus(
      page,
      "Le moteur de calcul n’a pas pu être chargé : les figures de progression " +
        "sont indisponibles (le reste du grimoire fonctionne).",
    );
    slots.next.textContent = DASH;
    slots.casts.textContent = DASH;
    return;
  }
  engineStatus(page, "");
  if (!response.ok) {
    view.error.textContent =
      "Le moteur de règles refuse ces valeurs : " +
      (response.errors || []).map((e) => e.message).join(" ; ") +
      ".";
    slots.next.textContent = DASH;
    slots.casts.textContent = DASH;
    return;
  }
  view.error.textContent = "";
  if (response.max_level) {
    slots.next.textContent = "apprentissage maximal atteint";
    slots.casts.textContent = DASH;
  } else {
    slots.next.textContent =
      response.xp_needed +
      " XP sur " +
      response.cost +
      " (apprentissage " +
      response.next_level +
      ")";
    slots.casts.textContent = response.expected_casts ? response.expected_casts.decimal : DASH;
  }
}

/** Fills the figures of one spell of ``book`` (``view``: {slots, error, seq, spell}). */
export function computeEntry(page, entry, book, view) {
  if (!view?.spell) return;
  const cost = levelCost(entry.learning, view.spell.difficulty);
  if (!castable(entry.learning) || (cost !== null && entry.xp >= cost)) {
    view.seq = ++page.seq; // answers still on their way are for an older state
    view.slots.next.textContent = castable(entry.learning)
      ? "atteint : " +
        entry.xp +
        " XP sur " +
        cost +
        " (apprentissage " +
        (entry.learning + 1) +
        ")"
      : "le passage à l’apprentissage " + (entry.learning + 1) + " demande un jeu de rôle";
    view.slots.casts.textContent = DASH;
    return;
  }
  pageCalculators().then((found) => {
    const calculators = found?.calculators;
    if (!calculators || typeof calculators.request !== "function") {
      engineStatus(
        page,
        "Les calculs de progression ne sont pas disponibles : le moteur de " +
          "calcul n’est pas chargé sur cette page.",
      );
      return;
    }
    const seq = ++page.seq;
    view.seq = seq;
    view.slots.next.textContent = "calcul\u2026";
    view.slots.casts.textContent = "calcul\u2026";
    const state = typeof calculators.engineState === "function" ? calculators.engineState() : "";
    if (state === "idle" || state === "loading") {
      const size = found.engine?.downloadBytes
        ? " (" + megabytes(found.engine.downloadBytes) + ")"
        : "";
      engineStatus(page, "Chargement du moteur de calcul" + size + "\u2026");
    }
    calculators
      .request({
        calc: "progression",
        magic: String(book.magic),
        learning: String(entry.learning),
        difficulty: String(view.spell.difficulty),
        xp: String(entry.xp),
      })
      .then(
        (response) => {
          if (view.seq === seq) show(page, view, response); // else a newer request was sent
        },
        () => {
          if (view.seq === seq) show(page, view, null);
        },
      );
  });
}
