/* Grimoire — « Mon grimoire » on a spell page, loaded when needed.
 *
 * The page holds the « Ajouter à Mon grimoire » button and the « Carte à imprimer » link
 * ([data-book-lazy], so nothing moves when the module arrives); for a reader without a spellbook
 * the spellbook's module (grimoire.js, with its configuration) is imported on the first tap of
 * the button, then opens the dialog. A reader who already keeps a spellbook in this browser
 * gets it right away (the button then tells whether the spell is in it).
 */
import { whenReady } from "./common.js";

// grimoire.js keeps the spellbook under this key (not imported: that would load it at once).
const STORAGE_KEY = "grimoire.livre.v1";
let loading = null;

function load() {
  if (!loading) loading = import("./grimoire.js");
  return loading;
}

function hasBook() {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== null;
  } catch (error) {
    return false;
  }
}

/** Wait for a first tap on ``root``'s [data-book-lazy] button, then load the spellbook. */
export function mountBookLazy(root) {
  const box = root.querySelector("[data-book-lazy]");
  if (!box) return;
  if (hasBook()) {
    load();
    return;
  }
  const add = box.querySelector(".gr-book-add");
  const status = box.querySelector(".gr-book-status");
  add.addEventListener("click", () => {
    if (box.hasAttribute("data-book-clicked")) return;
    box.setAttribute("data-book-clicked", "");
    load().catch(() => {
      loading = null;
      box.removeAttribute("data-book-clicked");
      if (status) status.textContent = "Mon grimoire n’a pas pu être chargé : réessayez.";
    });
  });
}

whenReady(() => mountBookLazy(document));
