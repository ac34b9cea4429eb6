/* Grimoire — « Étudier » at « La table »: a study session for one wizard of the party, with the
 * MJ's calls, played by « Mon grimoire »'s own panel (grimoire-study.js) on a view of the table
 * that stands for that wizard's book: its session, its result and its XP written to that wizard
 * through the table (the rules' data, grimoire-journal.js). The planner's odds come from the
 * calculators, their module loaded at the first study.
 */
import { el } from "../shared/common.js";
import { describe } from "./grimoire-journal.js";
import { studyPanel as bookStudyPanel } from "./grimoire-study.js";
import { wizardName } from "./table-party.js";

const PANEL = ".gr-party__study";

/** The « Étudier » button of ``spell`` for the wizard at ``index``. */
export function studyButton(page, index, wizard, spell) {
  const open = page.studyFrom?.index === index && page.studyFrom.slug === spell.slug;
  const button = el("button", "md-button gr-party__cast", open ? "Fermer l’étude" : "Étudier");
  button.type = "button";
  button.setAttribute(
    "aria-label",
    (open ? "Fermer l’étude" : "Étudier") +
      " — " +
      page.nameOf(spell.slug) +
      ", " +
      wizardName(wizard, index),
  );
  button.setAttribute("aria-expanded", String(open));
  button.addEventListener("click", () => {
    page.open = null;
    page.duelFrom = null;
    page.duel = null;
    page.study = null;
    page.lastStudy = null;
    page.studyFrom = open ? null : { index, slug: spell.slug };
    page.render();
    if (!open) page.root.querySelector(PANEL + " select")?.focus();
  });
  return button;
}

/** What grimoire-study.js reads of « Mon grimoire », for the wizard at ``index``. */
function bookView(page, index) {
  return {
    get study() {
      return page.study;
    },
    set study(value) {
      page.study = value;
    },
    get lastStudy() {
      return page.lastStudy;
    },
    set lastStudy(value) {
      page.lastStudy = value;
    },
    get studyHours() {
      return page.studyHours;
    },
    set studyHours(value) {
      page.studyHours = value;
    },
    get studyChance() {
      return page.studyChance;
    },
    set studyChance(value) {
      page.studyChance = value;
    },
    askEngine: (request) =>
      import("./grimoire-figures.js").then(({ askEngine }) => askEngine(request)).catch(() => null),
    render: () => page.render(),
    focusIn: (_slug, selector) => page.root.querySelector(PANEL + " " + selector)?.focus(),
    update: (change) =>
      page.update((party) => {
        change(party[index]);
        return party;
      }),
    describe: (entry) => describe(entry, (slug) => page.nameOf(slug)),
  };
}

/** The study panel of the wizard at ``index``'s spell, under its line. */
export function studyPanel(page, index, wizard, spell) {
  const panel = bookStudyPanel(
    bookView(page, index),
    { slug: spell.slug },
    page.nameOf(spell.slug) + " » pour « " + wizardName(wizard, index),
  );
  panel.classList.add(PANEL.slice(1));
  return panel;
}
