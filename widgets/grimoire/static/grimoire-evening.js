/* Grimoire — the journal of /grimoire/: the last entries, « Annuler » (the last one, then the
 * one before), and the evening's summary (casts, XP per spell, outcomes seen beside those
 * expected, levels gained), copyable as text for the MJ. */
import { el } from "../shared/common.js";
import { copyAndSay } from "./grimoire-controls.js";
import { describe, evening, eveningText, undo } from "./grimoire-journal.js";

const SHOWN = 12; // entries listed, newest first
export const EVENING_HOURS = 12; // the evening: the journal's last twelve hours

const time = (iso) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ""
    : date.toLocaleTimeString("fr-FR", { hour: "2-digit", minute: "2-digit" });
};

/** Binds the journal's buttons (once). */
export function bindJournal(page) {
  page.q("undo").addEventListener("click", () => {
    let undone = null;
    if (
      page.update((book) => {
        undone = undo(book);
      })
    ) {
      page.say("Annulé : " + describe(undone, (slug) => page.nameOf(slug)) + ".", "info");
    }
  });
  page.q("summary-copy").addEventListener("click", () => {
    copyAndSay(
      page.q("summary").textContent,
      page.q("summary-status"),
      "Résumé copié.",
      "le résumé",
    );
  });
}

/** Draws the journal and the evening's summary of ``book``. */
export function renderJournal(page, book) {
  const entries = book.journal.slice(-SHOWN).reverse();
  page.q("journal-list").replaceChildren(
    ...entries.map((entry) => {
      const item = el("li", null);
      item.append(
        el("span", "gr-book__time", time(entry.t)),
        " " + describe(entry, (slug) => page.nameOf(slug)),
      );
      return item;
    }),
  );
  page.q("journal-empty").hidden = book.journal.length > 0;
  page.q("undo").disabled = !book.journal.length;
  const since = new Date(Date.now() - EVENING_HOURS * 3600 * 1000).toISOString();
  const summary = evening(book, since);
  page.q("summary").textContent = eveningText(summary, (slug) => page.nameOf(slug), book.name);
}
