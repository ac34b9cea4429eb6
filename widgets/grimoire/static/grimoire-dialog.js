/* Grimoire — the « Ajouter à Mon grimoire » dialog (a spell page, the index): the reader's
 * apprentissage of the spell and the XP already earned at it, validated, then stored. */
import { el } from "../shared/common.js";
import { BOOK_LEARNING, find, loadBook, quoted, saveBook } from "./grimoire-model.js";
import { XP_RANGE, parseXp } from "./grimoire-values.js";
import { setSpell } from "./grimoire-journal.js";

let dialog = null;

/** Fills ``select`` with the apprentissage a spell may have in the book. */
export function learningOptions(select) {
  for (let n = BOOK_LEARNING.min; n <= BOOK_LEARNING.max; n++) {
    const option = el("option", null, String(n));
    option.value = String(n);
    select.appendChild(option);
  }
}

// Adds or updates one spell; false when the browser refused to store it.
function putSpell(slug, learning, xp) {
  const read = loadBook();
  if (read.broken) return false;
  setSpell(read.book, slug, learning, xp, new Date().toISOString());
  return saveBook(read.book, read.kept);
}

function field(labelText, control, id) {
  const row = el("div", "gr-book-dialog__field");
  const label = el("label", null, labelText);
  label.htmlFor = id;
  control.id = id;
  row.append(label, control);
  return row;
}

function build() {
  const node = el("dialog", "gr-book-dialog md-typeset");
  node.setAttribute("aria-labelledby", "gr-book-dialog-title");
  const form = el("form");
  form.method = "dialog";
  form.noValidate = true;
  const title = el("h2", "gr-book-dialog__title");
  title.id = "gr-book-dialog-title";
  const intro = el(
    "p",
    "gr-book-dialog__intro",
    "Votre apprentissage de ce sort et l’XP déjà gagnée à ce niveau d’apprentissage.",
  );
  const learning = el("select");
  learningOptions(learning);
  const xp = el("input");
  Object.assign(xp, { type: "number", min: "0", step: "1", inputMode: "numeric" });
  const error = el("p", "gr-book-dialog__error");
  error.setAttribute("role", "alert");
  const buttons = el("div", "gr-book-dialog__buttons");
  const cancel = el("button", "md-button", "Annuler");
  cancel.type = "button";
  const ok = el("button", "md-button md-button--primary", "Ajouter");
  ok.type = "submit";
  buttons.append(cancel, ok);
  form.append(
    title,
    intro,
    field("Apprentissage", learning, "gr-book-dialog-learning"),
    field("XP pour ce sort", xp, "gr-book-dialog-xp"),
    error,
    buttons,
  );
  node.appendChild(form);
  document.body.appendChild(node);
  cancel.addEventListener("click", () => node.close("cancel"));
  const state = {
    node,
    title,
    learning,
    xp,
    error,
    ok,
    onDone: null,
    slug: null,
    difficulty: null,
  };
  const refuse = (text) => {
    error.textContent = text;
    xp.setAttribute("aria-invalid", "true");
    xp.focus();
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = parseXp(xp.value);
    if (value === null) {
      refuse("XP : attendu " + XP_RANGE + ", reçu " + quoted(xp.value) + ".");
      return;
    }
    if (!putSpell(state.slug, Number(learning.value), value)) {
      error.textContent =
        "Le navigateur refuse d’enregistrer Mon grimoire (stockage plein, " +
        "désactivé ou grimoire enregistré illisible : voyez la page Mon grimoire).";
      return;
    }
    node.close("ok");
    if (state.onDone) state.onDone();
  });
  return state;
}

/** Opens the dialog for one spell; ``onDone`` runs once the spellbook holds it. */
export function openDialog(slug, name, difficulty, onDone) {
  dialog ||= build();
  const d = dialog;
  const entry = find(loadBook().book, slug);
  Object.assign(d, { slug, difficulty, onDone });
  d.title.textContent =
    (entry ? "Modifier « " : "Ajouter « ") +
    name +
    " »" +
    (entry ? " dans Mon grimoire" : " à Mon grimoire");
  d.ok.textContent = entry ? "Enregistrer" : "Ajouter";
  d.learning.value = String(entry ? entry.learning : BOOK_LEARNING.min + 1);
  d.xp.value = String(entry ? entry.xp : 0);
  d.xp.removeAttribute("aria-invalid");
  d.error.textContent = "";
  if (typeof d.node.showModal === "function") d.node.showModal();
  else d.node.setAttribute("open", "");
  d.learning.focus();
}
