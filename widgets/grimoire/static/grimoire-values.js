/* Grimoire — the plain values of « Mon grimoire »: the French error, a value quoted in a message,
 * the counts, slugs and times a spellbook may hold. It imports nothing, so every module of the
 * spellbook reads values one way.
 */

/** A value shown in a message, shortened and between French quotes (« rien » when absent). */
export function quoted(value) {
  if (value === undefined) return "rien";
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

/** More XP than this on one spell is no spellbook of a table (the last level costs a few hundred). */
export const MAX_XP = 1000000;

/** True for an integer from 0 to ``max`` (default: the largest exact integer). */
export function isCount(value, max = Number.MAX_SAFE_INTEGER) {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= max;
}

/** The integer a reader typed (ASCII digits only), or null. */
export function parseCount(text) {
  const trimmed = String(text).trim();
  if (!/^[0-9]{1,15}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

/** The signed integer a reader typed (« - » or « − » before ASCII digits), or null. */
export function parseSigned(text) {
  const trimmed = String(text).trim();
  const negative = trimmed.startsWith("-") || trimmed.startsWith("\u2212");
  const value = parseCount(negative ? trimmed.slice(1) : trimmed);
  return value === null ? null : negative ? -value : value;
}

/** The longest slug a spellbook holds (the compendium's are under 60 characters). */
export const MAX_SLUG = 120;

/** True for a spell's identifier as the compendium writes them: ASCII kebab-case. */
export function isSlug(value) {
  return (
    typeof value === "string" &&
    value.length <= MAX_SLUG &&
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)
  );
}

/** True for a time as the journal writes it (``Date.prototype.toISOString``). */
export function isTime(value) {
  return (
    typeof value === "string" &&
    /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{1,3})?Z$/.test(value) &&
    !Number.isNaN(Date.parse(value))
  );
}

/** A modifier beyond this is no cast of a table (the share, replay and cast panel's bound). */
export const MAX_MODIFIER = 999;

/** True for a cast's modifier: an integer from −MAX_MODIFIER to MAX_MODIFIER. */
export function isModifier(value) {
  return Number.isSafeInteger(value) && Math.abs(value) <= MAX_MODIFIER;
}

/** The modifier a reader typed or a link holds, or null (not an integer, or beyond the bound). */
export function parseModifier(text) {
  const value = parseSigned(text);
  return value !== null && isModifier(value) ? value : null;
}

/** What a modifier field accepts, in French: « un entier de −999 à 999 ». */
export const MODIFIER_RANGE = "un entier de \u2212" + MAX_MODIFIER + " à " + MAX_MODIFIER;

/** The XP a reader typed for one spell (0 to MAX_XP), or null. */
export function parseXp(text) {
  const value = parseCount(text);
  return value !== null && value <= MAX_XP ? value : null;
}

/** What an XP field accepts, in French. */
export const XP_RANGE = "un entier de 0 à " + MAX_XP;

/** The longest wizard's name a spellbook holds, in characters. */
export const MAX_NAME = 60;

// Characters no name holds: controls, the line and paragraph separators, and the marks that
// reorder the text around them (a name shown beside another must read as typed).
const NOT_IN_A_NAME = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A wizard's name as a spellbook keeps it: spaces trimmed, each run of them one space. */
export function cleanName(text) {
  return String(text).replace(/\s+/gu, " ").trim();
}

/** The problem of a wizard's name read or typed (null: none); ``value`` before cleanName. */
export function nameProblem(value) {
  if (typeof value !== "string") return "nom du magicien : texte attendu, reçu " + quoted(value);
  if (NOT_IN_A_NAME.test(value.replace(/[\t\n\r]/g, " "))) {
    return "nom du magicien : caractère de contrôle refusé";
  }
  const length = [...cleanName(value)].length;
  if (length > MAX_NAME) {
    return "nom du magicien : au plus " + MAX_NAME + " caractères, reçu " + length;
  }
  return null;
}

/** The name a link carries: its UTF-8 bytes in base64url, unpadded (unreserved characters). */
export function encodeName(name) {
  let binary = "";
  for (const byte of new TextEncoder().encode(name)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The name a link's part holds, or null when it is no name's encoding. */
export function decodeName(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A modifier as the pages write it: « +1 », « −1 » (a minus sign), « 0 ». */
export const signed = (n) => (n > 0 ? "+" + n : n < 0 ? "\u2212" + -n : "0");
