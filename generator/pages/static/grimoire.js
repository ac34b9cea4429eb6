/* Grimoire — « Mon grimoire »'s entry module on the pages that load it at once (the
 * spellbook page, the cards page, a spell page of a reader who keeps a spellbook, through grimoire-lazy.js): it
 * mounts what the page holds. The parts: grimoire-store.js (where the spellbook is kept),
 * grimoire-model.js (what it is, validation), grimoire-format.js (share link and file),
 * grimoire-dialog.js (the add dialog), grimoire-tools.js (spell page and index buttons, the
 * wizard's odds on a spell page), grimoire-page.js, grimoire-import.js and grimoire-figures.js
 * (the page /grimoire/), grimoire-table.js (a cast from the rules' data), grimoire-cast.js (« Lancer »
 * and level-ups), grimoire-replay.js (the link that replays a drawn die), grimoire-journal.js and grimoire-evening.js (the journal, undo, the evening).
 */
import { whenReady } from "./common.js";
import { mountBookPage } from "./grimoire-page.js";
import { mountSpellTools } from "./grimoire-tools.js";

/** Mounts « Mon grimoire » on what ``root`` holds: a spell page, the index, the spellbook page. */
export function mountBook(root) {
  mountSpellTools(root);
  mountBookPage(root);
}

whenReady(() => mountBook(document));
