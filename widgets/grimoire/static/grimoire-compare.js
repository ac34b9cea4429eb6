/* Grimoire — what the next apprentissage buys, for one spell of /grimoire/: the chance to cast it
 * now and at the next apprentissage, as two bars with their figures (the build's odds,
 * grimoire-table.js); nothing is computed here but the bars' lengths (faces out of the die's).
 */
import { el } from "../shared/common.js";
import { FACES, castChance, castOdds, castable } from "./grimoire-table.js";

/** The two rows of the comparison ({label, faces, fraction, percent}), or null when the spell
 * cannot be cast yet or is at the last apprentissage. */
export function compareRows({ magic, learning, reading }) {
  if (!castable(learning) || !castable(learning + 1)) return null;
  return [
    { label: "Apprentissage " + learning + " (actuel)", learning },
    { label: "Apprentissage " + (learning + 1), learning: learning + 1 },
  ].map(({ label, learning: at }) => ({
    label,
    ...castChance(castOdds({ magic, learning: at, reading })),
  }));
}

/** The comparison's element for ``entry`` of ``book``, or null (see ``compareRows``). */
export function castCompare(book, entry, name) {
  const rows = compareRows({ magic: book.magic, learning: entry.learning, reading: book.reading });
  if (!rows) return null;
  const box = el("div", "gr-compare");
  box.setAttribute("role", "img");
  box.setAttribute(
    "aria-label",
    "Chance de lancer " +
      name +
      " : " +
      rows.map((r) => r.label.toLowerCase() + " " + r.fraction + " (" + r.percent + ")").join(", "),
  );
  box.appendChild(el("p", "gr-compare__head", "Chance de lancer le sort"));
  for (const row of rows) {
    const line = el("div", "gr-compare__row");
    const bar = el("span", "gr-compare__bar");
    const fill = el("span", "gr-compare__fill");
    fill.style.width = ((100 * row.faces) / FACES.length).toFixed(4) + "%";
    bar.appendChild(fill);
    line.append(
      el("span", "gr-compare__label", row.label),
      bar,
      el("span", "gr-compare__value", row.percent + " (" + row.fraction + ")"),
    );
    box.appendChild(line);
  }
  return box;
}
