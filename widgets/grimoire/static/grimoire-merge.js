/* Grimoire — two tabs of one browser changing « Mon grimoire » at the same moment.
 *
 * Each tab writes the whole stored spellbook, read afresh just before (grimoire-page.js); two
 * writes a few milliseconds apart may still each start from the same stored book, and the last
 * one would drop the other's entries. So each tab remembers the entries it wrote (their
 * identifiers: grimoire-journal.js), and whenever the stored book changes, or before it writes,
 * puts back those of its own that the stored journal lacks: a cast, a duel or a study adds its XP
 * to the spell as it is now; a level, an edit, an addition or a removal only if the spell is
 * still as the entry found it. An entry undone in any tab is in the book's « annules » and never
 * comes back; a spellbook that replaced the book (an import) has another lineage, and the
 * entries written for the one it replaced stay out.
 */
import { entryProblem } from "./grimoire-entries.js";
import { MAX_JOURNAL, find, sameState as same, stateOf as state } from "./grimoire-model.js";

/** How many of its own entries a tab remembers, and for how long (ms). */
export const REMEMBERED = 500;
export const REMEMBERED_MS = 10 * 60 * 1000;

const ADDS_XP = new Set(["lancer", "duel", "etude"]);

/** ``entry`` applied again to ``book`` as it is now, and appended to its journal; returns the
    entry as written (its states those of now), or null when it no longer applies. */
export function reapply(book, entry) {
  const spell = find(book, entry.sort);
  if (ADDS_XP.has(entry.type)) {
    if (!spell) return null;
    const again = {
      ...entry,
      avant: state(spell),
      apres: { apprentissage: spell.learning, xp: spell.xp + entry.gain },
    };
    if (entryProblem(again) !== null) return null; // the spell changed level: not the same cast
    spell.xp = again.apres.xp;
    book.journal.push(again);
    return again;
  }
  if (!same(state(spell), entry.avant)) return null;
  if (entry.apres === null) book.spells = book.spells.filter((s) => s.slug !== entry.sort);
  else if (!spell)
    book.spells.push({ slug: entry.sort, learning: entry.apres.apprentissage, xp: entry.apres.xp });
  else Object.assign(spell, { learning: entry.apres.apprentissage, xp: entry.apres.xp });
  book.journal.push(entry);
  return entry;
}

/** What one tab wrote: a list of {entry, lineage, at}, the newest last. */
export class Written {
  constructor(clock = () => Date.now()) {
    this.items = [];
    this.clock = clock;
  }

  /** Remembers the entries ``book`` (just stored) holds that ``before`` (its journal's
      identifiers before the change) did not. */
  note(book, before) {
    const at = this.clock();
    for (const entry of book.journal) {
      if (entry.id && !before.has(entry.id)) this.items.push({ entry, lineage: book.lineage, at });
    }
    this.items = this.items.slice(-REMEMBERED);
  }

  /** Puts back into ``book`` the entries of this tab's that it lacks; returns {restored, lost}
      (counts). ``book`` is changed in place; the caller stores it when ``restored`` or ``lost``. */
  restore(book) {
    const now = this.clock();
    this.items = this.items.filter((item) => now - item.at <= REMEMBERED_MS);
    const present = new Set(book.journal.map((e) => e.id));
    const undone = new Set(book.undone || []);
    // A full journal drops its oldest entries: one older than its first was dropped, not lost.
    const oldest = book.journal.length >= MAX_JOURNAL ? book.journal[0].t : "";
    let restored = 0;
    let lost = 0;
    for (const item of this.items) {
      const { entry } = item;
      if (item.lineage !== book.lineage || present.has(entry.id) || undone.has(entry.id)) continue;
      if (entry.t < oldest) continue; // dropped with the journal's oldest entries
      const again = reapply(book, entry);
      if (again) {
        item.entry = again;
        present.add(again.id);
        restored += 1;
      } else {
        item.lineage = null; // never tried again
        lost += 1;
      }
    }
    return { restored, lost };
  }
}
