/* Grimoire — « La table »'s party: the wizards the MJ plays for, each one a spellbook as its
 * share link carries it (name, magie, reading of the 1 and the 12, spells: grimoire-format.js),
 * how they are gathered (the links of a pasted chat message, files, the party link), and how the
 * party is kept in the MJ's browser, under its own key: the MJ's own « Mon grimoire » is never
 * read nor written here. Nothing here touches the page.
 *
 * Each wizard keeps the table's journal of its own (the casts the MJ plays for it, the levels it
 * passed: grimoire-journal.js entries, checked on reading as a spellbook's are); the table's
 * journal is theirs together, newest first, and « Annuler » takes back its newest entry.
 *
 * Stored form (TABLE_KEY), version 1: {"version": 1, "livres": [{"nom": <name>, "magie": <int>,
 *   "lecture": <reading>, "sorts": [{"slug", "apprentissage", "xp"}, …], "journal": [entry, …]},
 *   …]}; a wizard that cannot be read is named, and kept as it is stored.
 * Party link: table/?livres=<share link value>~<share link value>~… (each one a version 3 share
 *   link's value, « ~ » between them: unreserved characters only).
 */
import {
  MAX_LINK_CHARS,
  encodeLink,
  handEdited,
  readLink,
  readPastedLink,
} from "./grimoire-format.js";
import { undo } from "./grimoire-journal.js";
import { BookError, storedSpell, validate } from "./grimoire-model.js";

export const TABLE_KEY = "grimoire.table.v1";
export const TABLE_VERSION = 1;
export const PARTY_PARAM = "livres";
/** A table plays from two wizards (a duel needs them) to eight. */
export const MIN_WIZARDS = 2;
export const MAX_WIZARDS = 8;
const SEPARATOR = "~";

/** The name the table gives a wizard: the book's, else « Magicien 1 », « Magicien 2 »… */
export function wizardName(wizard, index) {
  return wizard.name || "Magicien " + (index + 1);
}

/** The party's stored form (``kept``: the stored wizards that could not be read, unchanged). */
export function serialiseParty(party, kept = []) {
  return {
    version: TABLE_VERSION,
    livres: party
      .map((w) => ({
        nom: w.name,
        magie: w.magic,
        lecture: w.reading,
        sorts: w.spells.map(storedSpell),
        journal: w.journal || [],
        ...(w.checked ? { verifie: true } : {}),
      }))
      .concat(kept),
  };
}

function isObject(value) {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

/** One wizard read from its stored form, as a spellbook is (grimoire-model.js validate). */
function readWizard(stored) {
  if (!isObject(stored)) throw new BookError(["objet attendu"]);
  const book = validate(
    {
      version: 3,
      nom: stored.nom,
      magie: stored.magie,
      reglages: { lecture: stored.lecture },
      sorts: stored.sorts,
      journal: stored.journal === undefined ? [] : stored.journal,
    },
    null,
    {},
  );
  const { name, magic, reading, spells, journal } = book;
  return { checked: stored.verifie === true, name, magic, reading, spells, journal };
}

/**
 * The stored party (``raw``: the stored text, null when none): {party, rejected: [problem],
 * kept: [stored wizard]}, or {party: [], broken: reason} when the text cannot be read at all.
 */
export function readParty(raw) {
  if (raw === null) return { party: [], rejected: [], kept: [] };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { party: [], broken: "ce n’est pas du JSON" };
  }
  if (!isObject(data) || data.version !== TABLE_VERSION || !Array.isArray(data.livres)) {
    return { party: [], broken: "ce n’est pas une table de ce site (version 1 attendue)" };
  }
  if (data.livres.length > MAX_WIZARDS) {
    return { party: [], broken: "plus de " + MAX_WIZARDS + " magiciens" };
  }
  const party = [];
  const rejected = [];
  const kept = [];
  data.livres.forEach((stored, index) => {
    try {
      party.push(readWizard(stored));
    } catch (error) {
      if (!(error instanceof BookError)) throw error;
      rejected.push("magicien n° " + (index + 1) + " : " + error.problems.join(" ; "));
      kept.push(stored);
    }
  });
  return { party, rejected, kept };
}

/** The wizard of a spellbook read from a link or a file: the table's journal starts empty (the
    player's own stays with the player); a spell whose state the player set by hand says so.
    ``checked``: the book came with its journal, each figure followed in it (a file); a link's
    figures are only what it declares. */
export function wizardOf(book, checked = false) {
  const hand = handEdited(book);
  return {
    checked,
    name: book.name || "",
    magic: book.magic,
    reading: book.reading,
    spells: book.spells.map((s) => {
      const spell = { slug: s.slug, learning: s.learning, xp: s.xp };
      return hand.has(s.slug) ? { ...spell, hand: true } : spell;
    }),
    journal: [],
  };
}

/**
 * ``party`` with ``incoming`` wizards added: one already at the table (the same book) is not
 * added twice, one of the same name replaces that wizard (the player's newer link: the table's
 * journal of that wizard is kept, and « Annuler » never overwrites what the link changed), and none
 * enters beyond MAX_WIZARDS. Returns {party, added, updated, same, refused} (names; ``refused``:
 * French problems).
 */
export function addWizards(party, incoming) {
  const next = party.slice();
  const done = { added: [], updated: [], same: [], refused: [] };
  for (const wizard of incoming) {
    const link = encodeLink(wizard);
    const sameAt = next.findIndex((w) => encodeLink(w) === link);
    const nameAt = wizard.name ? next.findIndex((w) => w.name === wizard.name) : -1;
    if (sameAt >= 0) {
      // The same book from its file: its figures are now followed in its journal.
      if (wizard.checked) next[sameAt] = { ...next[sameAt], checked: true };
      done.same.push(wizardName(next[sameAt], sameAt));
    } else if (nameAt >= 0) {
      next[nameAt] = { ...wizard, journal: next[nameAt].journal || [] };
      done.updated.push(wizard.name);
    } else if (next.length >= MAX_WIZARDS) {
      done.refused.push(
        "la table compte déjà " +
          MAX_WIZARDS +
          " magiciens : " +
          wizardName(wizard, next.length) +
          " n’y entre pas",
      );
    } else {
      next.push(wizard);
      done.added.push(wizardName(wizard, next.length - 1));
    }
  }
  return { party: next, ...done };
}

/** The party link's value: every wizard's share link, in the table's order. */
export function partyValue(party) {
  return party.map(encodeLink).join(SEPARATOR);
}

/** The wizards of a party link's value, validated against the compendium (``known``); throws a
    BookError naming each refused book by its place. */
export function readPartyValue(value, known) {
  const text = String(value);
  if (!text) throw new BookError(["lien de table vide"]);
  if (text.length > MAX_LINK_CHARS * MAX_WIZARDS) {
    throw new BookError(["lien de table trop long"]);
  }
  const parts = text.split(SEPARATOR);
  if (parts.length > MAX_WIZARDS) {
    throw new BookError([
      "lien de table de " + parts.length + " grimoires (au plus " + MAX_WIZARDS + ")",
    ]);
  }
  const problems = [];
  const wizards = [];
  parts.forEach((part, index) => {
    try {
      wizards.push(wizardOf(readLink(part, known)));
    } catch (error) {
      if (!(error instanceof BookError)) throw error;
      problems.push("grimoire n° " + (index + 1) + " : " + error.problems.join(" ; "));
    }
  });
  if (problems.length) throw new BookError(problems);
  return wizards;
}

// A word of a chat message that may be a link: one holding ?livre= or ?livres=, or a share
// link's bare value (its version, a dot, its magie). The punctuation around it is not its own.
const TRIM = /^[<(["'«»\s]+|[>)\]"'«»,;:!?.\s]+$/gu;
const LINKISH = /[?&]livres?=|^[0-9]+\.-?[0-9]/;

/** The words of ``text`` that look like share or party links, in order. */
export function linksIn(text) {
  return String(text)
    .split(/\s+/u)
    .map((word) => word.replace(TRIM, ""))
    .filter((word) => LINKISH.test(word));
}

/**
 * The wizards of a pasted text (one link, several, or a whole chat message holding them; a party
 * link brings all of its own): {wizards, refused: ["lien n° k : …"]}; a text without any link is
 * one refusal.
 */
export function readPasted(text, known) {
  if (String(text).length > MAX_LINK_CHARS * MAX_WIZARDS) {
    return { wizards: [], refused: ["texte collé trop long"] };
  }
  const links = linksIn(text);
  if (!links.length) {
    return { wizards: [], refused: ["aucun lien de grimoire dans le texte collé"] };
  }
  const wizards = [];
  const refused = [];
  links.forEach((link, index) => {
    try {
      if (/[?&]livres=/.test(link)) {
        const value = new URL(link, "http://lien.invalid/").searchParams.get(PARTY_PARAM) || "";
        wizards.push(...readPartyValue(value, known));
      } else wizards.push(wizardOf(readPastedLink(link, known)));
    } catch (error) {
      if (!(error instanceof BookError) && !(error instanceof TypeError)) throw error;
      const problems = error instanceof BookError ? error.problems : ["adresse illisible"];
      refused.push("lien n° " + (index + 1) + " : " + problems.join(" ; "));
    }
  });
  return { wizards, refused };
}

/** The table's journal: every wizard's entries, newest first, as {entry, index} (``index``: the
    wizard's place at the table; of two entries of the same time, the later written first). */
export function tableJournal(party) {
  const all = party.flatMap((wizard, index) =>
    (wizard.journal || []).map((entry, order) => ({ entry, index, order })),
  );
  all.sort(
    (a, b) =>
      (a.entry.t < b.entry.t ? 1 : a.entry.t > b.entry.t ? -1 : 0) ||
      b.order - a.order ||
      b.index - a.index,
  );
  return all.map(({ entry, index }) => ({ entry, index }));
}

/** A duel's faces seen from the other side: its cast first, its test first. */
export const mirrored = (faces) => [faces[1], faces[0], faces[3], faces[2]].slice(0, faces.length);

/** The other wizard's entry of the duel ``last`` is one side of: a duel written at the same
    instant, the last of that wizard's journal, its faces those of ``last`` seen from across. */
function duelPartner(party, last) {
  if (last.entry.type !== "duel") return null;
  const across = mirrored(last.entry.des);
  const found = party.findIndex((wizard, index) => {
    const entry = wizard.journal?.[wizard.journal.length - 1];
    return (
      index !== last.index &&
      entry?.type === "duel" &&
      entry.t === last.entry.t &&
      entry.des.join() === across.join()
    );
  });
  return found < 0 ? null : found;
}

/** Takes back the table's newest entry (``party`` changed in place), and the other side's of a
    duel played at the table; returns {entry, index, partner: {entry, index} | null}. Throws a
    BookError when the journal is empty or the spell changed since. */
export function undoLast(party) {
  const [last] = tableJournal(party);
  if (!last) throw new BookError(["le journal de la table est vide : rien à annuler"]);
  const wizard = party[last.index];
  if (wizard.journal[wizard.journal.length - 1] !== last.entry) {
    throw new BookError([
      "cette entrée n’est plus la dernière de ce magicien : rien n’a été annulé",
    ]);
  }
  const other = duelPartner(party, last);
  const partner = other === null ? null : { entry: undo(party[other]), index: other };
  return { entry: undo(wizard), index: last.index, partner };
}
