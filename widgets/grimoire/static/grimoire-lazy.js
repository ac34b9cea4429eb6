/* Grimoire — « Mon grimoire » on a spell page: this page's entry module, loaded at once.
 *
 * The page holds the « Ajouter à Mon grimoire » button and the « Carte à imprimer » link
 * ([data-book-lazy], so nothing moves when the spellbook's modules arrive); for a reader without
 * a spellbook they are imported on the first tap of the button, which then opens the dialog. A
 * reader who already keeps a spellbook in this browser gets them right away (the button then
 * tells whether the spell is in it).
 */
import { whenReady } from "../shared/common.js";
import { hasStoredBook } from "./grimoire-store.js";

let loading = null;

function load(root) {
  if (!loading)
    loading = import("./grimoire-tools.js").then((tools) => tools.mountSpellTools(root));
  return loading;
}

/** Wait for a first tap on ``root``'s [data-book-lazy] button, then load the spellbook. */
export function mountBookLazy(root) {
  const box = root.querySelector("[data-book-lazy]");
  if (!box) return;
  if (hasStoredBook()) {
    load(root);
    return;
  }
  const add = box.querySelector(".gr-book-add");
  const status = box.querySelector(".gr-book-status");
  add.addEventListener("click", () => {
    if (box.hasAttribute("data-book-clicked")) return;
    box.setAttribute("data-book-clicked", "");
    load(root).catch(() => {
      loading = null;
      box.removeAttribute("data-book-clicked");
      if (status) status.textContent = "Mon grimoire n’a pas pu être chargé : réessayez.";
    });
  });
}

whenReady(() => mountBookLazy(document));
