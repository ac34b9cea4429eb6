/* Grimoire — the index's « Cartes à imprimer »: its link to the cards page keeps the rows the
   reader sees, in the order shown, read from the index's view (spell-index-view.js) as the
   reader reaches for the link. Every spell in the default order: the cards page shows them all
   without a list. Without this script the link opens every card, as the list shows every row. */
import { cardsAddress } from "../shared/common.js";
import { indexView } from "./spell-index-view.js";

/** Keeps the link ``.gr-book-cards-link`` of the index ``root`` (``.gr-index``) to its view. */
export function keepCardsLink(root) {
  const link = root.querySelector(".gr-book-cards-link");
  if (!link) return;
  const page = cardsAddress(link.href, null);
  const update = () => {
    const view = indexView(root);
    if (view) link.href = cardsAddress(page, view.defaultView ? null : view.slugs);
  };
  for (const type of ["pointerdown", "focus", "click", "mouseenter"]) {
    link.addEventListener(type, update);
  }
}
