/* Grimoire — the progression figures of a spell of /grimoire/ (XP to the next level, expected
 * casts): the expected casts from the build's table of them (grimoire-casts.json, the engine's
 * own figures at every XP), the rest from the book's data. Only when that table cannot be had
 * are they asked through the rules' answers that every room shares (answers.request of
 * shared/answers.js, widgets/bridge « progression »), whose engine then starts. A spell whose XP
 * reached the cost, or still before its first apprentissage, needs neither: the page says what
 * to do instead. */
import { megabytes } from "../shared/common.js";
import { CONFIG } from "./grimoire-model.js";
import { castable, levelCost } from "./grimoire-table.js";

const DASH = "\u2014";
/* Longest wait for the expected casts of the build (grimoire-casts.json) before the figures are
   asked to the engine instead: the calculators' wait for their data (widgets/packaging.py). */
const CASTS_WAIT_MS = CONFIG.dataWaitMs;

/* The engine's expected casts to the next apprentissage, by the XP still to gain
   (widgets/grimoire/data.py, casts_data): fetched once, for the first spell shown; null when it
   cannot be had in CASTS_WAIT_MS (the engine answers then). */
let castsFetched = null;
function castsTable() {
  if (!castsFetched) {
    castsFetched = fetch(new URL("./grimoire-casts.json", import.meta.url), {
      signal: AbortSignal.timeout(CASTS_WAIT_MS),
    })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null);
  }
  return castsFetched;
}

/** The expected casts (French decimal) of a spell at ``learning``, ``left`` XP from the next
    level, for ``book``'s magic and reading, or null when ``table`` does not hold them. */
export function castsLeft(table, book, learning, left) {
  const rows = table?.index?.[book.reading]?.[String(learning)];
  if (!rows || !Number.isInteger(book.magic) || book.magic < 0) return null;
  const row = table.rows[rows[Math.min(book.magic, table.fold)]];
  return row?.[left - 1] ?? null;
}

/* The rules' answers shared by the page's rooms (one address: one instance, one engine) and
   the engine's configuration: {calculators, engine}, or null. */
let calculatorsFound = null;
function pageCalculators() {
  if (!calculatorsFound) {
    calculatorsFound = Promise.all([
      import("../shared/answers.js"),
      import("../shared/engine-config.js").catch(() => ({})),
    ]).then(
      ([calculators, engine]) => ({
        calculators: calculators.answers,
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
    page.engineFailed = true; // said until the page is reloaded
    engineStatus(
      page,
      "Le moteur de calcul n’a pas pu être chargé : les figures de progression " +
        "sont indisponibles (le reste du grimoire fonctionne).",
    );
    slots.next.textContent = DASH;
    slots.casts.textContent = DASH;
    return;
  }
  if (!page.engineFailed) engineStatus(page, "");
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

/* Says that the engine loads, with its download's size, once it starts (a spell the build's
   data answers starts nothing, and nothing is said). */
function watchEngine(page, found) {
  const calculators = found.calculators;
  if (page.engineWatched || typeof calculators.onState !== "function") return;
  page.engineWatched = true;
  const loading = () => {
    const size = found.engine?.downloadBytes
      ? " (" + megabytes(found.engine.downloadBytes) + ")"
      : "";
    engineStatus(page, "Chargement du moteur de calcul" + size + "\u2026");
  };
  if (typeof calculators.engineState === "function" && calculators.engineState() === "loading") {
    loading();
  }
  calculators.onState((state) => {
    if (state === "loading") loading();
  });
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
  const seq = ++page.seq;
  view.seq = seq;
  view.slots.next.textContent = "calcul\u2026";
  view.slots.casts.textContent = "calcul\u2026";
  castsTable().then((table) => {
    if (view.seq !== seq) return; // a newer state of this spell was asked meanwhile
    const left = cost === null ? null : cost - entry.xp;
    const expected = left === null ? null : castsLeft(table, book, entry.learning, left);
    if (expected === null) {
      askCalculators(page, entry, book, view);
      return;
    }
    show(page, view, {
      ok: true,
      max_level: false,
      xp_needed: left,
      cost,
      next_level: entry.learning + 1,
      expected_casts: { decimal: expected },
    });
  });
}

/* The figures of one spell asked through the page's calculators: the build's data answers a
   spell at 0 XP, the engine (which then starts) any other. */
function askCalculators(page, entry, book, view) {
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
    watchEngine(page, found);
    calculators
      .request({
        calc: "progression",
        magic: String(book.magic),
        learning: String(entry.learning),
        difficulty: String(view.spell.difficulty),
        xp: String(entry.xp),
        // The reader's reading of the 1 and the 12, and the number of casts of the progressions
        // the build's data holds (the figures shown do not depend on it): a spell at 0 XP is
        // answered from that data, without the engine.
        extremes: book.reading,
        n: String(CONFIG.progression.casts),
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
