/* Grimoire — where « Mon grimoire » is kept: one key of this browser's localStorage (and « La
 * table », the MJ's page, under its own key: every function takes the key, the spellbook's by
 * default).
 *
 * This module knows the medium only (the key, the raw text, the size bound, the other tabs'
 * changes); what the text means is grimoire-model.js's. It imports nothing, so a spell page can
 * ask whether a spellbook exists without loading the spellbook's modules.
 */

/** The one key under which the spellbook is stored. */
export const STORAGE_KEY = "grimoire.livre.v1";

/** A stored text longer than this is not read (treated like an unreadable spellbook). */
export const MAX_STORED_CHARS = 1000000;

/** {raw}: the stored text (null: nothing stored), or {raw: null, inaccessible: true}. */
export function readRaw(key = STORAGE_KEY) {
  try {
    return { raw: window.localStorage.getItem(key) };
  } catch {
    return { raw: null, inaccessible: true };
  }
}

/** Stores ``text``; false when the browser refuses (storage full or disabled). */
export function writeRaw(text, key = STORAGE_KEY) {
  try {
    window.localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** True when this browser keeps a spellbook (readable or not). */
export function hasStoredBook() {
  return readRaw().raw !== null;
}

/** Calls ``callback`` when another tab changes what is stored under ``key``. */
export function watchStored(callback, key = STORAGE_KEY) {
  window.addEventListener("storage", (event) => {
    if (event.key === key || event.key === null) callback();
  });
}
