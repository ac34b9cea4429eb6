/* Grimoire — « Mon grimoire »'s model: what a spellbook is, how one read from the outside
 * (stored, linked or imported) is validated, and how it is stored.
 *
 * A spellbook is {name, magic, reading, spells: [{slug, learning, xp}], journal: [entry]}; the
 * wizard's name is plain text (grimoire-values.js: nameProblem, shown as text only). No game
 * rule lives here: the range of apprentissage and the readings of the 1 and the 12 come from the
 * generated grimoire-config.js (written by the build from rules/). A spell's XP may reach the cost
 * of its next apprentissage: passing to it is the reader's choice (grimoire-journal.js).
 *
 * Stored form (grimoire-store.js), version 3: {"version": 3, "nom": <name>, "magie": <int ≥ 0>,
 *   "reglages": {"lecture": <reading>}, "sorts": [{"slug": …, "apprentissage": <int>,
 *   "xp": <int ≥ 0>}, …], "journal": [entry, …], "lignee": <id>, "annules": [<entry id>, …]};
 *   versions 2 (no « nom ») and 1 (no « reglages », no « journal ») are still read. Each journal entry is checked by
 *   grimoire-entries.js against the rules' data; « lignee » names the spellbook its tabs share
 *   (a new one when a book replaces it), « annules » the entries undone, so that another tab
 *   never puts them back (grimoire-merge.js).
 * A stored spellbook with bad entries keeps its good ones (the bad ones are named, and kept as
 * they are in the stored text; a bad reading is replaced by the default at the next change, and
 * the page says so); one that cannot be read at all, or beyond MAX_ENTRIES entries or
 * MAX_STORED_CHARS characters, is « broken »: never erased silently, replaced only on the
 * reader's confirmation. Nothing is stored that would not be read back (saveBook).
 */
import CONFIG from "./grimoire-config.js";
import { BOOK_LEARNING, entryProblem, isEntryId, newEntryId } from "./grimoire-entries.js";
import { MAX_STORED_CHARS, readRaw, writeRaw } from "./grimoire-store.js";
import {
  BookError,
  MAX_XP,
  cleanName,
  isCount,
  isSlug,
  nameProblem,
  parseCount,
  quoted,
} from "./grimoire-values.js";

export { BOOK_LEARNING, BookError, CONFIG, isCount, parseCount, quoted };
export const FORMAT = "grimoire-livre";
export const VERSION = 3;
/** The versions still read (1: before the journal, 2: before the wizard's name). */
export const VERSIONS = [1, 2, 3];
/** The readings of the 1 and the 12, and the one a new spellbook uses. */
export const READINGS = CONFIG.table.extremes;
export const DEFAULT_READING = Object.keys(READINGS)[0];
/** More journal entries than this is no journal of a table (the oldest go first). */
export const MAX_JOURNAL = 2000;
/** More entries than this is no spellbook a reader keeps (the compendium has about a hundred). */
export const MAX_ENTRIES = 1000;
/** The undone entries a stored spellbook remembers, for the other tabs (the newest kept). */
export const MAX_UNDONE = 500;

/** A new, empty spellbook (``lineage``: the identifier its tabs share; "" for the first). */
export function emptyBook(lineage = "") {
  return {
    name: "",
    magic: 0,
    reading: DEFAULT_READING,
    spells: [],
    journal: [],
    lineage,
    undone: [],
  };
}

/** The identifier of a spellbook that replaces another: the other tabs' casts stay with theirs. */
export function newLineage() {
  return newEntryId();
}

function isObject(value) {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

// The problem of one entry (null: none) and the entry read. A well-formed slug the compendium no
// longer has is kept (``gone``): the book is the reader's, and the page says the spell is gone.
function readEntry(entry, index, known, seen) {
  const where = "sort n° " + (index + 1);
  if (!isObject(entry)) return { problem: where + " : objet attendu" };
  const slug = entry.slug;
  if (typeof slug !== "string" || !slug)
    return { problem: where + " : identifiant (« slug ») absent" };
  if (!isSlug(slug))
    return { problem: where + " : identifiant de sort invalide, reçu " + quoted(slug) };
  const name = known && Object.hasOwn(known, slug) ? "« " + known[slug].name + " »" : quoted(slug);
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
  if (!isCount(entry.xp, MAX_XP)) {
    problems.push(
      "XP de " + name + " : attendu un entier de 0 à " + MAX_XP + ", reçu " + quoted(entry.xp),
    );
  }
  if (problems.length) return { problem: problems.join(" ; ") };
  const spell = { slug, learning: level, xp: entry.xp };
  // Its XP or level was set by hand (a link carries that, not the journal: grimoire-format.js).
  if (entry.main === true) spell.hand = true;
  return { spell };
}

/**
 * Validates a spellbook read from the outside and returns {name, magic, reading, spells,
 * journal}, and ``gone`` with ``known``; throws a BookError naming every problem. ``known`` maps the
 * compendium's slugs to their spell (null: not checked): a spell it lacks is kept and listed in
 * ``gone``. ``options.file``: an exported file (its « format » is checked);
 * ``options.lenient`` (a stored spellbook): returns {book (with its ``lineage`` and ``undone``),
 * rejected: [{index, problem, kept}], kept: {sorts, journal}} instead of throwing for bad entries
 * (``kept``: the raw bad entries, written back unchanged).
 */
export function validate(data, known, options = {}) {
  checkHeader(data, options);
  const problems = [];
  const magic = data.magie === undefined ? 0 : data.magie;
  if (!isCount(magic))
    problems.push("magie : attendu un entier positif ou nul, reçu " + quoted(magic));
  checkSpellList(data.sorts, problems);
  if (options.lenient && problems.length) throw new BookError(problems);
  const rejected = [];
  const kept = { sorts: [], journal: [] };
  const spells = readSpells(data.sorts, known, (problem, entry, index) => {
    problems.push(problem);
    rejected.push({ index, problem, kept: true });
    kept.sorts.push(entry);
  });
  const notes = [];
  const reading = readReading(data, options.lenient ? notes : problems);
  const name = readName(data, options.lenient ? notes : problems);
  rejected.push(...notes.map((problem) => ({ index: -1, problem, kept: false })));
  const journal = readJournal(data, (problem, entry) => {
    problems.push(problem);
    rejected.push({ index: -1, problem, kept: true });
    kept.journal.push(entry);
  });
  const book = { name, magic, reading, spells, journal };
  if (options.lenient) return { book: withStoredParts(book, data), rejected, kept };
  if (options.file && !problems.length)
    problems.push(...chainProblems(data, journal, spells, known));
  if (problems.length) throw new BookError(problems);
  if (known) book.gone = spells.filter((s) => !Object.hasOwn(known, s.slug)).map((s) => s.slug);
  return book;
}

// Throws a BookError when ``data`` is no spellbook of a version this page reads (or, for an
// exported file, no file of the Grimoire's).
function checkHeader(data, options) {
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
}

// Throws a BookError (with the ``problems`` found before) when ``sorts`` is no list, or too long.
function checkSpellList(sorts, problems) {
  if (!Array.isArray(sorts)) throw new BookError([...problems, "liste « sorts » absente"]);
  if (sorts.length > MAX_ENTRIES) {
    throw new BookError([
      ...problems,
      "grimoire trop volumineux (" + sorts.length + " sorts, au plus " + MAX_ENTRIES + ")",
    ]);
  }
}

// The spells of the list that read well; ``refuse(problem, entry, index)`` for the others.
function readSpells(sorts, known, refuse) {
  const seen = new Set();
  const spells = [];
  sorts.forEach((entry, index) => {
    const read = readEntry(entry, index, known, seen);
    if (read.spell) spells.push(read.spell);
    else refuse(read.problem, entry, index);
  });
  return spells;
}

// What only a stored spellbook holds, added to ``book``: the lineage its tabs share, the
// entries undone.
function withStoredParts(book, data) {
  book.lineage = isEntryId(data.lignee) ? data.lignee : "";
  book.undone = Array.isArray(data.annules)
    ? data.annules.filter(isEntryId).slice(-MAX_UNDONE)
    : [];
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

// The wizard's name (versions 1 and 2 have none: ""), cleaned; a bad one is a problem, and "".
function readName(data, problems) {
  if (data.version < 3 || data.nom === undefined) return "";
  const problem = nameProblem(data.nom);
  if (problem === null) return cleanName(data.nom);
  problems.push(problem);
  return "";
}

// The journal's entries that say only what the rules give; ``refuse(problem, entry)`` for the others.
function readJournal(data, refuse) {
  if (data.version === 1 || data.journal === undefined) return [];
  if (!Array.isArray(data.journal)) {
    refuse("journal : liste attendue", data.journal);
    return [];
  }
  const journal = [];
  const entries = data.journal.slice(-MAX_JOURNAL);
  const first = data.journal.length - entries.length;
  entries.forEach((entry, index) => {
    const problem = entryProblem(entry);
    if (problem === null) journal.push(entry);
    else refuse(journalWhere(first + index) + problem, entry);
  });
  return journal;
}

const journalWhere = (index) => "entrée n° " + (index + 1) + " du journal illisible : ";

const spellState = (state) =>
  state === null
    ? "absent du grimoire"
    : "apprentissage " + state.apprentissage + ", " + state.xp + " XP";
/** A spell's state as the journal writes it (null: the spell is not in the book). */
export const stateOf = (spell) => (spell ? { apprentissage: spell.learning, xp: spell.xp } : null);
/** Whether two states of the journal are the same (both null: both absent). */
export const sameState = (a, b) =>
  a === null ? b === null : b !== null && a.apprentissage === b.apprentissage && a.xp === b.xp;

/* An imported file's journal followed spell by spell (each entry readable): every entry starts
   where the one before it on that spell left it, and every spell is where its last entry left it;
   an entry whose « avant » was raised, or a spell whose XP was changed outside the journal, is
   refused, naming it. */
function chainProblems(data, journal, spells, known) {
  const problems = [];
  const place = new Map((journal.length ? data.journal : []).map((entry, index) => [entry, index]));
  const left = new Map();
  for (const entry of journal) {
    if (left.has(entry.sort) && !sameState(left.get(entry.sort), entry.avant)) {
      problems.push(
        journalWhere(place.get(entry)) +
          "état avant : l’entrée précédente de ce sort le laisse à " +
          spellState(left.get(entry.sort)) +
          ", reçu " +
          spellState(entry.avant),
      );
    }
    left.set(entry.sort, entry.apres);
  }
  for (const [slug, last] of left) {
    const spell = spells.find((s) => s.slug === slug);
    const now = spell ? { apprentissage: spell.learning, xp: spell.xp } : null;
    if (!sameState(last, now)) {
      const name =
        known && Object.hasOwn(known, slug) ? "« " + known[slug].name + " »" : quoted(slug);
      problems.push(
        name +
          " : le journal le laisse à " +
          spellState(last) +
          ", le grimoire dit " +
          spellState(now),
      );
    }
  }
  return problems;
}

/** A spell as stored and exported: « main » when its state was set by hand. */
export function storedSpell(spell) {
  const stored = { slug: spell.slug, apprentissage: spell.learning, xp: spell.xp };
  if (spell.hand) stored.main = true;
  return stored;
}

/** The stored form of ``book`` (``kept``: {sorts, journal}, raw entries kept as they were read:
    the journal's before the readable ones, which « Annuler » takes back from the end). */
export function serialise(book, kept = { sorts: [], journal: [] }) {
  const stored = {
    version: VERSION,
    nom: book.name,
    magie: book.magic,
    reglages: { lecture: book.reading },
    sorts: book.spells.map(storedSpell).concat(kept.sorts),
    journal: kept.journal.concat(book.journal),
  };
  if (book.lineage) stored.lignee = book.lineage;
  if (book.undone?.length) stored.annules = book.undone.slice(-MAX_UNDONE);
  return stored;
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
  const none = { book: emptyBook(), rejected: [], kept: { sorts: [], journal: [] } };
  if (inaccessible) {
    return { ...none, broken: "stockage du navigateur inaccessible", raw: null, inaccessible };
  }
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
    return { ...validate(data, null, { lenient: true }), raw };
  } catch (error) {
    return { ...none, broken: error.message || "contenu illisible", raw };
  }
}

/** The problems of ``book`` as its stored form would be read back (empty: none). */
export function bookProblems(book) {
  try {
    validate(JSON.parse(JSON.stringify(serialise(book))), null, {});
    return [];
  } catch (error) {
    if (error instanceof BookError) return error.problems;
    throw error;
  }
}

/** Stores ``book`` (the unreadable entries ``kept`` with it); false when the browser refuses. A
    book this module would not read back is never written (BookError). */
export function saveBook(book, kept = { sorts: [], journal: [] }) {
  const problems = bookProblems(book);
  if (problems.length) throw new BookError(problems);
  return writeRaw(JSON.stringify(serialise(book, kept)));
}

/** The stored spellbook, read-only: {name, magic, spells, broken} (the cards page reads it). */
export function readBook() {
  const read = loadBook();
  return {
    name: read.book.name,
    magic: read.book.magic,
    spells: read.book.spells.slice(),
    broken: read.broken || null,
  };
}
