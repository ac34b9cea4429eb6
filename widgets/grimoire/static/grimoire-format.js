/* Grimoire — « Mon grimoire » going out and coming back: the share link and the exported file.
 *
 * Share link (short: no journal), version 3:
 *   ?livre=3.<magie>.<lecture>.<nom>.<slug>_<apprentissage>_<xp>[_m].<slug>_…
 *   (« _m »: that spell's state was set by hand, « modifié à la main », which the MJ's table says;
 *   unreserved characters only: the wizard's name as its UTF-8 bytes in base64url, empty when
 *   the book has none). Versions 2 (without the name: ?livre=2.<magie>.<lecture>.<slug>_…) and 1
 *   (without the reading either: ?livre=1.<magie>.<slug>_…) still import.
 * Export file: {"format": "grimoire-livre", "version": 3, "nom": …, "magie": …, "reglages",
 *   "sorts": [{slug, nom, apprentissage, xp, main (only when true)}], "journal"} (versions 1 and
 *   2 still import). Everything read is validated completely (grimoire-model.js) before anything
 *   is written: a refused link or file never touches the stored spellbook.
 */
import { BookError, FORMAT, VERSION, quoted, storedSpell, validate } from "./grimoire-model.js";
import { decodeName, encodeName } from "./grimoire-values.js";

export const LINK_PARAM = "livre";
/** Share links hold the name, the magic, the reading and the spells, short (no journal). */
const LINK_VERSION = 3;
/** The link versions still read (1: before the reading, 2: before the name). */
const LINK_VERSIONS = [1, 2, 3];
/** A pasted link longer than this is no spellbook's (a hundred spells fit in 4 000 characters). */
export const MAX_LINK_CHARS = 20000;
export const MAX_FILE_BYTES = 1000000;

/** The slugs of ``book``'s spells whose state was set by hand: marked so when read, or with a
    « modif » entry in its journal. */
export function handEdited(book) {
  const slugs = new Set(book.spells.filter((s) => s.hand).map((s) => s.slug));
  for (const entry of book.journal || []) if (entry.type === "modif") slugs.add(entry.sort);
  return slugs;
}

export function encodeLink(book) {
  const hand = handEdited(book);
  return [
    String(LINK_VERSION),
    String(book.magic),
    book.reading,
    encodeName(book.name || ""),
    ...book.spells.map(
      (s) => s.slug + "_" + s.learning + "_" + s.xp + (hand.has(s.slug) ? "_m" : ""),
    ),
  ].join(".");
}

function linkNumber(text) {
  return /^-?[0-9]{1,15}$/.test(text) ? Number(text) : text;
}

/** The link's text as the object validate() reads; structural problems throw a BookError. */
export function decodeLink(text) {
  if (!/^[A-Za-z0-9._-]*$/.test(text)) {
    throw new BookError(["caractères inattendus dans le lien (lien abîmé ?)"]);
  }
  const parts = text.split(".");
  if (parts.length < 2 || parts[0] === "") {
    throw new BookError(["lien incomplet (version ou magie absente)"]);
  }
  const data = { version: linkNumber(parts[0]), magie: linkNumber(parts[1]), sorts: [] };
  if (!LINK_VERSIONS.includes(data.version)) return data; // readLink() names the version
  let first = 2;
  if (data.version >= 2) {
    if (parts.length < 3)
      throw new BookError(["lien incomplet (lecture des extrêmes du dé absente)"]);
    data.reglages = { lecture: parts[2] };
    first = 3;
  }
  if (data.version >= 3) {
    if (parts.length < 4) throw new BookError(["lien incomplet (nom du magicien absent)"]);
    data.nom = decodeName(parts[3]);
    if (data.nom === null) {
      throw new BookError(["nom du magicien illisible dans le lien (lien abîmé ?)"]);
    }
    first = 4;
  }
  parts.slice(first).forEach((part, index) => {
    const fields = part.split("_");
    if (!(fields.length === 3 || (fields.length === 4 && fields[3] === "m"))) {
      throw new BookError(["sort n° " + (index + 1) + " du lien illisible : " + quoted(part)]);
    }
    const spell = {
      slug: fields[0],
      apprentissage: linkNumber(fields[1]),
      xp: linkNumber(fields[2]),
    };
    if (fields.length === 4) spell.main = true;
    data.sorts.push(spell);
  });
  return data;
}

/** The spellbook a share link's text holds, validated against the compendium (``known``). */
export function readLink(text, known) {
  const data = decodeLink(text);
  if (!LINK_VERSIONS.includes(data.version)) {
    throw new BookError([
      "version de lien " +
        quoted(data.version) +
        " non prise en charge (attendue : " +
        LINK_VERSIONS.join(" ou ") +
        ")",
    ]);
  }
  return {
    ...validate(data, known, {}),
    readingGiven: data.version >= 2,
    nameGiven: data.version >= 3,
  };
}

/**
 * The spellbook of a share link pasted whole (an address holding ?livre=…) or as the parameter's
 * value alone, validated like an opened link; ``readingGiven`` tells whether the link says how
 * its wizard reads the 1 and the 12 (version 1 links do not), ``nameGiven`` whether it names its
 * wizard (versions 1 and 2 do not).
 */
export function readPastedLink(pasted, known) {
  const text = String(pasted).trim();
  if (!text) throw new BookError(["lien vide"]);
  if (text.length > MAX_LINK_CHARS) throw new BookError(["lien trop long pour un grimoire"]);
  let value = text;
  if (/[?&]livre=/.test(text)) {
    try {
      value = new URL(text, "http://lien.invalid/").searchParams.get(LINK_PARAM) || "";
    } catch {
      throw new BookError(["ce n’est pas une adresse lisible"]);
    }
  } else if (/^[a-z]+:|\//i.test(text)) {
    throw new BookError(["ce lien ne contient pas de grimoire (paramètre « livre » absent)"]);
  }
  return readLink(value, known);
}

/** The exported file's object. */
export function exportData(book, known) {
  return {
    format: FORMAT,
    version: VERSION,
    nom: book.name || "",
    magie: book.magic,
    reglages: { lecture: book.reading },
    sorts: book.spells.map((s) => {
      const { slug, apprentissage, xp, main } = storedSpell(s);
      const spell = { slug, nom: known?.[s.slug] ? known[s.slug].name : s.slug, apprentissage, xp };
      return main ? { ...spell, main } : spell;
    }),
    journal: book.journal,
  };
}

/** The spellbook an exported file's text holds (``nameGiven``: the file names its wizard);
    throws a BookError in French. */
export function readFileText(text, known) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    // The browser's own parse message is English and cryptic: say what the reader can act on.
    throw new BookError([
      "ce n’est pas du JSON valide (fichier incomplet, abîmé ou d’un autre format)",
    ]);
  }
  const book = validate(data, known, { file: true });
  return { ...book, nameGiven: data.version >= 3 };
}

/** Reads a chosen file: a promise of its spellbook, or of a BookError. */
export function readFile(file, known) {
  if (file.size > MAX_FILE_BYTES) {
    return Promise.reject(
      new BookError([
        "fichier trop volumineux pour un grimoire (" + Math.round(file.size / 1000) + " ko)",
      ]),
    );
  }
  return file.text().then(
    (text) => readFileText(text, known),
    () => {
      throw new BookError(["lecture du fichier impossible"]);
    },
  );
}
