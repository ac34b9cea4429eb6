/* Grimoire — « Mon grimoire »'s journal: every change of a spell (a cast, a level-up, an edit, an
 * addition, a removal) is one entry {t, type, sort, avant, apres, …}; « Annuler » takes back the
 * last one, then the one before. Changes apply to the spellbook as stored when they are made
 * (grimoire-page.js reads it afresh), so two tabs add their casts to the same journal.
 *
 * The outcome of a face and its XP, the level costs: grimoire-table.js (rules' data).
 */
import { newEntryId } from "./grimoire-entries.js";
import {
  BookError,
  MAX_JOURNAL,
  MAX_UNDONE,
  find,
  sameState as same,
  stateOf as state,
} from "./grimoire-model.js";
import {
  FACES,
  LABELS,
  OUTCOMES,
  castOdds,
  castable,
  duelPlay,
  levelCost,
  outcomeOf,
  studyXp,
  xpOf,
} from "./grimoire-table.js";

/** Adds ``entry`` to the journal under a new identifier (what merges two tabs' journals). */
function record(book, entry) {
  entry.id = newEntryId();
  book.journal.push(entry);
  if (book.journal.length > MAX_JOURNAL) book.journal.splice(0, book.journal.length - MAX_JOURNAL);
  return entry;
}

function spellOf(book, slug) {
  const spell = find(book, slug);
  if (!spell) throw new BookError(["ce sort n’est plus dans votre grimoire"]);
  return spell;
}

/** Casts ``slug`` with the die's ``face``: the outcome's XP is credited; returns the entry. */
export function castSpell(book, slug, { face, modifier = 0, now }) {
  const spell = spellOf(book, slug);
  if (!castable(spell.learning)) {
    throw new BookError([
      "apprentissage " + spell.learning + " : ce sort ne peut pas encore être lancé",
    ]);
  }
  const outcome = outcomeOf(face, {
    magic: book.magic,
    learning: spell.learning,
    modifier,
    reading: book.reading,
  });
  const gained = xpOf(outcome);
  const avant = state(spell);
  spell.xp += gained;
  return record(book, {
    t: now,
    type: "lancer",
    sort: slug,
    de: face,
    mod: modifier,
    magie: book.magic,
    lecture: book.reading,
    issue: outcome,
    gain: gained,
    avant,
    apres: state(spell),
  });
}

/** A duel of ``slug`` (of ``element``) against ``opponent`` {magic, learning, element, and from a
    share link: reading, slug}, played with ``faces`` (duelPlay): my cast's XP is credited, the
    opponent's is kept for their book. The entry holds what the journal's words, the evening and
    an exported file read back: every face, both wizards, both readings, both outcomes. */
export function duelSpell(book, slug, { element, opponent, faces, now }) {
  const spell = spellOf(book, slug);
  if (!castable(spell.learning)) {
    throw new BookError([
      "apprentissage " + spell.learning + " : ce sort ne peut pas encore être lancé",
    ]);
  }
  const play = duelPlay(
    faces,
    { magic: book.magic, learning: spell.learning, element, reading: book.reading },
    opponent,
  );
  if (play.result === null) throw new BookError(["le duel n’est pas fini : il manque des faces"]);
  const gained = xpOf(play.mine);
  const avant = state(spell);
  spell.xp += gained;
  return record(book, {
    t: now,
    type: "duel",
    sort: slug,
    des: faces.slice(0, 4),
    magie: book.magic,
    lecture: book.reading,
    element,
    adversaire: { magic: opponent.magic, learning: opponent.learning, element: opponent.element },
    lecture_adverse: opponent.reading || book.reading,
    sort_adverse: opponent.slug || null,
    issue: play.mine,
    issue_adverse: play.theirs,
    resultat: play.result,
    gain: gained,
    gain_adverse: xpOf(play.theirs),
    avant,
    apres: state(spell),
  });
}

/** Credits a study session of ``hours`` (``failedAt``: the hour of the failed test, or null). */
export function studySession(book, slug, hours, failedAt, now) {
  const spell = spellOf(book, slug);
  const gained = studyXp(hours, failedAt);
  const avant = state(spell);
  spell.xp += gained;
  return record(book, {
    t: now,
    type: "etude",
    sort: slug,
    heures: hours,
    echec: failedAt,
    gain: gained,
    avant,
    apres: state(spell),
  });
}

/** The level ``slug`` may pass to now (its XP reached the cost), or null. */
export function levelUpOffer(spell, difficulty) {
  const cost = levelCost(spell.learning, difficulty);
  return cost !== null && spell.xp >= cost ? { to: spell.learning + 1, cost } : null;
}

/** Passes ``slug`` to its next apprentissage: spends the cost, keeps the rest. */
export function levelUp(book, slug, difficulty, now) {
  const spell = spellOf(book, slug);
  const offer = levelUpOffer(spell, difficulty);
  if (!offer) throw new BookError(["l’XP de ce sort n’atteint pas le coût du niveau suivant"]);
  const avant = state(spell);
  spell.learning = offer.to;
  spell.xp -= offer.cost;
  return record(book, {
    t: now,
    type: "niveau",
    sort: slug,
    cout: offer.cost,
    avant,
    apres: state(spell),
  });
}

/** Sets a spell's apprentissage and XP by hand (an edit, or 0 → 1 after the role-play). */
export function setSpell(book, slug, learning, xp, now) {
  const spell = find(book, slug);
  const avant = state(spell);
  if (spell) Object.assign(spell, { learning, xp });
  else book.spells.push({ slug, learning, xp });
  const type = !spell
    ? "ajout"
    : learning === avant.apprentissage + 1 && xp === avant.xp
      ? "niveau"
      : "modif";
  return record(book, { t: now, type, sort: slug, avant, apres: { apprentissage: learning, xp } });
}

/** Takes ``slug`` out of the book. */
export function removeSpell(book, slug, now) {
  const spell = spellOf(book, slug);
  book.spells = book.spells.filter((s) => s.slug !== slug);
  return record(book, { t: now, type: "retrait", sort: slug, avant: state(spell), apres: null });
}

/** Takes back the last entry; returns it. A spell changed since (by hand) is never overwritten. */
export function undo(book) {
  const last = book.journal[book.journal.length - 1];
  if (!last) throw new BookError(["le journal est vide : rien à annuler"]);
  const spell = find(book, last.sort);
  if (!same(state(spell), last.apres)) {
    throw new BookError(["ce sort a changé depuis cette entrée du journal : rien n’a été annulé"]);
  }
  if (last.avant === null) book.spells = book.spells.filter((s) => s.slug !== last.sort);
  else if (!spell)
    book.spells.push({ slug: last.sort, learning: last.avant.apprentissage, xp: last.avant.xp });
  else Object.assign(spell, { learning: last.avant.apprentissage, xp: last.avant.xp });
  book.journal.pop();
  // Remembered, so that a tab that wrote this entry never puts it back (grimoire-merge.js).
  if (last.id) {
    book.undone = (book.undone || []).concat(last.id).slice(-MAX_UNDONE);
  }
  return last;
}

/** The result of a duel, from my side. */
export const DUEL_WORDS = {
  a: "mon sort prend effet",
  b: "le sort adverse prend effet",
  cancel: "les deux sorts s’annulent",
  none: "aucun sort n’est lancé",
};

/** The XP an entry credited, in words: « +3 XP (12 → 15 XP) ». */
export function gained(entry) {
  return "+" + entry.gain + " XP (" + entry.avant.xp + " → " + entry.apres.xp + " XP)";
}

/* A spell's state in an entry, in words. */
const stateWords = (s) => (s ? "apprentissage " + s.apprentissage + ", " + s.xp + " XP" : "absent");
const signed = (n) => (n > 0 ? "+" : "") + n;

/* What each type of entry did, in words (after « Vol : »). */
const ENTRY_WORDS = new Map([
  [
    "lancer",
    (entry) =>
      "face " +
      entry.de +
      (entry.mod ? " (modificateur " + signed(entry.mod) + ")" : "") +
      ", " +
      LABELS[entry.issue] +
      ", " +
      gained(entry),
  ],
  [
    "duel",
    (entry, nameOf) =>
      "duel, faces " +
      entry.des.join(", ") +
      ", " +
      LABELS[entry.issue] +
      ", " +
      DUEL_WORDS[entry.resultat] +
      ", " +
      gained(entry) +
      " ; adversaire" +
      (entry.sort_adverse ? " (" + nameOf(entry.sort_adverse) + ")" : "") +
      " : " +
      LABELS[entry.issue_adverse] +
      ", +" +
      entry.gain_adverse +
      " XP pour son grimoire",
  ],
  [
    "etude",
    (entry) =>
      "étude de " +
      entry.heures +
      " h, " +
      (entry.echec === null ? "séance réussie" : "test échoué à l’heure " + entry.echec) +
      ", " +
      gained(entry),
  ],
  [
    "niveau",
    (entry) =>
      "passe à l’apprentissage " +
      entry.apres.apprentissage +
      (entry.cout ? " (" + entry.cout + " XP dépensés, " + entry.apres.xp + " XP gardés)" : ""),
  ],
  ["ajout", (entry) => "ajouté (" + stateWords(entry.apres) + ")"],
  ["retrait", (entry) => "retiré (" + stateWords(entry.avant) + ")"],
]);
const editedWords = (entry) =>
  "modifié à la main (" + stateWords(entry.avant) + " → " + stateWords(entry.apres) + ")";

/** One entry in words: « Vol : face 7, Réussi, +3 XP (12 → 15 XP) ». */
export function describe(entry, nameOf) {
  const words = ENTRY_WORDS.get(entry.type) || editedWords;
  return nameOf(entry.sort) + " : " + words(entry, nameOf);
}

/* A count of faces over ``die`` faces, as a French decimal to one place: the sum stays a whole
   number of faces (exact) until it is written. */
const decimal = (faces, die) => (Math.round((faces * 10) / die) / 10).toFixed(1).replace(".", ",");

/* A cast of the journal counted: its outcome ``seen``, and each outcome's faces at that cast
   added to what was ``expected``. */
function countCast(entry, seen, expected) {
  seen.set(entry.issue, seen.get(entry.issue) + 1);
  const odds = castOdds({
    magic: entry.magie,
    learning: entry.avant.apprentissage,
    modifier: entry.mod || 0,
    reading: entry.lecture,
  });
  for (const row of odds) expected.set(row.outcome, expected.get(row.outcome) + row.faces.length);
}

/**
 * The evening: the journal's entries since ``since`` (an ISO time), as
 * {casts, xp: [[slug, XP]], outcomes: [{outcome, label, seen, expected}], levels: [[slug, level]],
 * duels: [{slug, opponent, result}]}. Expected: the sum, over the casts, of each outcome's odds at
 * that cast, counted exactly in faces of the die.
 */
export function evening(book, since) {
  const entries = book.journal.filter((e) => e.t >= since);
  const xp = new Map();
  const seen = new Map(OUTCOMES.map((o) => [o, 0]));
  const expected = new Map(OUTCOMES.map((o) => [o, 0]));
  const levels = new Map();
  const duels = [];
  let casts = 0;
  const credit = (entry) => xp.set(entry.sort, (xp.get(entry.sort) || 0) + entry.gain);
  for (const entry of entries) {
    if (entry.type === "lancer" || entry.type === "duel") {
      // A duel is one cast of my spell (its duel test is no cast): counted, and expected, as one.
      casts += 1;
      credit(entry);
      countCast(entry, seen, expected);
      if (entry.type === "duel") {
        duels.push({
          slug: entry.sort,
          opponent: entry.sort_adverse || null,
          result: entry.resultat,
        });
      }
    } else if (entry.type === "etude") {
      credit(entry);
    } else if (
      entry.type === "niveau" &&
      entry.apres &&
      entry.avant &&
      entry.apres.apprentissage > entry.avant.apprentissage
    ) {
      levels.set(entry.sort, entry.apres.apprentissage);
    }
  }
  return {
    casts,
    xp: [...xp],
    outcomes: OUTCOMES.map((o) => ({
      outcome: o,
      label: LABELS[o],
      seen: seen.get(o),
      expected: decimal(expected.get(o), FACES.length),
    })),
    levels: [...levels],
    duels,
  };
}

/** The evening as text for the MJ (``nameOf``: a slug's French name; ``wizard``: the book's name). */
export function eveningText(summary, nameOf, wizard = "") {
  const lines = [
    (wizard || "Mon grimoire") +
      " — la soirée : " +
      summary.casts +
      (summary.casts > 1 ? " lancers." : " lancer."),
  ];
  if (summary.xp.length) {
    lines.push(
      "XP gagnée : " + summary.xp.map(([slug, n]) => nameOf(slug) + " +" + n).join(" ; ") + ".",
    );
  }
  lines.push(
    "La chance ce soir (vues / attendues) : " +
      summary.outcomes.map((o) => o.label + " " + o.seen + " / " + o.expected).join(" ; ") +
      ".",
  );
  if (summary.duels?.length) {
    lines.push(
      "Duels : " +
        summary.duels
          .map(
            (d) =>
              nameOf(d.slug) +
              (d.opponent ? " contre " + nameOf(d.opponent) : "") +
              ", " +
              DUEL_WORDS[d.result],
          )
          .join(" ; ") +
        ".",
    );
  }
  if (summary.levels.length) {
    lines.push(
      "Niveaux gagnés : " +
        summary.levels.map(([slug, n]) => nameOf(slug) + " → apprentissage " + n).join(" ; ") +
        ".",
    );
  }
  return lines.join("\n");
}
