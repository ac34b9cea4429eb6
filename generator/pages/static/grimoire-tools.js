/* Grimoire — « Mon grimoire »'s buttons on a spell page (« Ajouter à Mon grimoire », « Carte à
 * imprimer ») and on the index (one button per row, « Cartes à imprimer » for the rows shown). */
import { el } from "./common.js";
import { openDialog } from "./grimoire-dialog.js";
import { find, loadBook } from "./grimoire-model.js";
import { castOdds, castable, oddsLine } from "./grimoire-table.js";
import { watchStored } from "./grimoire-store.js";

/** The site root: these modules are served from assets/site/. */
export const ROOT = new URL("../../", import.meta.url);

export function bookUrl() {
  return new URL("grimoire/", ROOT).href;
}

export function cardsUrl(slugs) {
  const url = new URL("cartes/", ROOT);
  if (slugs) url.search = "?sorts=" + slugs.join(",");
  return url.href;
}

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
      status.append((announce ? "Enregistré dans Mon grimoire : " : "Dans Mon grimoire : ") +
                    "apprentissage " + entry.learning + ", " + entry.xp + " XP. ");
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

/* Above the spell page's full tables: that wizard's odds for this spell in one large line (the
   book's magie and reading, the spell's apprentissage), while the spell is in « Mon grimoire ».
   Returns the function that redraws it. */
function mountYourOdds(article, slug) {
  const tables = article.querySelector(".gr-static-tables");
  if (!tables) return () => {};
  const line = el("p", "gr-your-odds");
  line.setAttribute("data-your-odds", "");
  line.hidden = true;
  tables.parentNode.insertBefore(line, tables);
  const draw = () => {
    const book = loadBook().book;
    const entry = find(book, slug);
    line.hidden = !entry;
    if (!entry) return;
    line.replaceChildren();
    const head = el("strong", null, "Vos chances (magie " + book.magic + ", apprentissage " + entry.learning + ") : ");
    if (!castable(entry.learning)) {
      line.append(head, "ce sort est en cours d’apprentissage, il ne peut pas encore être lancé.");
      return;
    }
    line.append(head, oddsLine(castOdds({ magic: book.magic, learning: entry.learning, reading: book.reading })) +
                " ");
    const link = el("a", null, "Lancer depuis Mon grimoire");
    link.href = bookUrl();
    line.appendChild(link);
  };
  draw();
  return draw;
}

/** The index's buttons: one per row (rows the index draws later get theirs as they come), and
 * « Cartes à imprimer » for the rows shown. */
export function mountIndexTools(root) {
  const index = root.querySelector(".gr-index");
  if (!index) return;
  const tbody = index.querySelector(".gr-index-table tbody");
  const rows = tbody ? [...tbody.querySelectorAll("tr[data-slug]")] : [];
  if (!rows.length) return;
  const buttons = new Map();
  const label = (button, book) => {
    const entry = find(book, button.getAttribute("data-slug"));
    const name = button.getAttribute("data-name");
    button.setAttribute("data-in-book", entry ? "true" : "false");
    button.setAttribute("aria-label", entry
      ? name + " est dans Mon grimoire (apprentissage " + entry.learning + ", " + entry.xp +
        " XP) : modifier"
      : "Ajouter " + name + " à Mon grimoire");
    button.title = entry ? "Dans Mon grimoire : modifier" : "Ajouter à Mon grimoire";
  };
  const refresh = () => {
    const book = loadBook().book;
    for (const button of buttons.values()) label(button, book);
  };
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
    button.addEventListener("click", () => {
      openDialog(slug, name, row.getAttribute("data-difficulty"), refresh);
    });
    cell.appendChild(button);
    buttons.set(slug, button);
    return button;
  };
  for (const row of rows) addButton(row);
  if (typeof MutationObserver === "function") {
    new MutationObserver((records) => {
      let book = null;
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.nodeType !== 1 || !node.matches("tr[data-slug]")) continue;
          const button = addButton(node);
          if (!button) continue;
          if (!book) book = loadBook().book;
          label(button, book);
        }
      }
    }).observe(tbody, { childList: true });
  }
  watchStored(refresh);
  refresh();

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
  import("./spell-index.js").then((m) => { view = m.indexView; }, () => {});
  const update = () => {
    const shownView = view?.(index);
    if (shownView) {
      cards.href = shownView.defaultView ? cardsUrl(null) : cardsUrl(shownView.slugs);
      return;
    }
    const shown = [...index.querySelectorAll(".gr-index-table tbody tr[data-slug]")].filter(
      (row) => (typeof row.checkVisibility === "function" ? row.checkVisibility() : !row.hidden));
    const first = index.querySelector(".gr-index-table thead th");
    const defaultView = shown.length === rows.length &&
      (!first || first.getAttribute("aria-sort") === "ascending");
    // Every spell in the default order: the cards page shows them all without a list.
    cards.href = defaultView ? cardsUrl(null) : cardsUrl(shown.map((row) => row.getAttribute("data-slug")));
  };
  for (const type of ["pointerdown", "focus", "click", "mouseenter"]) cards.addEventListener(type, update);
}
