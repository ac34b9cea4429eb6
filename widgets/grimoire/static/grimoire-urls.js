/* Grimoire — the addresses « Mon grimoire » links to: the spellbook page and the cards page. It
 * imports nothing, so the index can draw its buttons without the spellbook's modules. */

/** The site root: these modules are served from assets/grimoire/. */
export const ROOT = new URL("../../", import.meta.url);

export function bookUrl() {
  return new URL("grimoire/", ROOT).href;
}

export function cardsUrl(slugs) {
  const url = new URL("cartes/", ROOT);
  if (slugs) url.search = "?sorts=" + slugs.join(",");
  return url.href;
}
