// « Mon grimoire » takes only what it can carry: every journal entry is checked against the
// rules' data at import and at read, a bad entry never stops the page and stays stored as it was,
// undo never writes what the validation refuses, a spell gone from the compendium survives, and
// two tabs writing at the same moment keep both tabs' entries.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { grimoireModules, withStorage } from "./grimoire_modules.mjs";

let book, journal, table, store, merge, values, entries, config;

before(async () => {
  const { load } = grimoireModules();
  book = { ...(await load("grimoire-model.js")), ...(await load("grimoire-format.js")) };
  journal = await load("grimoire-journal.js");
  table = await load("grimoire-table.js");
  store = await load("grimoire-store.js");
  merge = await load("grimoire-merge.js");
  values = await load("grimoire-values.js");
  entries = await load("grimoire-entries.js");
  config = (await load("grimoire-config.js")).default;
});

const NOW = "2026-12-01T20:00:00.000Z";
const KNOWN = {
  acceleration: { name: "Accélération", difficulty: 3 },
  vol: { name: "Vol", difficulty: 2 },
};

const problems = (fn) => {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof book.BookError, `a BookError, not ${error}`);
    return error.problems;
  }
  assert.fail("no problem found");
};

const fileOf = (journalEntries, extra = {}) =>
  JSON.stringify({
    format: "grimoire-livre",
    version: 2,
    magie: 3,
    reglages: { lecture: "natural" },
    sorts: [{ slug: "acceleration", apprentissage: 2, xp: 3 }],
    journal: journalEntries,
    ...extra,
  });

/** A spellbook of magie 3 reading the die naturally, Accélération at apprentissage 2 and ``xp``. */
const accelerationBook = (xp = 0) => ({
  magic: 3,
  reading: "natural",
  spells: [{ slug: "acceleration", learning: 2, xp }],
  journal: [],
});
/** A journal entry as a file carries it (plain JSON). */
const asRead = (entry) => JSON.parse(JSON.stringify(entry));

/** A real cast of Accélération (magie 3, apprentissage 2, natural reading) with ``face``. */
const castEntry = (face) =>
  asRead(journal.castSpell(accelerationBook(), "acceleration", { face, now: NOW }));

/** A real study of Accélération for ``hours``, its test failed at hour ``failed`` (or null). */
const studyEntry = (hours, failed) =>
  asRead(journal.studySession(accelerationBook(), "acceleration", hours, failed, NOW));

// The reproductions of the review: each imported file is refused, naming its journal entry.
const hostile = () => [
  [
    {
      t: "2099-01-01T00:00:00.000Z",
      type: "niveau",
      sort: "acceleration",
      avant: null,
      apres: null,
    },
    "état avant et après attendus",
  ],
  ...[0, -3, 77].map((level) => [
    { ...castEntry(5), avant: { apprentissage: level, xp: 0 } },
    level === 0 ? "apprentissage 0 : ce sort ne peut pas être lancé" : "état avant : apprentissage",
  ]),
  [
    {
      t: NOW,
      type: "modif",
      sort: "acceleration",
      avant: { apprentissage: 99, xp: 0 },
      apres: { apprentissage: 2, xp: 3 },
    },
    "état avant : apprentissage attendu de 0 à 5, reçu « 99 »",
  ],
  ...["<b>inconnu</b>", "__proto__", ""].map((slug) => [
    { t: NOW, type: "retrait", sort: slug, avant: { apprentissage: 1, xp: 0 }, apres: null },
    "sort : attendu l’identifiant d’un sort",
  ]),
  [{ ...castEntry(5), type: "bogus" }, "type : attendu l’une de lancer"],
  // What a player might claim: more XP than the rules give (issue 37's forged casts).
  [{ ...castEntry(5), gain: 9999 }, "XP gagnée : la table des règles donne +"],
  [
    { ...castEntry(5), apres: { apprentissage: 2, xp: 9999 } },
    "état après : attendu apprentissage 2, 0 + ",
  ],
  [{ ...castEntry(5), gain: 9999, apres: { apprentissage: 2, xp: 9999 } }, "XP gagnée"],
  [
    { ...castEntry(5), issue: table.OUTCOMES.find((o) => o !== castEntry(5).issue) },
    "issue de la face 5 : la table des règles donne",
  ],
  [{ ...castEntry(5), mod: 5000 }, "modificateur : attendu un entier de −999 à 999, reçu « 5000 »"],
  [
    {
      t: NOW,
      type: "etude",
      sort: "acceleration",
      heures: -7,
      echec: null,
      gain: 9007199254740991,
      avant: { apprentissage: 2, xp: 0 },
      apres: { apprentissage: 2, xp: 3 },
    },
    "heures d’étude : attendu l’une de 1, 2, 3, 4, 5, 6, reçu « -7 »",
  ],
  // A real study of 3 hours claiming more XP than the rules give for it.
  [
    { ...studyEntry(3, null), gain: 9999, apres: { apprentissage: 2, xp: 9999 } },
    "XP de la séance : la table des règles donne +",
  ],
  [
    { ...studyEntry(3, 2), gain: studyEntry(3, null).gain },
    "XP de la séance : la table des règles",
  ],
  [{ ...castEntry(5), t: "hier" }, "date : attendu une date ISO"],
  [
    { ...castEntry(5), avant: { apprentissage: 2, xp: 2 ** 53 } },
    "état avant : XP attendue de 0 à",
  ],
];

test("every hostile journal entry of the review is refused at import, named by its number", () => {
  for (const [entry, why] of hostile()) {
    try {
      book.readFileText(fileOf([castEntry(3), entry]), KNOWN);
      assert.fail(`accepted: ${JSON.stringify(entry)}`);
    } catch (error) {
      if (!(error instanceof book.BookError)) throw error;
    }
    const said = problems(() => book.readFileText(fileOf([castEntry(3), entry]), KNOWN));
    assert.equal(said.length, 1, said.join(" ; "));
    assert.ok(
      said[0].startsWith("entrée n° 2 du journal illisible : " + why),
      `${JSON.stringify(entry)} → ${said[0]}`,
    );
  }
  // The good entry alone imports.
  assert.equal(book.readFileText(fileOf([castEntry(3)]), KNOWN).journal.length, 1);
});

test("a hostile entry in storage never stops the page: kept as it was, and truly kept", () => {
  for (const [entry] of hostile()) {
    const raw = fileOf([castEntry(3), entry], { format: undefined });
    withStorage(store.STORAGE_KEY, raw, (items) => {
      const read = book.loadBook();
      assert.equal(read.broken, undefined, JSON.stringify(entry));
      assert.equal(read.book.journal.length, 1);
      assert.deepEqual(read.kept.journal, [entry]);
      assert.equal(read.rejected.length, 1);
      assert.ok(read.rejected[0].kept);
      // Every function the page calls on the book works on what was read.
      journal.evening(read.book, "2000-01-01T00:00:00.000Z");
      for (const e of read.book.journal) journal.describe(e, (slug) => slug);
      // A change (the magic) keeps the bad entry in storage as it was; undo works on the rest.
      read.book.magic = 4;
      assert.ok(book.saveBook(read.book, read.kept));
      const again = book.loadBook();
      assert.equal(again.book.magic, 4);
      assert.deepEqual(JSON.parse(items.get(store.STORAGE_KEY)).journal[0], entry);
      journal.undo(again.book);
      assert.ok(book.saveBook(again.book, again.kept));
      assert.deepEqual(book.loadBook().kept.journal, [entry]);
    });
  }
});

test("a bad reading in storage is said to be replaced, never said to be kept", () => {
  const raw = fileOf([{ ...castEntry(3), type: "bogus" }], { reglages: { lecture: "bogus" } });
  withStorage(store.STORAGE_KEY, raw, () => {
    const read = book.loadBook();
    assert.deepEqual(
      read.rejected.map((r) => r.kept),
      [false, true],
    );
    assert.match(read.rejected[0].problem, /^lecture des extrêmes du dé : attendu/);
    assert.match(read.rejected[1].problem, /^entrée n° 1 du journal illisible : type/);
  });
});

test("nothing is stored that would not be read back: undo of a forged state is refused", () => {
  withStorage(store.STORAGE_KEY, null, (items) => {
    const spellbook = book.emptyBook();
    spellbook.spells.push({ slug: "vol", learning: 2, xp: 3 });
    spellbook.journal.push({
      t: NOW,
      type: "modif",
      sort: "vol",
      avant: { apprentissage: 99, xp: 0 },
      apres: { apprentissage: 2, xp: 3 },
    });
    assert.throws(() => book.saveBook(spellbook), book.BookError);
    assert.equal(items.size, 0);
    spellbook.spells[0].xp = values.MAX_XP + 1;
    spellbook.journal = [];
    assert.throws(() => book.saveBook(spellbook), /XP de « vol » : attendu un entier de 0 à/);
  });
});

test("a spell gone from the compendium survives export, share and import", () => {
  const spellbook = {
    magic: 2,
    reading: "modified",
    journal: [],
    spells: [
      { slug: "vol", learning: 2, xp: 1 },
      { slug: "sort-retire", learning: 3, xp: 4 },
    ],
  };
  const file = book.readFileText(JSON.stringify(book.exportData(spellbook, KNOWN)), KNOWN);
  assert.deepEqual(file.spells, spellbook.spells);
  assert.deepEqual(file.gone, ["sort-retire"]);
  const link = book.readLink(book.encodeLink(spellbook), KNOWN);
  assert.deepEqual(link.spells, spellbook.spells);
  assert.deepEqual(link.gone, ["sort-retire"]);
});

test("the cast panel and the replay link read a modifier the same way", () => {
  assert.equal(values.parseModifier("5000"), null);
  assert.equal(values.parseModifier("−999"), -999);
  assert.equal(values.parseModifier(" 12 "), 12);
  assert.equal(values.parseModifier("1e3"), null);
  assert.equal(values.MAX_MODIFIER, 999);
  assert.equal(values.MODIFIER_RANGE, "un entier de −999 à 999");
});

// Two tabs of one browser: each reads the stored book, changes it and writes it whole.
function twoTabs(run) {
  const start = JSON.stringify(
    book.serialise({
      ...book.emptyBook(),
      magic: 3,
      spells: [{ slug: "vol", learning: 2, xp: 5 }],
    }),
  );
  withStorage(store.STORAGE_KEY, start, (items) => {
    const tab = () => ({ written: new merge.Written() });
    const write = (t, read, change) => {
      t.written.restore(read.book);
      const before = new Set(read.book.journal.map((e) => e.id));
      change(read.book);
      book.saveBook(read.book, read.kept);
      t.written.note(read.book, before);
    };
    const reconcile = (t) => {
      const read = book.loadBook();
      const done = t.written.restore(read.book);
      if (done.restored || done.lost) book.saveBook(read.book, read.kept);
      return done;
    };
    run({
      a: tab(),
      b: tab(),
      write,
      reconcile,
      stored: () => JSON.parse(items.get(store.STORAGE_KEY)),
    });
  });
}

test("two tabs writing from the same stored book keep both tabs' casts", () => {
  twoTabs(({ a, b, write, reconcile, stored }) => {
    // Both read before either writes (the same millisecond): the last write drops A's cast.
    const readA = book.loadBook();
    const readB = book.loadBook();
    write(a, readA, (bk) => journal.castSpell(bk, "vol", { face: 3, now: NOW }));
    write(b, readB, (bk) => journal.castSpell(bk, "vol", { face: 4, now: NOW }));
    assert.equal(stored().journal.length, 1);
    // A hears of B's write and puts its cast back, on top of B's.
    assert.deepEqual(reconcile(a), { restored: 1, lost: 0 });
    assert.deepEqual(reconcile(b), { restored: 0, lost: 0 });
    const gained =
      table.xpOf(table.outcomeOf(3, { magic: 3, learning: 2 })) +
      table.xpOf(table.outcomeOf(4, { magic: 3, learning: 2 }));
    const final = book.loadBook();
    assert.equal(final.book.journal.length, 2);
    assert.equal(final.book.spells[0].xp, 5 + gained);
    assert.deepEqual(final.rejected, []);
    // Undone in B, A's cast never comes back.
    const read = book.loadBook();
    const undone = journal.undo(read.book);
    book.saveBook(read.book, read.kept);
    assert.ok(book.loadBook().book.undone.includes(undone.id));
    assert.deepEqual(reconcile(a), { restored: 0, lost: 0 });
    assert.deepEqual(reconcile(b), { restored: 0, lost: 0 });
    assert.equal(book.loadBook().book.journal.length, 1);
  });
});

test("a level taken in another tab at the same moment is not put back over a cast", () => {
  twoTabs(({ a, b, write, reconcile }) => {
    const readA = book.loadBook();
    const readB = book.loadBook();
    write(a, readA, (bk) => journal.setSpell(bk, "vol", 3, 5, NOW));
    write(b, readB, (bk) => journal.castSpell(bk, "vol", { face: 4, now: NOW }));
    // A's level found the spell at 5 XP: it no longer is, so A's entry is not put back.
    assert.deepEqual(reconcile(a), { restored: 0, lost: 1 });
    assert.equal(book.loadBook().book.spells[0].learning, 2);
  });
});

// A seeded generator (mulberry32): the same books every run, many shapes of them.
function generator(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (list) => list[int(0, list.length - 1)];
  return { next, int, pick };
}

const ODD_VALUES = [null, undefined, -1, 0, 1, 2, 5, 6, 77, 1.5, "2", "", "x", [], {}, 2 ** 53];

// One entry of each kind, made by the journal's own functions (in the order g draws them).
const ENTRY_KINDS = [
  (g, spellbook, slug, now) =>
    journal.castSpell(spellbook, slug, {
      face: g.pick(table.FACES),
      modifier: g.int(-3, 3),
      now,
    }),
  (g, spellbook, slug, now) =>
    journal.studySession(spellbook, slug, g.int(1, 6), g.pick([null, 1, 2]), now),
  (g, spellbook, slug, now) => journal.setSpell(spellbook, slug, g.int(1, 5), g.int(0, 40), now),
  (g, spellbook, slug, now) => randomDuel(g, spellbook, slug, now),
  (_g, spellbook, slug, now) => journal.removeSpell(spellbook, slug, now),
];

function randomDuel(g, spellbook, slug, now) {
  const spell = spellbook.spells.find((s) => s.slug === slug);
  const them = {
    magic: g.int(0, 9),
    learning: g.int(1, 5),
    element: g.pick(config.duel.elements),
  };
  const faces = [
    g.pick(table.FACES),
    g.pick(table.FACES),
    g.pick(table.FACES),
    g.pick(table.FACES),
  ];
  const mine = {
    magic: spellbook.magic,
    learning: spell.learning,
    element: "feu",
    reading: spellbook.reading,
  };
  const play = table.duelPlay(faces, mine, them);
  return journal.duelSpell(spellbook, slug, {
    element: "feu",
    opponent: them,
    faces: faces.slice(0, play.tests ? 4 : 2),
    now,
  });
}

// The last entry of the journal replaced by a copy with one field given an odd value.
function tamper(g, spellbook, entry) {
  const copy = JSON.parse(JSON.stringify(entry));
  const key = g.pick([...Object.keys(copy), "avant", "apres", "gain"]);
  const where = g.next() < 0.5 && copy[key] && typeof copy[key] === "object" ? copy[key] : copy;
  const field = where === copy ? key : g.pick(Object.keys(where).concat("apprentissage"));
  where[field] = g.pick(ODD_VALUES);
  spellbook.journal[spellbook.journal.length - 1] = copy;
}

function randomEntry(g, spellbook) {
  // Mostly real entries made by the journal's own functions, then some of them tampered with.
  const slug = g.pick(["vol", "acceleration"]);
  if (!spellbook.spells.some((s) => s.slug === slug)) {
    spellbook.spells.push({ slug, learning: g.int(1, 5), xp: g.int(0, 30) });
  }
  const now = new Date(Date.UTC(2026, 11, 1, 20, 0, g.int(0, 3000))).toISOString();
  const kind = g.int(0, 4);
  let entry;
  try {
    entry = ENTRY_KINDS[kind](g, spellbook, slug, now);
  } catch (error) {
    if (!(error instanceof book.BookError)) throw error;
    return;
  }
  if (g.next() < 0.3) tamper(g, spellbook, entry);
}

test("generated books are refused naming the entry, or load, undo and reload with valid states", () => {
  const g = generator(20261203);
  let refused = 0;
  let loaded = 0;
  for (let run = 0; run < 300; run++) {
    const spellbook = {
      magic: g.int(0, 9),
      reading: g.pick(["modified", "natural"]),
      spells: [],
      journal: [],
    };
    for (let i = g.int(0, 12); i > 0; i--) randomEntry(g, spellbook);
    const text = JSON.stringify(book.exportData(spellbook, KNOWN));
    let read;
    try {
      read = book.readFileText(text, KNOWN);
    } catch (error) {
      assert.ok(error instanceof book.BookError, String(error));
      for (const problem of error.problems) {
        assert.match(
          problem,
          /^(entrée n° \d+ du journal illisible : .+|XP de « .+|apprentissage de « .+|« .+ » : le journal le laisse à .+)$/,
        );
        assert.doesNotMatch(problem, /undefined|NaN|Cannot|TypeError/);
      }
      refused += 1;
      continue;
    }
    loaded += 1;
    withStorage(store.STORAGE_KEY, null, () => {
      const stored = { ...read, lineage: "", undone: [] };
      assert.ok(book.saveBook(stored));
      // Undo everything that can be undone, reloading after each step: every stored state valid.
      for (;;) {
        const current = book.loadBook();
        assert.equal(current.broken, undefined);
        assert.deepEqual(current.rejected, []);
        for (const s of current.book.spells)
          assert.equal(entries.stateProblem({ apprentissage: s.learning, xp: s.xp }, "s"), null);
        try {
          journal.undo(current.book);
        } catch (error) {
          assert.ok(error instanceof book.BookError, String(error));
          break;
        }
        assert.ok(book.saveBook(current.book, current.kept));
      }
    });
  }
  assert.ok(refused > 30 && loaded > 30, `${refused} refused, ${loaded} loaded`);
});

test("an imported journal is followed spell by spell: a raised start or a spell changed outside it is refused", () => {
  // The second cast claims to start from 9 996 XP, where the first left Accélération at 3.
  const spellbook = accelerationBook(9996);
  const raised = asRead(journal.castSpell(spellbook, "acceleration", { face: 5, now: NOW }));
  const after = spellbook.spells[0].xp;
  const said = problems(() =>
    book.readFileText(
      fileOf([castEntry(3), raised], {
        sorts: [{ slug: "acceleration", apprentissage: 2, xp: after }],
      }),
      KNOWN,
    ),
  );
  assert.deepEqual(said, [
    "entrée n° 2 du journal illisible : état avant : l’entrée précédente de ce sort le laisse à " +
      "apprentissage 2, 3 XP, reçu apprentissage 2, 9996 XP",
  ]);
  // The journal's casts as the rules give them, the spell at 9 999 XP all the same.
  assert.deepEqual(
    problems(() =>
      book.readFileText(
        fileOf([castEntry(3)], { sorts: [{ slug: "acceleration", apprentissage: 2, xp: 9999 }] }),
        KNOWN,
      ),
    ),
    [
      "« Accélération » : le journal le laisse à apprentissage 2, 3 XP, le grimoire dit " +
        "apprentissage 2, 9999 XP",
    ],
  );
  // A real evening goes out and comes back: cast, removed, added again by hand, edited.
  const evening = accelerationBook();
  journal.castSpell(evening, "acceleration", { face: 3, now: NOW });
  journal.removeSpell(evening, "acceleration", NOW);
  journal.setSpell(evening, "acceleration", 1, 4, NOW);
  journal.setSpell(evening, "acceleration", 1, 7, NOW);
  const read = book.readFileText(JSON.stringify(book.exportData(evening, KNOWN)), KNOWN);
  assert.equal(read.journal.length, 4);
  assert.deepEqual(read.spells, [{ slug: "acceleration", learning: 1, xp: 7 }]);
  assert.deepEqual([...book.handEdited(read)], ["acceleration"]); // « modifié à la main »
});
