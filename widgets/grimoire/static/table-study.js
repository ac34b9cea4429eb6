/* Grimoire — « Étudier » at « La table »: a study session for one wizard of the party, with the
 * MJ's calls, played by « Mon grimoire »'s own panel (grimoire-study.js) on a view of the table
 * that stands for that wizard's book: its session, its result and its XP written to that wizard
 * through the table (the rules' data, grimoire-journal.js). The planner's odds come from the
 * calculators, their module loaded at the first study.
 */
import { describe } from "./grimoire-journal.js";
import { studyPanel as bookStudyPanel } from "./grimoire-study.js";
import { panelButton } from "./table-cast.js";
import { wizardName } from "./table-party.js";

const PANEL = ".gr-party__study";

/** The « Étudier » button of ``spell`` for the wizard at ``index``. */
export function studyButton(page, index, wizard, spell) {
  return panelButton(page, {
    index,
    wizard,
    spell,
    kind: "studyFrom",
    verb: "Étudier",
    close: "Fermer l’étude",
    focus: PANEL + " select",
  });
}

/** What grimoire-study.js reads of « Mon grimoire », for the wizard at ``index``. */
function bookView(page, index) {
  const view = {
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
  // The session's state is the table's own, kept across redraws.
  for (const key of ["study", "lastStudy", "studyHours", "studyChance"]) {
    Object.defineProperty(view, key, {
      get: () => page[key],
      set: (value) => {
        page[key] = value;
      },
    });
  }
  return view;
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
