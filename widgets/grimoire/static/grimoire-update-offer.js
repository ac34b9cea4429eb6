/* Grimoire — an update link from « La table » (?maj=…) opened on /grimoire/: read and checked
 * (grimoire-update.js), shown as what it would do to the stored spellbook as it is now (the
 * entries it adds, those it skips and why), merged only once the player chooses « Mettre à jour
 * mon grimoire », and undone as one by « Annuler la mise à jour ».
 */
import { dropParam, el } from "../shared/common.js";
import { BookError, loadBook } from "./grimoire-model.js";
import { UPDATE_PARAM, mergeUpdate, readUpdate, undoUpdate } from "./grimoire-update.js";

const plural = (n, one, many) => n + " " + (n > 1 ? many : one);

/** An entry named short: its spell, and its face or its level. */
const what = (page, entry) =>
  page.nameOf(entry.sort) +
  (entry.type === "niveau" ? ", niveau " + (entry.avant.apprentissage + 1) : ", face " + entry.de);

/** What ``done`` (mergeUpdate's result) says, in words: to come (``preview``) or done. */
function doneText(page, done, preview = false) {
  const added = preview
    ? plural(done.added.length, "entrée à ajouter", "entrées à ajouter")
    : plural(done.added.length, "entrée ajoutée", "entrées ajoutées");
  const parts = [added + " à votre journal"];
  if (done.already) {
    parts.push(plural(done.already, "déjà dans votre grimoire", "déjà dans votre grimoire"));
  }
  if (done.skipped.length) {
    parts.push(
      "écartée" +
        (done.skipped.length > 1 ? "s" : "") +
        " : " +
        done.skipped.map((s) => what(page, s.entry) + " (" + s.why + ")").join(" ; "),
    );
  }
  return parts.join(" ; ") + ".";
}

/** Offers the update of the page address's link, if it has one. */
export function readUpdateOffer(page) {
  const params = new URLSearchParams(window.location.search);
  if (!params.has(UPDATE_PARAM)) return;
  let update;
  try {
    update = readUpdate(params.get(UPDATE_PARAM) || "", page.known);
  } catch (error) {
    if (!(error instanceof BookError)) throw error;
    closeUpdate(page);
    page.say(
      "Mise à jour refusée : " +
        error.problems.join(" ; ") +
        ". Votre grimoire n’a pas été modifié.",
      "error",
    );
    return;
  }
  const read = loadBook();
  if (read.broken || read.inaccessible) {
    closeUpdate(page);
    page.say(
      "Mise à jour impossible : votre grimoire enregistré est illisible. Réparez-le d’abord " +
        "(ouvrez une sauvegarde), puis rouvrez ce lien.",
      "error",
    );
    return;
  }
  // What the merge would do to the book as it is now, shown before anything is written.
  const preview = structuredClone(read.book);
  const done = mergeUpdate(preview, update, page.known);
  page.pendingUpdate = update;
  const who = update.name ? "« " + update.name + " »" : "ce magicien";
  page.q("update-title").textContent = "Mettre à jour le grimoire de " + who + " ?";
  const mine = read.book.name;
  page.q("update-text").textContent =
    "La table a joué " +
    plural(update.entries.length, "entrée", "entrées") +
    " pour " +
    who +
    ". " +
    (mine && update.name && mine !== update.name
      ? "Attention : votre grimoire est celui de « " + mine + " ». "
      : "") +
    (done.added.length
      ? (done.added.length > 1 ? "Elles s’ajoutent" : "Elle s’ajoute") +
        " à votre journal après vos entrées ; ce que vous avez fait depuis est gardé. "
      : "") +
    doneText(page, done, true);
  page.q("update-list").replaceChildren(...done.added.map((e) => el("li", null, page.describe(e))));
  page.q("update-merge").hidden = done.added.length === 0;
  page.q("update-merge").textContent = "Mettre à jour mon grimoire";
  page.q("update-dismiss").textContent = done.added.length ? "Ne pas mettre à jour" : "Fermer";
  page.q("updated").hidden = true;
  const box = page.q("update");
  box.hidden = false;
  box.focus();
}

/** Hides the offer and takes the link out of the address. */
export function closeUpdate(page) {
  page.pendingUpdate = null;
  page.q("update").hidden = true;
  dropParam(UPDATE_PARAM);
}

function acceptUpdate(page) {
  const update = page.pendingUpdate;
  if (!update) return;
  let done = null;
  if (!page.update((book) => (done = mergeUpdate(book, update, page.known)))) return;
  closeUpdate(page);
  page.merged = done.added.map((e) => e.id);
  page.q("updated-text").textContent = doneText(page, done);
  page.q("update-undo").hidden = page.merged.length === 0;
  const box = page.q("updated");
  box.hidden = false;
  box.focus();
}

function undoMerge(page) {
  const ids = page.merged || [];
  let count = 0;
  if (!page.update((book) => (count = undoUpdate(book, ids)))) return;
  page.merged = null;
  page.q("updated").hidden = true;
  page.say(
    "Mise à jour annulée : " +
      plural(count, "entrée retirée", "entrées retirées") +
      " de votre journal.",
    "success",
  );
}

/** Binds the offer's and the merge's buttons. */
export function bindUpdate(page) {
  page.q("update-merge").addEventListener("click", () => acceptUpdate(page));
  page.q("update-dismiss").addEventListener("click", () => closeUpdate(page));
  page.q("update-undo").addEventListener("click", () => undoMerge(page));
  page.q("updated-close").addEventListener("click", () => {
    page.q("updated").hidden = true;
  });
}
