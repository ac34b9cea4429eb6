/* Grimoire — one journal entry of « Mon grimoire » read from the outside (stored, imported): its
 * kind's shape, its ranges, and every figure it claims checked against the rules' data
 * (grimoire-table.js), so that an entry says only what the rules give.
 *
 * Entry kinds and what each holds beyond {id?, t, type, sort, avant, apres} (a state is
 * {apprentissage, xp}, or null for a spell not in the book):
 *   lancer  {de, mod, magie, lecture, issue, gain}: issue = the table's outcome of the face for
 *           magie, avant's apprentissage, mod and lecture; gain = its XP; apres = avant + gain.
 *   duel    {des, magie, lecture, element, adversaire {magic, learning, element}, lecture_adverse,
 *           sort_adverse, issue, issue_adverse, resultat, gain, gain_adverse}: the duel played
 *           face by face from the table says the same outcomes, result and XP.
 *   etude   {heures, echec}: gain = the study's XP for the session; apres = avant + gain.
 *   niveau  {cout?}: the next apprentissage, the cost spent (none: passed by hand, XP kept).
 *   modif   a spell's apprentissage and XP set by hand (« modifié à la main »).
 *   ajout   avant null; retrait: apres null.
 * Each problem is one short French phrase; the caller numbers the entry.
 */
import CONFIG from "./grimoire-config.js";
import {
  FACES,
  LABELS,
  READINGS,
  castable,
  duelPlay,
  outcomeOf,
  studyXp,
  xpOf,
} from "./grimoire-table.js";
import {
  MAX_XP,
  MODIFIER_RANGE,
  isCount,
  isModifier,
  isSlug,
  isTime,
  quoted,
} from "./grimoire-values.js";

/** The apprentissage a spell may have in the book: from before the role-play to the last. */
export const BOOK_LEARNING = { min: CONFIG.learning.unlearnt, max: CONFIG.learning.max };

/** The kinds of entry, in the words of the journal's file. */
export const KINDS = ["lancer", "etude", "duel", "niveau", "modif", "ajout", "retrait"];

const isObject = (value) => !!value && typeof value === "object" && !Array.isArray(value);
const isReading = (value) => typeof value === "string" && Object.hasOwn(READINGS, value);
const isElement = (value) => typeof value === "string" && CONFIG.duel.elements.includes(value);
const oneOf = (values) => "l’une de " + values.join(", ");
const signed = (n) => (n < 0 ? "\u2212" + -n : "+" + n);

/** The problem of a spell's state (``what``: « état avant »…), or null. */
export function stateProblem(state, what) {
  if (!isObject(state)) return what + " : attendu {apprentissage, xp}, reçu " + quoted(state);
  const { min, max } = BOOK_LEARNING;
  const level = state.apprentissage;
  if (!(Number.isSafeInteger(level) && level >= min && level <= max)) {
    return what + " : apprentissage attendu de " + min + " à " + max + ", reçu " + quoted(level);
  }
  if (!isCount(state.xp, MAX_XP)) {
    return what + " : XP attendue de 0 à " + MAX_XP + ", reçu " + quoted(state.xp);
  }
  return null;
}

/* Each check returns the first problem found, or null. ``e`` has its common fields checked. */
function credited(e) {
  if (e.apres.apprentissage !== e.avant.apprentissage || e.apres.xp !== e.avant.xp + e.gain) {
    return (
      "état après : attendu apprentissage " +
      e.avant.apprentissage +
      ", " +
      e.avant.xp +
      " + " +
      e.gain +
      " XP, reçu apprentissage " +
      e.apres.apprentissage +
      ", " +
      e.apres.xp +
      " XP"
    );
  }
  return null;
}

function claimed(what, expected, received, words = (v) => quoted(v)) {
  return expected === received
    ? null
    : what + " : la table des règles donne " + words(expected) + ", reçu " + words(received);
}

function faceProblem(face, what = "face du dé") {
  return FACES.includes(face)
    ? null
    : what +
        " : attendu un entier de " +
        FACES[0] +
        " à " +
        FACES[FACES.length - 1] +
        ", reçu " +
        quoted(face);
}

function castFields(e) {
  if (!isCount(e.magie)) return "magie : attendu un entier positif ou nul, reçu " + quoted(e.magie);
  if (!isReading(e.lecture)) {
    return "lecture : attendu " + oneOf(Object.keys(READINGS)) + ", reçu " + quoted(e.lecture);
  }
  if (e.avant === null || e.apres === null) return "état avant et après attendus";
  if (!castable(e.avant.apprentissage)) {
    return "apprentissage " + e.avant.apprentissage + " : ce sort ne peut pas être lancé";
  }
  if (!isCount(e.gain))
    return "XP gagnée : attendu un entier positif ou nul, reçu " + quoted(e.gain);
  return null;
}

const label = (outcome) =>
  Object.hasOwn(LABELS, String(outcome)) ? "« " + LABELS[outcome] + " »" : quoted(outcome);

function castProblem(e) {
  const fields =
    faceProblem(e.de) ||
    (isModifier(e.mod)
      ? null
      : "modificateur : attendu " + MODIFIER_RANGE + ", reçu " + quoted(e.mod)) ||
    castFields(e);
  if (fields) return fields;
  const outcome = outcomeOf(e.de, {
    magic: e.magie,
    learning: e.avant.apprentissage,
    modifier: e.mod,
    reading: e.lecture,
  });
  return (
    claimed("issue de la face " + e.de, outcome, e.issue, label) ||
    claimed("XP gagnée", xpOf(outcome), e.gain, (n) => signed(n) + " XP") ||
    credited(e)
  );
}

function opponentProblem(e) {
  const them = e.adversaire;
  if (!isObject(them))
    return "adversaire : attendu {magic, learning, element}, reçu " + quoted(them);
  if (!isCount(them.magic))
    return "magie adverse : attendu un entier positif ou nul, reçu " + quoted(them.magic);
  if (!castable(them.learning)) {
    return (
      "apprentissage adverse : attendu celui d’un sort qu’on peut lancer, reçu " +
      quoted(them.learning)
    );
  }
  if (!isElement(them.element) || !isElement(e.element)) {
    return (
      "élément : attendu " +
      oneOf(CONFIG.duel.elements) +
      ", reçu " +
      quoted(isElement(e.element) ? them.element : e.element)
    );
  }
  if (e.lecture_adverse !== undefined && !isReading(e.lecture_adverse)) {
    return (
      "lecture adverse : attendu " +
      oneOf(Object.keys(READINGS)) +
      ", reçu " +
      quoted(e.lecture_adverse)
    );
  }
  if (!(e.sort_adverse === undefined || e.sort_adverse === null || isSlug(e.sort_adverse))) {
    return "sort adverse : attendu l’identifiant d’un sort, reçu " + quoted(e.sort_adverse);
  }
  if (!isCount(e.gain_adverse))
    return "XP adverse : attendu un entier positif ou nul, reçu " + quoted(e.gain_adverse);
  return null;
}

function duelProblem(e) {
  if (!Array.isArray(e.des) || e.des.length < 2 || e.des.length > 4) {
    return "faces du duel : attendu de 2 à 4 faces, reçu " + quoted(e.des);
  }
  const fields =
    e.des.map((face) => faceProblem(face, "face du duel")).find(Boolean) ||
    castFields(e) ||
    opponentProblem(e);
  if (fields) return fields;
  const me = {
    magic: e.magie,
    learning: e.avant.apprentissage,
    element: e.element,
    reading: e.lecture,
  };
  const them = { ...e.adversaire, reading: e.lecture_adverse || e.lecture };
  const play = duelPlay(e.des, me, them);
  const wanted = play.tests ? 4 : 2;
  if (play.result === null || e.des.length !== wanted) {
    return "faces du duel : ce duel se joue en " + wanted + " faces, reçu " + e.des.length;
  }
  return (
    claimed("issue de mon sort", play.mine, e.issue, label) ||
    claimed("issue du sort adverse", play.theirs, e.issue_adverse, label) ||
    claimed("résultat du duel", play.result, e.resultat) ||
    claimed("XP gagnée", xpOf(play.mine), e.gain, (n) => signed(n) + " XP") ||
    claimed("XP adverse", xpOf(play.theirs), e.gain_adverse, (n) => signed(n) + " XP") ||
    credited(e)
  );
}

function studyProblem(e) {
  const sessions = CONFIG.study.xp;
  if (!Number.isSafeInteger(e.heures) || !Object.hasOwn(sessions, String(e.heures))) {
    return "heures d’étude : attendu " + oneOf(CONFIG.study.hours) + ", reçu " + quoted(e.heures);
  }
  if (
    !(
      e.echec === null ||
      (Number.isSafeInteger(e.echec) && Object.hasOwn(sessions[String(e.heures)], String(e.echec)))
    )
  ) {
    return (
      "test échoué : attendu une heure de 1 à " + e.heures + " ou aucune, reçu " + quoted(e.echec)
    );
  }
  if (e.avant === null || e.apres === null) return "état avant et après attendus";
  if (!isCount(e.gain))
    return "XP gagnée : attendu un entier positif ou nul, reçu " + quoted(e.gain);
  return (
    claimed("XP de la séance", studyXp(e.heures, e.echec), e.gain, (n) => signed(n) + " XP") ||
    credited(e)
  );
}

function levelProblem(e) {
  if (e.avant === null || e.apres === null) return "état avant et après attendus";
  if (e.apres.apprentissage !== e.avant.apprentissage + 1) {
    return (
      "niveau : attendu l’apprentissage " +
      (e.avant.apprentissage + 1) +
      " après " +
      e.avant.apprentissage +
      ", reçu " +
      e.apres.apprentissage
    );
  }
  const cost = e.cout === undefined ? 0 : e.cout;
  if (!isCount(cost))
    return "coût du niveau : attendu un entier positif ou nul, reçu " + quoted(e.cout);
  if (e.apres.xp !== e.avant.xp - cost) {
    return (
      "niveau : attendu " +
      e.avant.xp +
      " − " +
      cost +
      " XP après la dépense, reçu " +
      e.apres.xp +
      " XP"
    );
  }
  return null;
}

const BY_KIND = {
  lancer: castProblem,
  duel: duelProblem,
  etude: studyProblem,
  niveau: levelProblem,
  modif: (e) => (e.avant === null || e.apres === null ? "état avant et après attendus" : null),
  ajout: (e) =>
    e.avant !== null || e.apres === null ? "ajout : état avant nul et état après attendus" : null,
  retrait: (e) =>
    e.avant === null || e.apres !== null ? "retrait : état avant attendu, état après nul" : null,
};

/** The first problem of a journal entry read from the outside, or null when it says only what
    the rules give. */
export function entryProblem(e) {
  if (!isObject(e)) return "objet attendu, reçu " + quoted(e);
  if (!KINDS.includes(e.type)) return "type : attendu " + oneOf(KINDS) + ", reçu " + quoted(e.type);
  if (!isSlug(e.sort)) return "sort : attendu l’identifiant d’un sort, reçu " + quoted(e.sort);
  if (!isTime(e.t))
    return "date : attendu une date ISO (2026-01-31T20:00:00.000Z), reçu " + quoted(e.t);
  if (e.id !== undefined && !isEntryId(e.id))
    return "identifiant : attendu de 1 à 32 lettres ou chiffres, reçu " + quoted(e.id);
  for (const [state, what] of [
    [e.avant, "état avant"],
    [e.apres, "état après"],
  ]) {
    const problem = state === null ? null : stateProblem(state, what);
    if (problem) return problem;
  }
  if (e.avant === undefined || e.apres === undefined)
    return "états avant et après attendus (ou nuls)";
  return BY_KIND[e.type](e);
}

/** True for an entry's identifier (what merges two tabs' or two books' journals). */
export function isEntryId(value) {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,32}$/.test(value);
}

/** The length of a new entry's identifier (96 random bits). */
const ID_LENGTH = 16;

/** A new entry's identifier: ID_LENGTH random characters. */
export function newEntryId(random = globalThis.crypto) {
  const bytes = new Uint8Array(ID_LENGTH);
  random.getRandomValues(bytes);
  let text = "";
  for (const byte of bytes)
    text += "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"[byte & 63];
  return text;
}
