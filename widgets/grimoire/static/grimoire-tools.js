/* Grimoire — « Mon grimoire »'s buttons on a spell page (« Ajouter à Mon grimoire », « Carte à
 * imprimer ») and the labels of the index's row buttons (drawn by grimoire-index.js, which
 * imports this module on the first tap or for a reader who keeps a spellbook). */
import { el } from "../shared/common.js";
import { markCharts } from "./grimoire-chart.js";
import { openDialog } from "./grimoire-dialog.js";
import { find, loadBook } from "./grimoire-model.js";
import { castOdds, castable, oddsLine } from "./grimoire-table.js";
import { watchStored } from "./grimoire-store.js";

import { bookUrl, cardsUrl } from "./grimoire-urls.js";

export { ROOT, bookUrl, cardsUrl } from "./grimoire-urls.js";
export { openDialog };

/** The spell page's buttons, below its tools (taking the place of grimoire-lazy.js's button). */
export function mountSpellTools(root) {
  const article = root.querySelector("article.gr-spell[data-slug]");
  const tools = article?.querySelector(".gr-spell-tools");
  const slug = article?.getAttribute("data-slug");
  if (!tools || !slug) return;
  const heading = root.querySelector(".md-content h1");
  const name = heading ? heading.textContent.trim() : slug;
  const box = el("div", "gr-book-tools");
  const add = el("button", "md-button gr-book-add");
  add.type = "button";
  const cards = el("a", "md-button gr-book-card", "Carte à imprimer");
  cards.href = cardsUrl([slug]);
  const status = el("p", "gr-book-status");
  status.setAttribute("role", "status");
  box.append(add, cards, status);
  const waiting = root.querySelector("[data-book-lazy]");
  tools.parentNode.insertBefore(box, waiting ? waiting.nextSibling : tools.nextSibling);

  const refresh = (announce) => {
    const entry = find(loadBook().book, slug);
    add.textContent = entry ? "Dans Mon grimoire : modifier" : "Ajouter à Mon grimoire";
    add.setAttribute("data-in-book", entry ? "true" : "false");
    status.replaceChildren();
    if (entry) {
      status.append(
        (announce ? "Enregistré dans Mon grimoire : " : "Dans Mon grimoire : ") +
          "apprentissage " +
          entry.learning +
          ", " +
          entry.xp +
          " XP. ",
      );
      const link = el("a", null, "Voir Mon grimoire");
      link.href = bookUrl();
      status.appendChild(link);
    }
  };
  add.addEventListener("click", () => {
    openDialog(slug, name, article.getAttribute("data-difficulty"), () => {
      refresh(true);
      odds();
    });
  });
  const odds = mountYourOdds(article, slug);
  watchStored(() => {
    refresh(false);
    odds();
  });
  refresh(false);
  // The page's own button (grimoire-lazy.js) stood here until this module came: take its
  // place, and open the dialog if it was tapped.
  if (waiting) {
    const tapped = waiting.hasAttribute("data-book-clicked");
    const focused = waiting.contains(document.activeElement);
    waiting.remove();
    if (focused || tapped) add.focus();
    if (tapped) add.click();
  }
}

/* First in the spell page's rules, above its calculator and its full tables: that wizard's odds
   for this spell in one large line (the book's magie and reading, the spell's apprentissage),
   while the spell is in « Mon grimoire ». Returns the function that redraws it. */
function mountYourOdds(article, slug) {
  const tables = article.querySelector(".gr-static-tables");
  if (!tables) return () => {};
  const first = tables.parentNode.querySelector(":scope > .gr-calc") || tables;
  const line = el("p", "gr-your-odds");
  line.setAttribute("data-your-odds", "");
  line.hidden = true;
  first.parentNode.insertBefore(line, first);
  const draw = () => {
    const book = loadBook().book;
    const entry = find(book, slug);
    line.hidden = !entry;
    markCharts(
      article,
      entry && castable(entry.learning)
        ? { magic: book.magic, learning: entry.learning, reading: book.reading }
        : null,
    );
    if (!entry) return;
    line.replaceChildren();
    const head = el(
      "strong",
      null,
      "Vos chances (magie " + book.magic + ", apprentissage " + entry.learning + ") : ",
    );
    if (!castable(entry.learning)) {
      line.append(head, "ce sort est en cours d’apprentissage, il ne peut pas encore être lancé.");
      return;
    }
    line.append(
      head,
      oddsLine(castOdds({ magic: book.magic, learning: entry.learning, reading: book.reading })) +
        " ",
    );
    const link = el("a", null, "Lancer depuis Mon grimoire");
    link.href = bookUrl();
    line.appendChild(link);
  };
  draw();
  // The chart enters the page as the reader nears it (site.js): marked then.
  tables.addEventListener("gr-opened", draw);
  return draw;
}

/** Labels the index's row buttons (``buttons``: slug → button) by what the stored spellbook holds. */
export function labelIndexButtons(buttons) {
  const book = loadBook().book;
  for (const [slug, button] of buttons) {
    const entry = find(book, slug);
    const name = button.getAttribute("data-name");
    button.setAttribute("data-in-book", entry ? "true" : "false");
    button.setAttribute(
      "aria-label",
      entry
        ? name +
            " est dans Mon grimoire (apprentissage " +
            entry.learning +
            ", " +
            entry.xp +
            " XP) : modifier"
        : "Ajouter " + name + " à Mon grimoire",
    );
    button.title = entry ? "Dans Mon grimoire : modifier" : "Ajouter à Mon grimoire";
  }
}
