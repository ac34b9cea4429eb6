/* Grimoire — « Mon grimoire » on the cards page (/cartes/?grimoire=1): this page's entry of the
 * spellbook's room, run before the cards' own script (module scripts run in the page's order).
 * It hands the cards the spells of the stored spellbook through the page, the deck's
 * ``data-grimoire`` attribute, so that cards.js imports nothing of this room: JSON of
 * {slugs, broken} (broken: why the stored spellbook could not be read whole, or null), or
 * {failed: true} when this browser's storage cannot be read. Read-only; slugs are the stored
 * ones, which the cards page checks against its own cards. */
import { readBook } from "./grimoire-model.js";

/** What the cards page needs of the stored spellbook (see above). */
export function bookForCards() {
  try {
    const book = readBook();
    return { slugs: book.spells.map((spell) => spell.slug), broken: book.broken };
  } catch {
    return { failed: true };
  }
}

/** Writes it on the page's deck when the address asks for the spellbook's cards. */
export function handBookToCards(doc, search) {
  const deck = doc.querySelector(".gr-deck");
  if (deck && new URLSearchParams(search).get("grimoire")) {
    deck.dataset.grimoire = JSON.stringify(bookForCards());
  }
}

if (typeof document !== "undefined") handBookToCards(document, window.location.search);
