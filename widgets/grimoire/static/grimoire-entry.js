/* Grimoire — one spell of the page /grimoire/: its name and link, « Lancer » and its panel
 * (grimoire-cast.js), its facts, its apprentissage and XP (saved as typed, refused when another
 * tab changed it), its figures' slots (grimoire-figures.js fills them), its card and removal.
 * Spell text is data: the DOM is built with textContent only.
 */
import { el } from "../shared/common.js";
import { castControls } from "./grimoire-cast.js";
import { castCompare } from "./grimoire-compare.js";
import { learningOptions } from "./grimoire-dialog.js";
import { removeSpell, setSpell } from "./grimoire-journal.js";
import { BookError, CONFIG, find, quoted } from "./grimoire-model.js";
import { XP_RANGE, parseXp } from "./grimoire-values.js";
import { ROOT, cardsUrl } from "./grimoire-tools.js";

const DASH = "\u2014";

/** One spell of the book: its name, « Lancer », its facts, apprentissage and XP, figures and
 *  actions (``page``: a BookPage, which keeps the entry's slots to fill its figures). */
export function renderEntry(page, entry) {
  const spell = page.known[entry.slug];
  const name = page.nameOf(entry.slug);
  const item = el("li", "gr-book__entry");
  item.setAttribute("data-slug", entry.slug);
  const head = el("h2", "gr-book__name");
  if (spell) {
    const link = el("a", null, spell.name);
    link.href = new URL(spell.url, ROOT).href;
    head.appendChild(link);
  } else {
    head.textContent = entry.slug;
  }
  item.appendChild(head);
  // At the table, « Lancer » and its panel come first, right under the spell's name.
  castControls(page, item, entry, spell, name);
  if (spell) {
    const facts = el("ul", "gr-book__facts");
    for (const [label, value] of [
      ["Niveaux", spell.levels.raw],
      ["Élément", CONFIG.elements[spell.element] || spell.element],
      ["Difficulté", spell.difficulty + " / " + CONFIG.difficulty.max],
    ]) {
      const li = el("li");
      li.append(el("span", "gr-book__label", label + " : "), String(value));
      facts.appendChild(li);
    }
    item.appendChild(facts);
  } else {
    item.appendChild(
      el(
        "p",
        "gr-book__error",
        "Ce sort n’existe plus dans le compendium : il reste dans votre grimoire, ses sauvegardes et ses liens.",
      ),
    );
  }

  const inputs = el("div", "gr-book__inputs");
  const id = "gr-book-" + entry.slug;
  const learningLabel = el("label", null, "Apprentissage");
  learningLabel.htmlFor = id + "-learning";
  const learning = el("select");
  learning.id = id + "-learning";
  learningOptions(learning);
  learning.value = String(entry.learning);
  const xpLabel = el("label", null, "XP");
  xpLabel.htmlFor = id + "-xp";
  const xp = el("input");
  Object.assign(xp, {
    id: id + "-xp",
    type: "number",
    min: "0",
    step: "1",
    inputMode: "numeric",
    value: String(entry.xp),
  });
  for (const pair of [
    [learningLabel, learning],
    [xpLabel, xp],
  ]) {
    const group = el("span", "gr-book__pair");
    group.append(...pair);
    inputs.appendChild(group);
  }
  item.appendChild(inputs);
  const error = el("p", "gr-book__error");
  error.setAttribute("role", "alert");
  item.appendChild(error);

  const figures = el("dl", "gr-book__figures");
  const slots = {};
  for (const [key, label] of [
    ["next", "XP jusqu’au niveau suivant"],
    ["casts", "Lancers attendus pour l’atteindre"],
  ]) {
    const row = el("div");
    slots[key] = el("dd", null, DASH);
    row.append(el("dt", null, label), slots[key]);
    figures.appendChild(row);
  }
  item.appendChild(figures);
  const compare = spell ? castCompare(page.current(), entry, name) : null;
  if (compare) item.appendChild(compare);

  const actions = el("div", "gr-book__row-actions");
  const card = el("a", "md-button", "Carte à imprimer");
  card.href = cardsUrl([entry.slug]);
  card.setAttribute("aria-label", "Carte à imprimer : " + name);
  const remove = el("button", "md-button gr-book__remove", "Retirer");
  remove.type = "button";
  remove.setAttribute("aria-label", "Retirer " + name + " de Mon grimoire");
  actions.append(card, remove);
  item.appendChild(actions);

  const save = () => {
    const value = parseXp(xp.value);
    if (value === null) {
      error.textContent = "XP : attendu " + XP_RANGE + ", reçu " + quoted(xp.value) + ".";
      xp.setAttribute("aria-invalid", "true");
      return;
    }
    xp.removeAttribute("aria-invalid");
    error.textContent = "";
    // Typed over what this page showed: refused if another tab changed the spell since.
    page.update((book) => {
      const stored = find(book, entry.slug);
      if (!stored || stored.learning !== entry.learning || stored.xp !== entry.xp) {
        throw new BookError([
          page.nameOf(entry.slug) +
            " a changé dans un autre onglet (apprentissage " +
            (stored ? stored.learning + ", " + stored.xp + " XP" : "retiré") +
            ") : la page est à jour, " +
            "saisissez à nouveau",
        ]);
      }
      setSpell(book, entry.slug, Number(learning.value), value, new Date().toISOString());
    });
  };
  learning.addEventListener("change", save);
  xp.addEventListener("change", save);
  remove.addEventListener("click", () => {
    if (page.update((book) => removeSpell(book, entry.slug, new Date().toISOString()))) {
      page.say(name + " a été retiré de Mon grimoire.", "info");
    }
  });
  page.entries.set(entry.slug, { slots, error, seq: 0, spell });
  return item;
}
