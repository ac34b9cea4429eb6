/* Grimoire — « Mon grimoire »'s model: what a spellbook is, how one read from the outside
 * (stored, linked or imported) is validated, and how it is stored.
 *
 * A spellbook is {magic, reading, spells: [{slug, learning, xp}], journal: [entry]}. No game
 * rule lives here: the range of apprentissage and the readings of the 1 and the 12 come from the
 * generated grimoire-config.js (written by the build from rules/). A spell's XP may reach the cost
 * of its next apprentissage: passing to it is the reader's choice (grimoire-journal.js).
 *
 * Stored form (grimoire-store.js), version 2: {"version": 2, "magie": <int ≥ 0>,
 *   "reglages": {"lecture": <reading>}, "sorts": [{"slug": …, "apprentissage": <int>,
 *   "xp": <int ≥ 0>}, …], "journal": [entry, …]}; version 1 (no « reglages », no « journal »)
 *   is still read.
 * A stored spellbook with bad entries keeps its good ones (the bad ones are named, and kept as
 * they are in the stored text); one that cannot be read at all, or beyond MAX_ENTRIES entries or
 * MAX_STORED_CHARS characters, is « broken »: never erased silently, replaced only on the
 * reader's confirmation.
 */
import CONFIG from "./grimoire-config.js";
import { MAX_STORED_CHARS, readRaw, writeRaw } from "./grimoire-store.js";

export { CONFIG };
export const FORMAT = "grimoire-livre";
export const VERSION = 2;
/** The versions still read (1: before the journal). */
export const VERSIONS = [1, 2];
/** The readings of the 1 and the 12, and the one a new spellbook uses. */
export const READINGS = CONFIG.table.extremes;
export const DEFAULT_READING = Object.keys(READINGS)[0];
/** The apprentissage a spell may have in the book: from before the role-play to the last. */
export const BOOK_LEARNING = { min: CONFIG.learning.unlearnt, max: CONFIG.learning.max };
/** More journal entries than this is no journal of a table (the oldest go first). */
export const MAX_JOURNAL = 2000;
const KINDS = ["lancer", "etude", "duel", "niveau", "modif", "ajout", "retrait"];
/** More entries than this is no spellbook a reader keeps (the compendium has about a hundred). */
export const MAX_ENTRIES = 1000;

/** A value shown in a message, shortened and between French quotes. */
export function quoted(value) {
  let text = typeof value === "string" ? value : JSON.stringify(value);
  if (text === undefined) text = String(value);
  if (text.length > 40) text = text.slice(0, 40) + "\u2026";
  return "« " + text + " »";
}

/** What went wrong with a spellbook, every problem named in French. */
export class BookError extends Error {
  constructor(problems) {
    super(problems.join(" ; "));
    this.problems = problems;
  }
}

export function isCount(value) {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/** The integer a reader typed (ASCII digits only), or null. */
export function parseCount(text) {
  const trimmed = String(text).trim();
  if (!/^[0-9]{1,15}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

export function emptyBook() {
  return { magic: 0, reading: DEFAULT_READING, spells: [], journal: [] };
}

function isObject(value) {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

// The problem of one entry (null: none) and the entry read.
function readEntry(entry, index, known, seen) {
  const where = "sort n° " + (index + 1);
  if (!isObject(entry)) return { problem: where + " : objet attendu" };
  const slug = entry.slug;
  if (typeof slug !== "string" || !slug)
    return { problem: where + " : identifiant (« slug ») absent" };
  if (known && !Object.hasOwn(known, slug)) return { problem: "sort inconnu : " + quoted(slug) };
  const name = known ? "« " + known[slug].name + " »" : quoted(slug);
  if (seen.has(slug)) return { problem: "sort en double : " + name };
  seen.add(slug);
  const { min, max } = BOOK_LEARNING;
  const level = entry.apprentissage;
  const problems = [];
  if (!(Number.isSafeInteger(level) && level >= min && level <= max)) {
    problems.push(
      "apprentissage de " +
        name +
        " : attendu un entier de " +
        min +
        " à " +
        max +
        ", reçu " +
        quoted(level),
    );
  }
  if (!isCount(entry.xp)) {
    problems.push(
      "XP de " + name + " : attendu un entier positif ou nul, reçu " + quoted(entry.xp),
    );
  }
  if (problems.length) return { problem: problems.join(" ; ") };
  return { spell: { slug, learning: level, xp: entry.xp } };
}

/**
 * Validates a spellbook read from the outside and returns {magic, spells}; throws a BookError
 * naming every problem. ``known`` maps the compendium's slugs to their spell (null: not
 * checked); ``options.file``: an exported file (its « format » is checked); ``options.lenient``:
 * returns {book, rejected: [{index, problem}]} instead of throwing for bad entries.
 */
export function validate(data, known, options = {}) {
  if (!isObject(data)) throw new BookError(["ce n’est pas un grimoire (objet JSON attendu)"]);
  if (options.file && data.format !== FORMAT) {
    throw new BookError([
      "ce fichier n’est pas un grimoire exporté par le Grimoire (champ « format » " +
        (data.format === undefined ? "absent" : "égal à " + quoted(data.format)) +
        ")",
    ]);
  }
  if (!VERSIONS.includes(data.version)) {
    throw new BookError([
      "version de format " +
        (data.version === undefined ? "absente" : quoted(data.version)) +
        " non prise en charge (attendue : " +
        VERSIONS.join(" ou ") +
        ")",
    ]);
  }
  const problems = [];
  const magic = data.magie === undefined ? 0 : data.magie;
  if (!isCount(magic))
    problems.push("magie : attendu un entier positif ou nul, reçu " + quoted(magic));
  if (!Array.isArray(data.sorts)) throw new BookError([...problems, "liste « sorts » absente"]);
  if (data.sorts.length > MAX_ENTRIES) {
    throw new BookError([
      ...problems,
      "grimoire trop volumineux (" + data.sorts.length + " sorts, au plus " + MAX_ENTRIES + ")",
    ]);
  }
  if (options.lenient && problems.length) throw new BookError(problems);
  const seen = new Set();
  const spells = [];
  const rejected = [];
  data.sorts.forEach((entry, index) => {
    const read = readEntry(entry, index, known, seen);
    if (read.spell) spells.push(read.spell);
    else {
      problems.push(read.problem);
      rejected.push({ index, problem: read.problem });
    }
  });
  const notes = [];
  const reading = readReading(data, options.lenient ? notes : problems);
  const journal = readJournal(data, options.lenient ? notes : problems);
  rejected.push(...notes.map((problem) => ({ index: -1, problem })));
  const book = { magic, reading, spells, journal };
  if (options.lenient) return { book, rejected };
  if (problems.length) throw new BookError(problems);
  return book;
}

function readReading(data, problems) {
  const settings = data.version === 1 || data.reglages === undefined ? {} : data.reglages;
  if (!isObject(settings)) {
    problems.push("réglages : objet attendu");
    return DEFAULT_READING;
  }
  const reading = settings.lecture === undefined ? DEFAULT_READING : settings.lecture;
  if (typeof reading === "string" && Object.hasOwn(READINGS, reading)) return reading;
  problems.push(
    "lecture des extrêmes du dé : attendu l’une de " +
      Object.keys(READINGS).join(", ") +
      ", reçu " +
      quoted(reading),
  );
  return DEFAULT_READING;
}

const isState = (value) =>
  value === null ||
  (isObject(value) && Number.isSafeInteger(value.apprentissage) && isCount(value.xp));

const isFace = (value) => CONFIG.table.faces.includes(value);
const isOutcome = (value) => typeof value === "string" && CONFIG.table.order.includes(value);
const isReading = (value) => typeof value === "string" && Object.hasOwn(READINGS, value);
const isElement = (value) => typeof value === "string" && CONFIG.duel.elements.includes(value);
const DUEL_RESULTS = new Set(Object.values(CONFIG.duel.results));

/* What each kind of entry carries beyond its time, spell and states, for the journal's words,
   the evening's summary and undo to read it back from a file (true: readable). */
const CARRIES = {
  lancer: (e) =>
    isFace(e.de) &&
    Number.isSafeInteger(e.mod) &&
    isCount(e.magie) &&
    isReading(e.lecture) &&
    isOutcome(e.issue) &&
    isCount(e.gain) &&
    e.avant !== null &&
    e.apres !== null,
  duel: (e) =>
    Array.isArray(e.des) &&
    e.des.length >= 2 &&
    e.des.length <= 4 &&
    e.des.every(isFace) &&
    isCount(e.magie) &&
    isReading(e.lecture) &&
    isElement(e.element) &&
    isObject(e.adversaire) &&
    isCount(e.adversaire.magic) &&
    Number.isSafeInteger(e.adversaire.learning) &&
    isElement(e.adversaire.element) &&
    (e.lecture_adverse === undefined || isReading(e.lecture_adverse)) &&
    (e.sort_adverse === undefined ||
      e.sort_adverse === null ||
      typeof e.sort_adverse === "string") &&
    isOutcome(e.issue) &&
    isOutcome(e.issue_adverse) &&
    DUEL_RESULTS.has(e.resultat) &&
    isCount(e.gain) &&
    isCount(e.gain_adverse) &&
    e.avant !== null &&
    e.apres !== null,
  etude: (e) =>
    Number.isSafeInteger(e.heures) &&
    (e.echec === null || Number.isSafeInteger(e.echec)) &&
    isCount(e.gain) &&
    e.avant !== null &&
    e.apres !== null,
};

function readJournal(data, problems) {
  if (data.version === 1 || data.journal === undefined) return [];
  if (!Array.isArray(data.journal)) {
    problems.push("journal : liste attendue");
    return [];
  }
  const journal = [];
  data.journal.slice(-MAX_JOURNAL).forEach((entry, index) => {
    if (
      isObject(entry) &&
      KINDS.includes(entry.type) &&
      typeof entry.sort === "string" &&
      typeof entry.t === "string" &&
      entry.t.length <= 40 &&
      isState(entry.avant) &&
      isState(entry.apres) &&
      (!Object.hasOwn(CARRIES, entry.type) || CARRIES[entry.type](entry))
    ) {
      journal.push(entry);
    } else {
      problems.push("entrée n° " + (index + 1) + " du journal illisible");
    }
  });
  return journal;
}

/** The stored form of ``book`` (``extra``: raw entries kept as they were read). */
export function serialise(book, extra = []) {
  return {
    version: VERSION,
    magie: book.magic,
    reglages: { lecture: book.reading },
    sorts: book.spells
      .map((s) => ({ slug: s.slug, apprentissage: s.learning, xp: s.xp }))
      .concat(extra),
    journal: book.journal,
  };
}

export function find(book, slug) {
  return book.spells.find((s) => s.slug === slug) || null;
}

/**
 * The stored spellbook: {book, rejected, kept}, ``rejected`` naming the entries that could not be
 * read (``kept``: those raw entries, written back unchanged); or {book: empty, broken: reason
 * (French), raw: the stored text or null} when what is stored cannot be read at all.
 */
export function loadBook() {
  const { raw, inaccessible } = readRaw();
  const none = { book: emptyBook(), rejected: [], kept: [] };
  if (inaccessible) return { ...none, broken: "stockage du navigateur inaccessible", raw: null };
  if (raw === null) return none;
  if (raw.length > MAX_STORED_CHARS) {
    return {
      ...none,
      broken:
        "grimoire trop volumineux (" +
        Math.round(raw.length / 1000) +
        " ko, au plus " +
        MAX_STORED_CHARS / 1000 +
        " ko)",
      raw,
    };
  }
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ...none, broken: "ce n’est pas du JSON", raw };
  }
  try {
    const { book, rejected } = validate(data, null, { lenient: true });
    return {
      book,
      rejected,
      kept: rejected.filter((r) => r.index >= 0).map((r) => data.sorts[r.index]),
      raw,
    };
  } catch (error) {
    return { ...none, broken: error.message || "contenu illisible", raw };
  }
}

/** Stores ``book`` (the unreadable entries ``kept`` after it); false when the browser refuses. */
export function saveBook(book, kept = []) {
  return writeRaw(JSON.stringify(serialise(book, kept)));
}

/** The stored spellbook, read-only: {magic, spells, broken} (the cards page reads it). */
export function readBook() {
  const read = loadBook();
  return { magic: read.book.magic, spells: read.book.spells.slice(), broken: read.broken || null };
}
