/* Grimoire — a wizard's evening at « La table » handed back to the player's « Mon grimoire »: the
 * table's entries of that wizard in a link, read back and merged into the player's journal. The
 * merge adds the table's entries after the player's own (each one applied to the spell as it is
 * now, as two tabs' entries are: grimoire-merge.js), never drops what the player did meanwhile,
 * skips an entry already merged, and is undone as one.
 *
 * Update link, version 1 (unreserved characters only):
 *   ?maj=1.<magie>.<lecture>.<nom>.<slug>_<slug>_….<entrée>.<entrée>…
 *   <nom>: the wizard's name as in a share link (grimoire-values.js encodeName); the slugs: the
 *   spells the entries name, each entry naming its spell by place (0 the first); the entries,
 *   oldest first, a kind's letter then fields between « _ », <t> the entry's time (milliseconds
 *   since 1970, base 36):
 *     l<sort>_<face>_<modificateur>_<apprentissage>_<t>   a cast (outcome and XP: the rules')
 *     n<sort>_<apprentissage>_<t>                         a level passed (its cost: the rules')
 *     d<sort>_<élément>_<faces>_<magie adverse>_<apprentissage adverse>_<élément adverse>_
 *      <lecture adverse>_<sort adverse>_<apprentissage>_<t>
 *                                                         a duel (its result and XP: the rules'):
 *       the elements by place among the duel's (rules' data), the faces joined by « - », the
 *       opponent's spell by place, or « x » when the opponent was typed
 * Each entry read back is checked as a journal's entry is (grimoire-entries.js): a link that says
 * anything the rules do not give is refused whole, naming the entry.
 */
import { entryProblem } from "./grimoire-entries.js";
import { duelSpell, undo } from "./grimoire-journal.js";
import { reapply } from "./grimoire-merge.js";
import { BookError, MAX_JOURNAL, READINGS, find, quoted } from "./grimoire-model.js";
import { DUEL_ELEMENTS, FACES, castable, levelCost, outcomeOf, xpOf } from "./grimoire-table.js";
import { decodeName, encodeName, isCount, isModifier, isSlug } from "./grimoire-values.js";

export const UPDATE_PARAM = "maj";
const UPDATE_VERSION = 1;
/** An update link longer than this is no evening's (a thousand casts fit in 30 000 characters). */
export const MAX_UPDATE_CHARS = 40000;
const KIND_LETTERS = { lancer: "l", niveau: "n", duel: "d" };
const NUMBER = /^-?[0-9]{1,15}$/;

const state = (spell) => ({ apprentissage: spell.learning, xp: spell.xp });
const stamp = (t) => Date.parse(t).toString(36);

/** The entries of ``journal`` an update carries: the casts and the levels passed, oldest first. */
export function handedBack(journal) {
  return (journal || []).filter((e) => Object.hasOwn(KIND_LETTERS, e.type));
}

/** The update link's value for ``wizard`` (a table's wizard: name, magic, reading, journal). */
export function encodeUpdate(wizard) {
  const entries = handedBack(wizard.journal)
    .slice()
    .sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0));
  const slugs = [...new Set(entries.flatMap((e) => [e.sort, e.sort_adverse].filter(Boolean)))];
  const place = new Map(slugs.map((slug, i) => [slug, i]));
  const words = entries.map((e) => {
    const fields =
      e.type === "lancer"
        ? [e.de, e.mod]
        : e.type === "duel"
          ? [
              DUEL_ELEMENTS.indexOf(e.element),
              e.des.join("-"),
              e.adversaire.magic,
              e.adversaire.learning,
              DUEL_ELEMENTS.indexOf(e.adversaire.element),
              e.lecture_adverse,
              e.sort_adverse ? place.get(e.sort_adverse) : "x",
            ]
          : [];
    const word = [place.get(e.sort), ...fields, e.avant.apprentissage, stamp(e.t)];
    return KIND_LETTERS[e.type] + word.join("_");
  });
  return [
    String(UPDATE_VERSION),
    String(wizard.magic),
    wizard.reading,
    encodeName(wizard.name || ""),
    slugs.join("_"),
    ...words,
  ].join(".");
}

function number(text, what) {
  if (!NUMBER.test(text))
    throw new BookError([what + " : attendu un entier, reçu " + quoted(text)]);
  return Number(text);
}

function time(text, what) {
  const ms = /^[0-9a-z]{1,10}$/.test(text) ? Number.parseInt(text, 36) : Number.NaN;
  const date = new Date(ms);
  if (!Number.isFinite(ms) || Number.isNaN(date.getTime())) {
    throw new BookError([what + " : date illisible " + quoted(text)]);
  }
  return date.toISOString();
}

/** A cast the table played, rebuilt from the rules' data (a face, modifier or apprentissage
    the rules do not play is named by entryProblem afterwards). */
function readCast(fields, common, header, what) {
  const face = number(fields[1], what + ", face");
  const mod = number(fields[2], what + ", modificateur");
  const learning = common.avant.apprentissage;
  const playable = FACES.includes(face) && isModifier(mod) && castable(learning);
  const issue = playable
    ? outcomeOf(face, { magic: header.magic, learning, modifier: mod, reading: header.reading })
    : null;
  const gain = playable ? xpOf(issue) : 0;
  return {
    id: "m" + fields[4] + "l",
    type: "lancer",
    ...common,
    de: face,
    mod,
    magie: header.magic,
    lecture: header.reading,
    issue,
    gain,
    apres: { apprentissage: learning, xp: gain },
  };
}

/** A level the table took, its cost from the compendium's difficulty. */
function readLevel(fields, common, known, what) {
  const learning = common.avant.apprentissage;
  const difficulty = known?.[common.sort]?.difficulty;
  const cost = difficulty === undefined ? null : levelCost(learning, difficulty);
  if (cost === null) {
    throw new BookError([what + " : pas de niveau après l’apprentissage " + learning + " ici"]);
  }
  return {
    id: "m" + fields[2] + "n",
    type: "niveau",
    ...common,
    avant: { apprentissage: learning, xp: cost },
    cout: cost,
    apres: { apprentissage: learning + 1, xp: 0 },
  };
}

/** A duel the table settled, played again from its faces on a book of that one spell. */
function readDuel(fields, common, header, slugs, what) {
  const element = DUEL_ELEMENTS[number(fields[1], what + ", élément")];
  const faces = fields[2].split("-").map((f) => number(f, what + ", face du duel"));
  const opponent = {
    magic: number(fields[3], what + ", magie adverse"),
    learning: number(fields[4], what + ", apprentissage adverse"),
    element: DUEL_ELEMENTS[number(fields[5], what + ", élément adverse")],
    reading: fields[6],
    slug: fields[7] === "x" ? null : slugs[number(fields[7], what + ", sort adverse")],
  };
  const problem =
    (!element || !opponent.element ? "élément inconnu" : null) ||
    (faces.length < 2 || faces.length > 4 || !faces.every((f) => FACES.includes(f))
      ? "faces du duel illisibles"
      : null) ||
    (!isCount(opponent.magic) || !castable(opponent.learning) ? "adversaire impossible" : null) ||
    (!Object.hasOwn(READINGS, opponent.reading) ? "lecture adverse inconnue" : null) ||
    (opponent.slug === undefined ? "sort adverse absent" : null);
  if (problem) throw new BookError([what + " : " + problem]);
  const learning = common.avant.apprentissage;
  const scratch = {
    magic: header.magic,
    reading: header.reading,
    spells: [{ slug: common.sort, learning, xp: 0 }],
    journal: [],
  };
  try {
    const entry = duelSpell(scratch, common.sort, { element, opponent, faces, now: common.t });
    return { ...entry, id: "m" + fields[9] + "d" };
  } catch (error) {
    if (!(error instanceof BookError)) throw error;
    throw new BookError([what + " : " + error.problems.join(" ; ")]);
  }
}

const ENTRY_FIELDS = { l: 5, n: 3, d: 10 };

/** The entry one word of an update link holds, checked against the rules' data. */
function readEntry(word, slugs, header, known, n) {
  const what = "entrée n° " + n;
  const letter = word.slice(0, 1);
  const fields = word.slice(1).split("_");
  const wanted = Object.hasOwn(ENTRY_FIELDS, letter) ? ENTRY_FIELDS[letter] : 0;
  if (!wanted) throw new BookError([what + " : genre inconnu " + quoted(letter)]);
  if (fields.length !== wanted) throw new BookError([what + " : illisible " + quoted(word)]);
  const at = number(fields[0], what + ", sort");
  if (!(at >= 0 && at < slugs.length)) throw new BookError([what + " : sort n° " + at + " absent"]);
  const t = time(fields[wanted - 1], what);
  const learning = number(fields[wanted - 2], what + ", apprentissage");
  const common = { t, sort: slugs[at], avant: { apprentissage: learning, xp: 0 } };
  const entry =
    letter === "l"
      ? readCast(fields, common, header, what)
      : letter === "d"
        ? readDuel(fields, common, header, slugs, what)
        : readLevel(fields, common, known, what);
  const problem = entryProblem(entry);
  if (problem) throw new BookError([what + " : " + problem]);
  return entry;
}

/**
 * The update an update link's value holds: {name, magic, reading, entries} (entries oldest first,
 * each one a journal entry with its identifier, the same at each reading of the same link), read
 * against the compendium (``known``: the levels' costs); throws a BookError in French.
 */
export function readUpdate(value, known) {
  const text = String(value);
  if (text.length > MAX_UPDATE_CHARS) throw new BookError(["lien de mise à jour trop long"]);
  if (!/^[A-Za-z0-9._-]*$/.test(text)) {
    throw new BookError(["caractères inattendus dans le lien (lien abîmé ?)"]);
  }
  const parts = text.split(".");
  if (parts[0] !== String(UPDATE_VERSION)) {
    throw new BookError([
      "version de mise à jour " + quoted(parts[0]) + " non prise en charge (attendue : 1)",
    ]);
  }
  if (parts.length < 5) throw new BookError(["lien de mise à jour incomplet"]);
  const magic = number(parts[1], "magie");
  if (!isCount(magic)) throw new BookError(["magie : attendu un entier positif ou nul"]);
  const reading = parts[2];
  if (!Object.hasOwn(READINGS, reading)) {
    throw new BookError(["lecture des extrêmes du dé inconnue : " + quoted(reading)]);
  }
  const name = decodeName(parts[3]);
  if (name === null) throw new BookError(["nom du magicien illisible (lien abîmé ?)"]);
  const slugs = parts[4] ? parts[4].split("_") : [];
  const bad = slugs.find((slug) => !isSlug(slug));
  if (bad !== undefined) throw new BookError(["sort illisible : " + quoted(bad)]);
  const header = { magic, reading };
  const entries = parts.slice(5).map((word, i) => readEntry(word, slugs, header, known, i + 1));
  return { name, magic, reading, entries };
}

/** Why ``entry`` cannot be applied to ``spell`` as it is now, or null. */
function skipReason(spell, entry, known) {
  if (!spell) return "ce sort n’est pas dans votre grimoire";
  if (spell.learning !== entry.avant.apprentissage) {
    return (
      "joué à l’apprentissage " +
      entry.avant.apprentissage +
      ", le sort est à " +
      spell.learning +
      " dans votre grimoire"
    );
  }
  if (entry.type !== "niveau") return null;
  const cost = levelCost(spell.learning, known?.[entry.sort]?.difficulty);
  if (cost === null || spell.xp < cost) {
    return "l’XP du sort dans votre grimoire n’atteint pas le coût du niveau";
  }
  return null;
}

/** The level ``entry`` took, taken again on the book's ``spell`` at its cost now. */
function applyLevel(book, spell, entry, known) {
  const cost = levelCost(spell.learning, known?.[entry.sort]?.difficulty);
  const avant = state(spell);
  spell.learning += 1;
  spell.xp -= cost;
  const passed = { ...entry, cout: cost, avant, apres: state(spell) };
  book.journal.push(passed);
  return passed;
}

/**
 * Merges ``update`` into ``book`` (changed in place): each entry not already in its journal is
 * applied to the spell as it is now and added after the player's own. Returns {added: [entry],
 * already: count, skipped: [{entry, why}]}: an entry whose spell the book lacks, or whose spell
 * is no longer at the apprentissage the table played it at, is skipped with its reason.
 */
export function mergeUpdate(book, update, known) {
  const present = new Set(book.journal.map((e) => e.id));
  const done = { added: [], already: 0, skipped: [] };
  for (const entry of update.entries) {
    if (present.has(entry.id)) {
      done.already += 1;
      continue;
    }
    const spell = find(book, entry.sort);
    const why = skipReason(spell, entry, known);
    const passed = why
      ? null
      : entry.type === "niveau"
        ? applyLevel(book, spell, entry, known)
        : reapply(book, entry);
    if (passed) {
      done.added.push(passed);
      present.add(entry.id);
    } else {
      done.skipped.push({ entry, why: why ?? "le sort a changé depuis" });
    }
  }
  if (book.journal.length > MAX_JOURNAL) book.journal.splice(0, book.journal.length - MAX_JOURNAL);
  return done;
}

/** Takes back a merge: ``ids`` (the entries it added) undone from the newest while they are the
    journal's last; returns how many were. Throws a BookError, having changed nothing, when the
    journal's last entries are no longer the merge's (the player wrote since). */
export function undoUpdate(book, ids) {
  const wanted = new Set(ids);
  const tail = book.journal.slice(-wanted.size);
  if (tail.length !== wanted.size || !tail.every((e) => wanted.has(e.id))) {
    throw new BookError([
      "votre journal a changé depuis la mise à jour : annulez ses entrées une à une",
    ]);
  }
  for (let i = 0; i < wanted.size; i += 1) undo(book);
  return wanted.size;
}
