/* Grimoire — the addresses « Mon grimoire » links to: the spellbook page and the cards page. It
 * imports only the shared helpers, so the index can draw its buttons without the spellbook's
 * modules. */
import { cardsAddress } from "../shared/common.js";

/** The site root: these modules are served from assets/grimoire/. */
export const ROOT = new URL("../../", import.meta.url);

export function bookUrl() {
  return new URL("grimoire/", ROOT).href;
}

export function cardsUrl(slugs) {
  return cardsAddress(new URL("cartes/", ROOT).href, slugs);
}
