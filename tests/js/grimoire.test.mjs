// « Mon grimoire »'s pure parts: validation of stored, linked and imported spellbooks, the share
// link's format. The configuration is the one the build writes, generated from rules/.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { grimoireModules } from "./grimoire_modules.mjs";

let book, config, store, journal, table, replay, controls, figures;

before(async () => {
  const { load } = grimoireModules();
  book = { ...(await load("grimoire-model.js")), ...(await load("grimoire-format.js")) };
  journal = await load("grimoire-journal.js");
  table = await load("grimoire-table.js");
  store = await load("grimoire-store.js");
  replay = await load("grimoire-replay.js");
  controls = await load("grimoire-controls.js");
  figures = await load("grimoire-figures.js");
  config = (await load("grimoire-config.js")).default;
});

const problems = (fn) => {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof book.BookError, "a BookError, not " + error);
    return error.problems;
  }
  assert.fail("no problem found");
};

test("a share link reads back as the spellbook it encodes", () => {
  const { min, max } = config.learning;
  const spellbook = {
    name: "Ysolde l’Ancienne",
    magic: 7,
    reading: book.DEFAULT_READING,
    journal: [],
    spells: [
      { slug: "vol", learning: max, xp: 12 },
      { slug: "oeil-de-mage", learning: min, xp: 0 },
    ],
  };
  const link = book.encodeLink(spellbook);
  assert.match(link, /^[A-Za-z0-9._-]+$/);
  const name = Buffer.from(spellbook.name, "utf-8").toString("base64url");
  assert.equal(link, `3.7.${book.DEFAULT_READING}.${name}.vol_${max}_12.oeil-de-mage_${min}_0`);
  assert.deepEqual(book.validate(book.decodeLink(link), null, {}), spellbook);
  // A book without a name has an empty part for it.
  const unnamed = { ...spellbook, name: "" };
  assert.equal(
    book.encodeLink(unnamed),
    `3.7.${book.DEFAULT_READING}..vol_${max}_12.oeil-de-mage_${min}_0`,
  );
  assert.deepEqual(book.validate(book.decodeLink(book.encodeLink(unnamed)), null, {}), unnamed);
  // The link says how its wizard reads the 1 and the 12; a version 1 link, which does not, still reads.
  const known = { vol: { name: "Vol" }, "oeil-de-mage": { name: "Œil de mage" } };
  const other = Object.keys(config.table.extremes).find((r) => r !== book.DEFAULT_READING);
  const natural = book.readLink(book.encodeLink({ ...spellbook, reading: other }), known);
  assert.deepEqual([natural.reading, natural.readingGiven], [other, true]);
  assert.deepEqual([natural.name, natural.nameGiven], [spellbook.name, true]);
  const old = book.readLink(`1.7.vol_${max}_12`, known);
  assert.deepEqual(
    [old.magic, old.spells, old.reading, old.readingGiven, old.name, old.nameGiven],
    [7, [{ slug: "vol", learning: max, xp: 12 }], book.DEFAULT_READING, false, "", false],
  );
  // A version 2 link says the reading, not the name.
  const two = book.readLink(`2.7.${other}.vol_${max}_12`, known);
  assert.deepEqual(
    [two.reading, two.readingGiven, two.name, two.nameGiven, two.spells.length],
    [other, true, "", false, 1],
  );
});

test("a share link pasted whole or as its value reads as that spellbook; anything else is named in French", () => {
  const known = { vol: { name: "Vol" } };
  const whole = book.readPastedLink(
    "  https://exemple.fr/grimoire/?livre=2.4.natural.vol_3_1#x ",
    known,
  );
  assert.deepEqual(
    [whole.magic, whole.reading, whole.readingGiven, whole.spells],
    [4, "natural", true, [{ slug: "vol", learning: 3, xp: 1 }]],
  );
  assert.equal(book.readPastedLink("1.4.vol_3_1", known).readingGiven, false);
  assert.deepEqual(
    problems(() => book.readPastedLink("javascript:alert(1)", known)),
    ["ce lien ne contient pas de grimoire (paramètre « livre » absent)"],
  );
  assert.deepEqual(
    problems(() => book.readPastedLink("", known)),
    ["lien vide"],
  );
  assert.deepEqual(
    problems(() => book.readPastedLink("x".repeat(book.MAX_LINK_CHARS + 1), known)),
    ["lien trop long pour un grimoire"],
  );
  assert.deepEqual(
    problems(() => book.readPastedLink("https://e.fr/?livre=2.0.toString.vol_1_0", known)),
    ["lecture des extrêmes du dé : attendu l’une de modified, natural, reçu « toString »"],
  );
  assert.deepEqual(
    problems(() => book.readPastedLink("https://e.fr/?livre=4.0.vol_1_0", known)),
    ["version de lien « 4 » non prise en charge (attendue : 1 ou 2 ou 3)"],
  );
  assert.deepEqual(
    problems(() => book.readPastedLink("2.0", known)),
    ["lien incomplet (lecture des extrêmes du dé absente)"],
  );
});

// Every refused link (the value of ?livre=, as the page reads it) and what it says.
const BAD_LINKS = [
  ["1.0.Vol_1_0", "sort n° 1 : identifiant de sort invalide, reçu « Vol »"],
  ["1.0.vol_1_0.__proto___1_0", "sort n° 2 du lien illisible"],
  ["1.0.vol_1_0.-vol_1_0", "sort n° 2 : identifiant de sort invalide, reçu « -vol »"],
  ["1.0.vol_7_0", "apprentissage de « Vol » : attendu un entier de 0 à 5, reçu « 7 »"],
  ["1.0.vol_-1_0", "apprentissage de « Vol » : attendu un entier de 0 à 5, reçu « -1 »"],
  ["1.0.vol_2_-5", "XP de « Vol » : attendu un entier de 0 à 1000000, reçu « -5 »"],
  ["1.0.vol_2_1000001", "XP de « Vol » : attendu un entier de 0 à 1000000, reçu « 1000001 »"],
  ["1.-3.vol_2_5", "magie : attendu un entier positif ou nul, reçu « -3 »"],
  ["4.0.vol_2_5", "version de lien « 4 » non prise en charge (attendue : 1 ou 2 ou 3)"],
  ["3.0.natural", "lien incomplet (nom du magicien absent)"],
  ["3.0.natural.A.vol_2_5", "nom du magicien illisible dans le lien"],
  ["3.0.natural.gA.vol_2_5", "nom du magicien illisible dans le lien"], // not UTF-8
  ["3.0.natural." + Buffer.from("a\u202eb").toString("base64url"), "caractère de contrôle"],
  ["3.0.natural." + Buffer.from("x".repeat(61)).toString("base64url"), "au plus 60 caractères"],
  [
    "2.0.vol_2_5",
    "lecture des extrêmes du dé : attendu l’une de modified, natural, reçu « vol_2_5 »",
  ],
  ["1.0.vol_2", "sort n° 1 du lien illisible : « vol_2 »"],
  ["1.0.vol_1_0.vol_2_0", "sort en double : « Vol »"],
  ["1.0.vol_1_0<img src=x onerror=alert(1)>", "caractères inattendus dans le lien"],
  ["", "lien incomplet"],
];

test("every refused share link says why in French", () => {
  const known = { vol: { name: "Vol", difficulty: config.difficulty.min } };
  for (const [link, problem] of BAD_LINKS) {
    const said = problems(() => book.readLink(link, known));
    assert.ok(
      said.some((p) => p.includes(problem)),
      `${JSON.stringify(link)} → ${said.join(" ; ")}`,
    );
  }
});

// Every refused file (its bytes) and what it says.
const file = (data) => JSON.stringify({ format: "grimoire-livre", version: 1, magie: 0, ...data });
const BAD_FILES = [
  ['{"format": "grimoire-livre", "version": 1, ', "ce n’est pas du JSON valide"],
  ["[1, 2]", "ce n’est pas un grimoire (objet JSON attendu)"],
  [
    JSON.stringify({ version: 1, sorts: [] }),
    "ce fichier n’est pas un grimoire exporté par le Grimoire (champ « format » absent)",
  ],
  [
    file({ version: 7, sorts: [] }),
    "version de format « 7 » non prise en charge (attendue : 1 ou 2 ou 3)",
  ],
  [file({ version: 3, nom: 7, sorts: [] }), "nom du magicien : texte attendu, reçu « 7 »"],
  [
    file({ version: 3, nom: "a\u0000b", sorts: [] }),
    "nom du magicien : caractère de contrôle refusé",
  ],
  [
    file({ version: 3, nom: "é".repeat(61), sorts: [] }),
    "nom du magicien : au plus 60 caractères, reçu 61",
  ],
  [
    file({
      sorts: [
        { slug: "vol", apprentissage: 2, xp: 0 },
        { slug: "<b>inconnu</b>", apprentissage: 1, xp: 0 },
      ],
    }),
    "sort n° 2 : identifiant de sort invalide, reçu « <b>inconnu</b> »",
  ],
  [
    file({ sorts: [{ slug: "oubli", apprentissage: 6, xp: 0 }] }),
    "apprentissage de « Oubli » : attendu un entier de 0 à 5, reçu « 6 »",
  ],
  [
    file({ sorts: [{ slug: "oubli", apprentissage: 2, xp: -1 }] }),
    "XP de « Oubli » : attendu un entier de 0 à 1000000, reçu « -1 »",
  ],
  [
    file({ sorts: [{ slug: "oubli", apprentissage: 2, xp: 1.5 }] }),
    "XP de « Oubli » : attendu un entier de 0 à 1000000, reçu « 1.5 »",
  ],
  [
    file({ sorts: [{ slug: "oubli", apprentissage: "2", xp: 0 }] }),
    "apprentissage de « Oubli » : attendu un entier de 0 à 5, reçu « 2 »",
  ],
];

test("every refused file says why in French, never in the parser's English", async () => {
  const known = {
    vol: { name: "Vol", difficulty: config.difficulty.min },
    oubli: { name: "Oubli", difficulty: config.difficulty.min },
  };
  for (const [text, problem] of BAD_FILES) {
    let said;
    try {
      await book.readFile(new Blob([text]), known);
      assert.fail(`accepted: ${text}`);
    } catch (error) {
      assert.ok(error instanceof book.BookError, String(error));
      said = error.problems;
    }
    assert.ok(
      said.some((p) => p.includes(problem)),
      `${text} → ${said.join(" ; ")}`,
    );
    assert.ok(!said.some((p) => /Unexpected|position|Expected|token/.test(p)), said.join(" ; "));
  }
});

test("a damaged share link is refused in French", () => {
  assert.deepEqual(
    problems(() => book.decodeLink("1.3.vol<script>")),
    ["caractères inattendus dans le lien (lien abîmé ?)"],
  );
  assert.deepEqual(
    problems(() => book.decodeLink("1")),
    ["lien incomplet (version ou magie absente)"],
  );
  assert.deepEqual(
    problems(() => book.decodeLink("1.2.vol_3")),
    ["sort n° 1 du lien illisible : « vol_3 »"],
  );
});

test("every problem of an imported file is named, and nothing is half read", () => {
  const { unlearnt: min, max } = config.learning;
  const known = { vol: { name: "Vol", difficulty: config.difficulty.min } };
  const found = problems(() =>
    book.validate(
      {
        format: "grimoire-livre",
        version: 1,
        magie: -1,
        sorts: [
          { slug: "vol", apprentissage: max + 1, xp: 0 },
          { slug: "vol", apprentissage: min, xp: 0 },
          { slug: "__proto__", apprentissage: min, xp: 0 },
          { slug: "", xp: 1 },
        ],
      },
      known,
      { file: true },
    ),
  );
  assert.deepEqual(found, [
    "magie : attendu un entier positif ou nul, reçu « -1 »",
    `apprentissage de « Vol » : attendu un entier de ${min} à ${max}, reçu « ${max + 1} »`,
    "sort en double : « Vol »",
    "sort n° 3 : identifiant de sort invalide, reçu « __proto__ »",
    "sort n° 4 : identifiant (« slug ») absent",
  ]);
  assert.match(
    problems(() => book.validate({ version: 1, sorts: [] }, null, { file: true }))[0],
    /^ce fichier n’est pas un grimoire exporté/,
  );
  assert.match(
    problems(() => book.validate({ version: 4, sorts: [] }, null, {}))[0],
    /^version de format « 4 » non prise en charge \(attendue : 1 ou 2 ou 3\)/,
  );
});

test("an exported file has the documented format", () => {
  const spellbook = {
    name: "Mordenkainen",
    magic: 2,
    reading: book.DEFAULT_READING,
    journal: [],
    spells: [{ slug: "vol", learning: config.learning.min, xp: 3 }],
  };
  const data = book.exportData(spellbook, { vol: { name: "Vol" } });
  assert.equal(data.format, "grimoire-livre");
  assert.equal(data.version, 3);
  assert.equal(data.nom, "Mordenkainen");
  assert.deepEqual(
    book.validate(
      data,
      { vol: { name: "Vol", difficulty: config.difficulty.min } },
      { file: true },
    ),
    { ...spellbook, gone: [] },
  );
});

// A localStorage for the storage functions, as the browser gives it.
function withStorage(raw, run) {
  const items = new Map();
  if (raw !== null) items.set(store.STORAGE_KEY, raw);
  globalThis.window = {
    localStorage: {
      getItem: (key) => (items.has(key) ? items.get(key) : null),
      setItem: (key, value) => {
        items.set(key, String(value));
      },
    },
  };
  try {
    return run(items);
  } finally {
    delete globalThis.window;
  }
}

test("a stored spellbook with bad entries keeps the good ones, names the bad ones, and keeps them", () => {
  const { min } = config.learning;
  const raw = JSON.stringify({
    version: 1,
    magie: 2,
    sorts: [
      { slug: "vol", apprentissage: min, xp: 1 },
      { slug: "eclair", apprentissage: "x", xp: 0 },
      "n'importe quoi",
      { slug: "teleportation", apprentissage: min, xp: 0 },
    ],
  });
  withStorage(raw, (items) => {
    const read = book.loadBook();
    assert.equal(read.broken, undefined);
    assert.deepEqual(
      read.book.spells.map((s) => s.slug),
      ["vol", "teleportation"],
    );
    assert.deepEqual(
      read.rejected.map((r) => r.problem),
      [
        `apprentissage de « eclair » : attendu un entier de ${config.learning.unlearnt} à ${config.learning.max}, reçu « x »`,
        "sort n° 3 : objet attendu",
      ],
    );
    // A write keeps the bad entries as they were, for the reader to correct.
    read.book.spells[0].xp = 4;
    assert.ok(book.saveBook(read.book, read.kept));
    const saved = JSON.parse(items.get(store.STORAGE_KEY));
    assert.equal(saved.sorts.length, 4);
    assert.deepEqual(saved.sorts[2], { slug: "eclair", apprentissage: "x", xp: 0 });
    assert.equal(book.readBook().spells.length, 2);
  });
});

test("a stored spellbook beyond a sane size is read as unreadable, never as empty", () => {
  const { min } = config.learning;
  const many = JSON.stringify({
    version: 1,
    magie: 0,
    sorts: Array.from({ length: book.MAX_ENTRIES + 1 }, (_, i) => ({
      slug: "s" + i,
      apprentissage: min,
      xp: 0,
    })),
  });
  withStorage(many, () => {
    const read = book.loadBook();
    assert.match(read.broken, /^grimoire trop volumineux \(1001 sorts, au plus 1000\)$/);
    assert.equal(read.raw, many);
  });
  const huge = JSON.stringify({
    version: 1,
    magie: 0,
    sorts: [],
    note: "x".repeat(store.MAX_STORED_CHARS),
  });
  withStorage(huge, () => {
    assert.match(book.loadBook().broken, /^grimoire trop volumineux \(\d+ ko, au plus 1000 ko\)$/);
  });
  withStorage("{", () => assert.equal(book.loadBook().broken, "ce n’est pas du JSON"));
  withStorage(null, () =>
    assert.deepEqual(book.loadBook().book, {
      name: "",
      magic: 0,
      reading: book.DEFAULT_READING,
      spells: [],
      journal: [],
      lineage: "",
      undone: [],
    }),
  );
});

const NOW = "2026-12-01T20:00:00.000Z";
const vol = (learning, xp) => ({
  magic: 4,
  reading: book.DEFAULT_READING,
  journal: [],
  spells: [{ slug: "vol", learning, xp }],
});

test("a cast credits the table's XP and is one journal entry, undone exactly", () => {
  const { min } = config.learning;
  const spellbook = vol(min, 0);
  const face = table.FACES[0];
  const entry = journal.castSpell(spellbook, "vol", { face, modifier: 0, now: NOW });
  const outcome = table.outcomeOf(face, { magic: 4, learning: min });
  assert.equal(entry.issue, outcome);
  assert.equal(entry.gain, config.table.xp[outcome]);
  assert.deepEqual(spellbook.spells[0], { slug: "vol", learning: min, xp: entry.gain });
  journal.castSpell(spellbook, "vol", { face: table.FACES[5], now: NOW });
  assert.equal(spellbook.journal.length, 2);
  journal.undo(spellbook);
  assert.deepEqual(spellbook.spells[0], { slug: "vol", learning: min, xp: entry.gain });
  journal.undo(spellbook);
  assert.deepEqual(spellbook.spells[0], { slug: "vol", learning: min, xp: 0 });
  assert.throws(() => journal.undo(spellbook), book.BookError);
});

test("a level-up is offered at the cost, never before, spends it and keeps the rest", () => {
  const { min, unlearnt } = config.learning;
  const difficulty = config.difficulty.max;
  const cost = config.level_up_cost[String(difficulty)][String(min)];
  assert.equal(journal.levelUpOffer({ learning: min, xp: cost - 1 }, difficulty), null);
  assert.deepEqual(journal.levelUpOffer({ learning: min, xp: cost + 2 }, difficulty), {
    to: min + 1,
    cost,
  });
  const spellbook = vol(min, cost + 2);
  journal.levelUp(spellbook, "vol", difficulty, NOW);
  assert.deepEqual(spellbook.spells[0], { slug: "vol", learning: min + 1, xp: 2 });
  journal.undo(spellbook);
  assert.deepEqual(spellbook.spells[0], { slug: "vol", learning: min, xp: cost + 2 });
  // A spell being learnt is never cast, and offers no level-up by XP.
  const learning = vol(unlearnt, 40);
  assert.equal(journal.levelUpOffer(learning.spells[0], difficulty), null);
  assert.throws(() => journal.castSpell(learning, "vol", { face: 1, now: NOW }), book.BookError);
});

test("undo never overwrites a spell changed since the entry", () => {
  const spellbook = vol(config.learning.min, 0);
  journal.castSpell(spellbook, "vol", { face: table.FACES[0], now: NOW });
  spellbook.spells[0].xp = 99; // changed without the journal
  assert.throws(() => journal.undo(spellbook), /a changé depuis/);
  assert.equal(spellbook.journal.length, 1);
});

test("a version 1 spellbook reads as version 3 with an empty journal and no name; version 2 keeps its journal", () => {
  const { min } = config.learning;
  const v1 = { version: 1, magie: 3, sorts: [{ slug: "vol", apprentissage: min, xp: 1 }] };
  assert.deepEqual(book.validate(v1, null, {}), {
    name: "",
    magic: 3,
    reading: book.DEFAULT_READING,
    journal: [],
    spells: [{ slug: "vol", learning: min, xp: 1 }],
  });
  const spellbook = book.validate(v1, null, {});
  journal.castSpell(spellbook, "vol", { face: table.FACES[2], now: NOW });
  const other = Object.keys(config.table.extremes)[1];
  spellbook.reading = other;
  const stored = book.serialise(spellbook);
  assert.equal(stored.version, 3);
  const v2 = { ...JSON.parse(JSON.stringify(stored)), version: 2, nom: "ignoré" };
  assert.deepEqual(book.validate(v2, null, {}), spellbook); // a version 2 book has no name
  assert.deepEqual(book.validate(JSON.parse(JSON.stringify(stored)), null, {}), spellbook);
  spellbook.name = "  Elminster \t d’Ombre-Vallée ";
  assert.equal(book.validate(book.serialise(spellbook), null, {}).name, "Elminster d’Ombre-Vallée");
  spellbook.name = "Elminster";
  const file = book.exportData(spellbook, null);
  assert.deepEqual(book.validate(file, null, { file: true }), spellbook);
  // Share links stay short: the name, the magic, the reading and the spells, no journal.
  assert.match(
    book.encodeLink(spellbook),
    new RegExp(`^3\\.3\\.${other}\\.RWxtaW5zdGVy\\.vol_\\d+_\\d+$`),
  );
  assert.match(
    problems(() => book.validate({ ...stored, journal: [{ type: "x" }] }, null, {}))[0],
    /^entrée n° 1 du journal illisible : type : attendu l’une de lancer, etude, duel, niveau, modif, ajout, retrait, reçu « x »$/,
  );
});

test("the evening counts casts, XP per spell, outcomes seen and expected, levels gained", () => {
  const spellbook = vol(config.learning.min, 0);
  for (const face of table.FACES) journal.castSpell(spellbook, "vol", { face, now: NOW });
  const summary = journal.evening(spellbook, "2026-12-01T00:00:00.000Z");
  assert.equal(summary.casts, table.FACES.length);
  // Every face once: each outcome is seen as often as expected.
  for (const row of summary.outcomes)
    assert.equal(row.expected, row.seen.toFixed(1).replace(".", ","));
  assert.equal(summary.xp[0][1], spellbook.spells[0].xp);
  assert.match(
    journal.eveningText(summary, () => "Vol"),
    /^Mon grimoire — la soirée : 12 lancers\.\nXP gagnée : Vol \+\d+\./,
  );
  assert.equal(journal.evening(spellbook, "2026-12-02T00:00:00.000Z").casts, 0);
});

test("a face drawn in the page is one of the die's, each reachable", () => {
  const seen = new Set();
  let n = 0;
  const fake = {
    getRandomValues: (array) => {
      array[0] = n++;
      return array;
    },
  };
  for (let i = 0; i < table.FACES.length; i++) seen.add(table.drawFace(fake));
  assert.deepEqual(
    [...seen].sort((a, b) => a - b),
    table.FACES,
  );
  const rejecting = {
    calls: 0,
    getRandomValues(array) {
      array[0] = this.calls++ ? 5 : 0xffffffff;
      return array;
    },
  };
  assert.equal(table.drawFace(rejecting), table.FACES[5]);
});

test("a study session credits the XP of its ending, undone like a cast", () => {
  const spellbook = vol(config.learning.min, 2);
  const hours = table.STUDY.hours.at(-1);
  const entry = journal.studySession(spellbook, "vol", hours, 2, NOW);
  assert.equal(entry.gain, config.study.xp[String(hours)]["2"]);
  assert.equal(spellbook.spells[0].xp, 2 + entry.gain);
  journal.studySession(spellbook, "vol", 1, null, NOW);
  assert.equal(spellbook.spells[0].xp, 2 + entry.gain + config.study.xp["1"].passed);
  assert.equal(
    journal.evening(spellbook, "2026-12-01T00:00:00.000Z").xp[0][1],
    entry.gain + config.study.xp["1"].passed,
  );
  journal.undo(spellbook);
  journal.undo(spellbook);
  assert.equal(spellbook.spells[0].xp, 2);
  assert.deepEqual(
    book.validate(
      JSON.parse(JSON.stringify(book.serialise({ ...spellbook, journal: [entry] }))),
      null,
      {},
    ).journal,
    [entry],
  );
});

test("a duel waits for the tests only when both spells are cast, credits my cast, undone as one entry", () => {
  const spellbook = vol(config.learning.min, 4);
  const me = {
    magic: spellbook.magic,
    learning: config.learning.min,
    element: "feu",
    reading: spellbook.reading,
  };
  const opponent = { magic: 0, learning: config.learning.min, element: "vigne" };
  const faceOf = (who, cast, modifier = 0) =>
    table.FACES.find(
      (f) =>
        table.isCast(table.outcomeOf(f, { ...who, modifier, reading: spellbook.reading })) === cast,
    );
  const castMine = faceOf(me, true);
  const castTheirs = faceOf(opponent, true);
  assert.equal(table.duelPlay([castMine], me, opponent).needed, 1);
  const both = table.duelPlay([castMine, castTheirs], me, opponent);
  assert.deepEqual(
    [both.needed, both.result, both.dominant],
    [2, null, config.duel.pairs.feu.vigne.dominant],
  );
  // A duel not finished changes nothing.
  assert.throws(
    () =>
      journal.duelSpell(spellbook, "vol", {
        element: "feu",
        opponent,
        faces: [castMine, castTheirs],
        now: NOW,
      }),
    book.BookError,
  );
  assert.equal(spellbook.journal.length, 0);
  // Only my test passes: my spell takes effect, whatever the dominance.
  const testMine = faceOf(me, true, both.modifiers[0]);
  const testTheirs = faceOf(opponent, false, both.modifiers[1]);
  const entry = journal.duelSpell(spellbook, "vol", {
    element: "feu",
    opponent,
    now: NOW,
    faces: [castMine, castTheirs, testMine, testTheirs],
  });
  assert.equal(entry.resultat, config.duel.results["11a10"]);
  assert.equal(entry.gain, table.xpOf(entry.issue));
  assert.equal(entry.gain_adverse, table.xpOf(entry.issue_adverse));
  assert.equal(spellbook.spells[0].xp, 4 + entry.gain);
  assert.match(
    journal.describe(entry, () => "Vol"),
    /^Vol : duel, faces \d+, \d+, \d+, \d+, .*adversaire : /,
  );
  assert.equal(journal.evening(spellbook, "2026-12-01T00:00:00.000Z").xp[0][1], entry.gain);
  // My spell not cast and theirs cast: no test, theirs takes effect unopposed.
  const failed = journal.duelSpell(spellbook, "vol", {
    element: "feu",
    opponent,
    now: NOW,
    faces: [faceOf(me, false) ?? castMine, castTheirs],
  });
  assert.equal(failed.des.length, 2);
  assert.deepEqual(
    book.validate(
      JSON.parse(JSON.stringify(book.serialise({ ...spellbook, journal: [entry] }))),
      null,
      {},
    ).journal,
    [entry],
  );
  journal.undo(spellbook);
  journal.undo(spellbook);
  assert.equal(spellbook.spells[0].xp, 4);
  assert.equal(spellbook.journal.length, 0);
});

test("an opponent from a share link casts with their own reading; the duel is a cast of the evening, read back from a file", () => {
  const spellbook = vol(config.learning.min, 0);
  const mine = spellbook.reading;
  const theirs = Object.keys(config.table.extremes).find((r) => r !== mine);
  const me = {
    magic: spellbook.magic,
    learning: config.learning.min,
    element: "feu",
    reading: mine,
  };
  // An opponent's magic and a face the two readings tell apart.
  let base;
  let face;
  for (let magic = 0; face === undefined; magic++) {
    base = { magic, learning: config.learning.min, element: "vigne" };
    face = table.FACES.find(
      (f) =>
        table.outcomeOf(f, { ...base, reading: mine }) !==
        table.outcomeOf(f, { ...base, reading: theirs }),
    );
  }
  assert.equal(
    table.duelPlay([face, face], me, { ...base, reading: theirs }).theirs,
    table.outcomeOf(face, { ...base, reading: theirs }),
  );
  assert.equal(
    table.duelPlay([face, face], me, base).theirs,
    table.outcomeOf(face, { ...base, reading: mine }),
  );
  const faces = [face, face, 12, 12];
  const entry = journal.duelSpell(spellbook, "vol", {
    element: "feu",
    faces: faces.slice(
      0,
      2 +
        2 *
          table.isCast(table.outcomeOf(face, me)) *
          table.isCast(table.outcomeOf(face, { ...base, reading: theirs })),
    ),
    opponent: { ...base, reading: theirs, slug: "eclair" },
    now: NOW,
  });
  assert.deepEqual(
    [entry.lecture, entry.lecture_adverse, entry.sort_adverse],
    [mine, theirs, "eclair"],
  );
  assert.deepEqual(entry.adversaire, base);
  assert.match(
    journal.describe(entry, (s) => (s === "eclair" ? "Éclair" : "Vol")),
    /; adversaire \(Éclair\) : /,
  );
  // The evening counts the duel as a cast of my spell, its outcome seen and expected.
  const summary = journal.evening(spellbook, "2026-12-01T00:00:00.000Z");
  assert.equal(summary.casts, 1);
  assert.equal(summary.outcomes.find((o) => o.outcome === entry.issue).seen, 1);
  const odds = table.castOdds({
    magic: spellbook.magic,
    learning: config.learning.min,
    reading: mine,
  });
  assert.deepEqual(
    summary.outcomes.map((o) => o.expected),
    odds.map((o) => (Math.round((o.faces.length / 12) * 10) / 10).toFixed(1).replace(".", ",")),
  );
  // The summary's text names the duel, its spells and its result.
  assert.deepEqual(summary.duels, [{ slug: "vol", opponent: "eclair", result: entry.resultat }]);
  assert.match(
    journal.eveningText(summary, (s) => (s === "eclair" ? "Éclair" : "Vol")),
    new RegExp("\\nDuels : Vol contre Éclair, " + journal.DUEL_WORDS[entry.resultat] + "\\."),
  );
  // Exported and imported, the entry comes back whole, and undo takes it back.
  const back = book.validate(JSON.parse(JSON.stringify(book.exportData(spellbook, null))), null, {
    file: true,
  });
  assert.deepEqual(back.journal, [entry]);
  journal.undo(back);
  assert.equal(back.spells[0].xp, 0);
  // A duel entry missing what it needs (or tampered) is named, never read half.
  const { des: _faces, ...noFaces } = entry;
  for (const [bad, why] of [
    [noFaces, "faces du duel : attendu de 2 à 4 faces, reçu rien"],
    [{ ...entry, des: ["<b>"] }, 'faces du duel : attendu de 2 à 4 faces, reçu « ["<b>"] »'],
    [
      { ...entry, lecture_adverse: "x" },
      "lecture adverse : attendu l’une de modified, natural, reçu « x »",
    ],
    [{ ...entry, resultat: "constructor" }, "résultat du duel : la table des règles donne"],
    [
      { ...entry, adversaire: null },
      "adversaire : attendu {magic, learning, element}, reçu « null »",
    ],
  ]) {
    const said = problems(() => book.validate({ version: 2, sorts: [], journal: [bad] }, null, {}));
    assert.equal(said.length, 1);
    assert.ok(said[0].startsWith("entrée n° 1 du journal illisible : " + why), said[0]);
  }
});

test("a drawn die's link replays the same outcome and XP, and hostile values are named in French", () => {
  const known = { vol: { name: "Vol" } };
  const { min, max } = config.learning;
  for (const reading of Object.keys(config.table.extremes)) {
    for (const face of config.table.faces) {
      for (const [magic, learning, modifier] of [
        [3, min, 0],
        [0, max, -2],
        [14, min + 1, 5],
      ]) {
        const query = replay.replayQuery({ slug: "vol", face, magic, learning, modifier, reading });
        assert.match(query, /^lancer=vol&de=\d+&magie=\d+&app=\d+&mod=-?\d+&lecture=\w+$/);
        const read = replay.readReplay(new URLSearchParams(query), known);
        const outcome = table.outcomeOf(face, { magic, learning, modifier, reading });
        assert.deepEqual(read, {
          slug: "vol",
          face,
          magic,
          learning,
          modifier,
          reading,
          outcome,
          xp: table.xpOf(outcome),
        });
      }
    }
  }
  const read = replay.readReplay(
    new URLSearchParams("lancer=vol&de=7&magie=3&app=2&mod=-2&lecture=modified"),
    known,
  );
  assert.equal(
    replay.replayText(read, "Vol"),
    "Vol : face 7 (magie 3, apprentissage 2, modificateur \u22122, " +
      config.table.extremes.modified +
      ") : " +
      config.table.labels[read.outcome] +
      ", +" +
      read.xp +
      " XP.",
  );
  assert.deepEqual(
    problems(() =>
      replay.readReplay(
        new URLSearchParams(
          "lancer=<b>&de=13&magie=-1&app=" + config.learning.unlearnt + "&mod=1e3&lecture=toString",
        ),
        known,
      ),
    ),
    [
      "sort inconnu : « <b> »",
      "face du dé : attendu un entier de 1 à 12, reçu « 13 »",
      "magie : attendu un entier positif ou nul, reçu « -1 »",
      "apprentissage : attendu celui d’un sort qu’on peut lancer, reçu « " +
        config.learning.unlearnt +
        " »",
      "modificateur : attendu un entier de \u2212999 à 999, reçu « 1e3 »",
      "lecture des extrêmes du dé : attendu l’une de modified, natural, reçu « toString »",
    ],
  );
  assert.deepEqual(
    problems(() => replay.readReplay(new URLSearchParams("lancer=vol&de=7"), known)),
    [
      "paramètre « magie » absent",
      "paramètre « app » absent",
      "paramètre « mod » absent",
      "paramètre « lecture » absent",
    ],
  );
  assert.equal(
    replay.withoutReplay(
      new URLSearchParams("a=1&lancer=vol&de=7&magie=3&app=2&mod=0&lecture=natural"),
    ),
    "a=1",
  );
});

test("a cast, a duel and a study say their XP in the same words", () => {
  const [issue, other] = Object.keys(table.LABELS);
  const xp = { gain: 3, avant: { xp: 12 }, apres: { xp: 15 } };
  assert.equal(journal.gained(xp), "+3 XP (12 \u2192 15 XP)");
  const names = (slug) => (slug === "eclair" ? "Éclair" : "Vol");
  const cast = { type: "lancer", sort: "vol", de: 7, mod: -1, issue, ...xp };
  assert.equal(
    journal.describe(cast, names),
    "Vol : face 7 (modificateur -1), " + table.LABELS[issue] + ", +3 XP (12 \u2192 15 XP)",
  );
  const [result] = Object.keys(journal.DUEL_WORDS);
  const duel = {
    type: "duel",
    sort: "vol",
    des: [4, 9],
    issue,
    resultat: result,
    issue_adverse: other,
    gain_adverse: 1,
    sort_adverse: "eclair",
    ...xp,
  };
  assert.equal(
    journal.describe(duel, names),
    "Vol : duel, faces 4, 9, " +
      table.LABELS[issue] +
      ", " +
      journal.DUEL_WORDS[result] +
      ", +3 XP (12 \u2192 15 XP) ; adversaire (Éclair) : " +
      table.LABELS[other] +
      ", +1 XP pour son grimoire",
  );
  const study = { type: "etude", sort: "vol", heures: 2, echec: null, ...xp };
  assert.equal(
    journal.describe(study, names),
    "Vol : étude de 2 h, séance réussie, +3 XP (12 \u2192 15 XP)",
  );
});

test("a panel's field is a row of its label and control; the die's pad a labelled group of its faces", () => {
  const node = (tag) => ({
    tag,
    attributes: {},
    children: [],
    listeners: {},
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
    appendChild(child) {
      this.children.push(child);
    },
    append(...children) {
      this.children.push(...children);
    },
    addEventListener(type, listener) {
      this.listeners[type] = listener;
    },
  });
  const saved = globalThis.document;
  globalThis.document = { createElement: node };
  try {
    const tapped = [];
    const { label, pad } = controls.diePad("gr-cast-vol-pad", "Face du dé du MJ :", (face) =>
      tapped.push(face),
    );
    assert.deepEqual(
      [label.tag, label.id, label.textContent],
      ["p", "gr-cast-vol-pad", "Face du dé du MJ :"],
    );
    assert.deepEqual(pad.attributes, { role: "group", "aria-labelledby": "gr-cast-vol-pad" });
    assert.deepEqual(
      pad.children.map((button) => [button.tag, button.type, button.textContent]),
      table.FACES.map((face) => ["button", "button", String(face)]),
    );
    pad.children.at(-1).listeners.click();
    assert.deepEqual(tapped, [table.FACES.at(-1)]);
    const control = node("select");
    const row = controls.field("gr-study-vol-hours", "Heures prévues", control);
    assert.equal(row.className, "gr-cast__mod");
    assert.deepEqual(
      row.children.map((child) => [child.tag, child.htmlFor, child.id, child.textContent]),
      [
        ["label", "gr-study-vol-hours", undefined, "Heures prévues"],
        ["select", undefined, "gr-study-vol-hours", undefined],
      ],
    );
  } finally {
    globalThis.document = saved;
  }
});

test("the expected casts are read from the build's table by XP left, magic folded", () => {
  // Two learning levels, two magics before the fold; rows shared where the engine's are equal.
  const casts = {
    fold: 1,
    index: { modified: { 1: [0, 1], 2: [2, 2] }, natural: { 1: [1, 1] } },
    rows: [
      ["1,0", "2,0"],
      ["1,0", "1,5"],
      ["3,0", "6,0", "9,0"],
    ],
  };
  const read = (magic, reading, learning, left) =>
    figures.castsLeft(casts, { magic, reading }, learning, left);
  assert.equal(read(0, "modified", 1, 2), "2,0");
  assert.equal(read(1, "modified", 1, 2), "1,5");
  assert.equal(read(40, "modified", 1, 1), "1,0"); // beyond the fold: as the fold
  assert.equal(read(0, "natural", 1, 2), "1,5");
  assert.equal(read(3, "modified", 2, 3), "9,0");
  // Outside the table: the engine is asked instead.
  assert.equal(read(0, "modified", 2, 4), null);
  assert.equal(read(0, "modified", 3, 1), null);
  assert.equal(read(0, "natural", 2, 1), null);
  assert.equal(read(-1, "modified", 1, 1), null);
  assert.equal(read(1.5, "modified", 1, 1), null);
  assert.equal(figures.castsLeft(null, { magic: 0, reading: "modified" }, 1, 1), null);
});

test("a wizard's name is plain text, bounded, and goes through a link unchanged", async () => {
  const values = await grimoireModules().load("grimoire-values.js");
  for (const name of [
    "Ysolde",
    "Œdipe l’Ancien",
    "<img src=x onerror=alert(1)>",
    "🧙 Zoë",
    "é".repeat(60),
  ]) {
    assert.equal(values.nameProblem(name), null, name);
    assert.match(values.encodeName(name), /^[A-Za-z0-9_-]*$/);
    assert.equal(values.decodeName(values.encodeName(name)), name);
    const read = book.readLink(
      book.encodeLink({ name, magic: 1, reading: book.DEFAULT_READING, spells: [] }),
      {},
    );
    assert.deepEqual([read.name, read.nameGiven], [name, true]);
  }
  assert.equal(values.cleanName("  a \n\t b  "), "a b");
  assert.equal(values.nameProblem(" a ".repeat(30)), null); // 59 characters once cleaned
  assert.match(values.nameProblem("a\u202eb"), /caractère de contrôle/);
  assert.match(values.nameProblem("a\u0007b"), /caractère de contrôle/);
  assert.match(values.nameProblem(null), /texte attendu, reçu « null »/);
  assert.equal(values.decodeName("A"), null); // no base64's length
  assert.equal(values.decodeName("_w"), null); // not UTF-8
  assert.equal(values.decodeName("a+b/"), null); // base64, not base64url
  assert.equal(values.decodeName(""), "");
});
