/* Grimoire — « Mon grimoire » on the index of all spells: this page's entry module, loaded at once.
 *
 * It draws one button per row (« Ajouter … à Mon grimoire ») and keeps « Cartes à imprimer » on
 * the rows shown; the spellbook's own modules (its model, the rules' data, the dialog) are
 * imported only on the first tap of a row's button, or at once for a reader who already keeps a
 * spellbook in this browser (the buttons then tell which spells are in it).
 */
import { el, whenReady } from "../shared/common.js";
import { hasStoredBook, watchStored } from "./grimoire-store.js";
import { cardsUrl } from "./grimoire-urls.js";

let tools = null;

function load() {
  tools ||= import("./grimoire-tools.js").catch((error) => {
    tools = null;
    throw error;
  });
  return tools;
}

/** The index's buttons: one per row (rows the index draws later get theirs as they come), and
 * « Cartes à imprimer » for the rows shown. */
export function mountIndexBook(root) {
  const index = root.querySelector(".gr-index");
  if (!index) return;
  const tbody = index.querySelector(".gr-index-table tbody");
  const rows = tbody ? [...tbody.querySelectorAll("tr[data-slug]")] : [];
  if (!rows.length) return;
  const buttons = new Map();
  let loaded = false; // the spellbook's modules came: new buttons are labelled by the book
  const refresh = () =>
    load().then(
      (module) => {
        loaded = true;
        module.labelIndexButtons(buttons);
      },
      () => {},
    );
  const addButton = (row) => {
    const slug = row.getAttribute("data-slug");
    const cell = row.querySelector("th");
    const link = cell?.querySelector("a");
    if (!slug || !cell || !link || buttons.has(slug)) return null;
    const name = link.textContent.trim();
    const button = el("button", "gr-book-row");
    button.type = "button";
    button.setAttribute("data-name", name);
    button.setAttribute("data-slug", slug);
    button.setAttribute("data-in-book", "false");
    button.setAttribute("aria-label", "Ajouter " + name + " à Mon grimoire");
    button.title = "Ajouter à Mon grimoire";
    button.addEventListener("click", () => {
      load().then(
        (module) => {
          loaded = true;
          module.labelIndexButtons(buttons);
          module.openDialog(slug, name, row.getAttribute("data-difficulty"), refresh);
        },
        () => {
          button.title = "Mon grimoire n’a pas pu être chargé : réessayez.";
          button.setAttribute(
            "aria-label",
            name + " : Mon grimoire n’a pas pu être chargé, réessayez",
          );
        },
      );
    });
    cell.appendChild(button);
    buttons.set(slug, button);
    return button;
  };
  for (const row of rows) addButton(row);
  if (typeof MutationObserver === "function") {
    new MutationObserver((records) => {
      let added = false;
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.nodeType === 1 && node.matches("tr[data-slug]") && addButton(node)) added = true;
        }
      }
      if (added && loaded) refresh();
    }).observe(tbody, { childList: true });
  }
  if (hasStoredBook()) refresh();
  watchStored(refresh);

  // « Cartes à imprimer »: the rows the reader sees, in the order shown.
  const actions = index.querySelector(".gr-filter-actions");
  if (!actions) return;
  // The index page holds the link already (nothing moves when this module comes).
  let cards = actions.querySelector(".gr-book-cards-link");
  if (!cards) {
    cards = el("a", "md-button gr-book-cards-link", "Cartes à imprimer");
    actions.append(" ", cards);
  }
  cards.href = cardsUrl(null);
  /* The index's own view (it draws only the rows the reader scrolls to). */
  let view = null;
  import("../site/spell-index-view.js").then(
    (m) => {
      view = m.indexView;
    },
    () => {},
  );
  const update = () => {
    const shownView = view?.(index);
    if (shownView) {
      cards.href = shownView.defaultView ? cardsUrl(null) : cardsUrl(shownView.slugs);
      return;
    }
    const shown = [...index.querySelectorAll(".gr-index-table tbody tr[data-slug]")].filter(
      (row) => (typeof row.checkVisibility === "function" ? row.checkVisibility() : !row.hidden),
    );
    const first = index.querySelector(".gr-index-table thead th");
    const defaultView =
      shown.length === rows.length && (!first || first.getAttribute("aria-sort") === "ascending");
    // Every spell in the default order: the cards page shows them all without a list.
    cards.href = defaultView
      ? cardsUrl(null)
      : cardsUrl(shown.map((row) => row.getAttribute("data-slug")));
  };
  for (const type of ["pointerdown", "focus", "click", "mouseenter"])
    cards.addEventListener(type, update);
}

whenReady(() => mountIndexBook(document));
