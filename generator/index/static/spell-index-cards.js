/* Grimoire — the index's « Cartes à imprimer »: its link to the cards page keeps the rows the
   reader sees, in the order shown, read from the index's view (spell-index-view.js) as the
   reader reaches for the link. Every spell in the default order: the cards page shows them all
   without a list. Without this script the link opens every card, as the list shows every row. */
import { indexView } from "./spell-index-view.js";

/** The address of the cards page ``page`` (its address without a query) for ``slugs``, in that
 * order; every card for null. */
export function cardsHref(page, slugs) {
  const url = new URL(page);
  url.search = slugs ? "?sorts=" + slugs.join(",") : "";
  return url.href;
}

/** Keeps the link ``.gr-book-cards-link`` of the index ``root`` (``.gr-index``) to its view. */
export function keepCardsLink(root) {
  const link = root.querySelector(".gr-book-cards-link");
  if (!link) return;
  const page = cardsHref(link.href, null);
  const update = () => {
    const view = indexView(root);
    if (view) link.href = cardsHref(page, view.defaultView ? null : view.slugs);
  };
  for (const type of ["pointerdown", "focus", "click", "mouseenter"]) {
    link.addEventListener(type, update);
  }
}
