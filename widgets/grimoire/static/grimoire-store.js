/* Grimoire — where « Mon grimoire » is kept: one key of this browser's localStorage.
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
export function readRaw() {
  try {
    return { raw: window.localStorage.getItem(STORAGE_KEY) };
  } catch {
    return { raw: null, inaccessible: true };
  }
}

/** Stores ``text``; false when the browser refuses (storage full or disabled). */
export function writeRaw(text) {
  try {
    window.localStorage.setItem(STORAGE_KEY, text);
    return true;
  } catch {
    return false;
  }
}

/** True when this browser keeps a spellbook (readable or not). */
export function hasStoredBook() {
  return readRaw().raw !== null;
}

/** Calls ``callback`` when another tab changes the stored spellbook. */
export function watchStored(callback) {
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEY || event.key === null) callback();
  });
}
