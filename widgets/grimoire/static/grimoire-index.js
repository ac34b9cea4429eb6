/* Grimoire — « Mon grimoire » on the index of all spells: this page's entry module, loaded at once.
 *
 * It draws one button per row (« Ajouter … à Mon grimoire »); the spellbook's own modules (its model, the rules' data, the dialog) are
 * imported only on the first tap of a row's button, or at once for a reader who already keeps a
 * spellbook in this browser (the buttons then tell which spells are in it).
 */
import { el, whenReady } from "../shared/common.js";
import { hasStoredBook, watchStored } from "./grimoire-store.js";

let tools = null;

function load() {
  tools ||= import("./grimoire-tools.js").catch((error) => {
    tools = null;
    throw error;
  });
  return tools;
}

/** The index's buttons: one per row (rows the index draws later get theirs as they come). */
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
    // Every row the index draws gets its button (each added node is looked at).
    const buttonAdded = (node) =>
      node.nodeType === 1 && node.matches("tr[data-slug]") && Boolean(addButton(node));
    new MutationObserver((records) => {
      const nodes = records.flatMap((record) => [...record.addedNodes]);
      const added = nodes.filter(buttonAdded).length > 0;
      if (added && loaded) refresh();
    }).observe(tbody, { childList: true });
  }
  if (hasStoredBook()) refresh();
  watchStored(refresh);
}

whenReady(() => mountIndexBook(document));
