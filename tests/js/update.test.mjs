// A wizard's evening at « La table » handed back (grimoire-update.js): the update link written and
// read back, its entries checked against the rules' data, merged into the player's journal after
// the player's own, skipped with a reason, never twice, undone as one; and its QR code's drawing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { grimoireModules } from "./grimoire_modules.mjs";

const { load } = grimoireModules();
const update = await load("grimoire-update.js");
const journal = await load("grimoire-journal.js");
const table = await load("grimoire-table.js");
const qr = await load("grimoire-qr.js");
const config = (await load("grimoire-config.js")).default;

const DIFFICULTY = Number(Object.keys(config.level_up_cost)[0]);
const KNOWN = { vol: { name: "Vol", difficulty: DIFFICULTY }, eclair: { name: "Éclair" } };
const READING = Object.keys(config.table.extremes)[1];
const LEARNING = 2;
const COST = table.levelCost(LEARNING, DIFFICULTY);
const book = (name, spells) => ({
  name,
  magic: 3,
  reading: READING,
  spells: spells.map(([slug, learning, xp]) => ({ slug, learning, xp })),
  journal: [],
});
const at = (minute) => new Date(Date.UTC(2026, 11, 5, 20, minute, 0, 123)).toISOString();

/** Ysolde at the table: two casts of Vol (one with a modifier), then its level passed. */
function evening() {
  const wizard = book("Ysolde l’Ancienne", [["vol", LEARNING, COST]]);
  journal.castSpell(wizard, "vol", { face: 7, now: at(1) });
  journal.castSpell(wizard, "vol", { face: 12, modifier: -2, now: at(2) });
  journal.levelUp(wizard, "vol", DIFFICULTY, at(3));
  return wizard;
}

test("an update link holds the table's casts and levels, read back as the rules give them", () => {
  const wizard = evening();
  const value = update.encodeUpdate(wizard);
  assert.match(value, /^[A-Za-z0-9._-]+$/);
  const read = update.readUpdate(value, KNOWN);
  assert.equal(read.name, "Ysolde l’Ancienne");
  assert.equal(read.magic, 3);
  assert.equal(read.reading, READING);
  const fields = (e) => [e.type, e.sort, e.t, e.de, e.mod, e.issue, e.gain, e.cout];
  assert.deepEqual(read.entries.map(fields), wizard.journal.map(fields));
  // The same link read twice names its entries the same: a second merge finds them.
  assert.deepEqual(
    update.readUpdate(value, KNOWN).entries.map((e) => e.id),
    read.entries.map((e) => e.id),
  );
  assert.equal(new Set(read.entries.map((e) => e.id)).size, 3);
  // Short: fifteen casts of fifteen spells stay well under a QR code's thousand characters.
  assert.ok(value.length < 120, value);
});

test("the merge keeps the player's own casts and adds the table's after them, once", () => {
  const wizard = evening();
  const read = update.readUpdate(update.encodeUpdate(wizard), KNOWN);
  const mine = book("Ysolde l’Ancienne", [["vol", LEARNING, 0]]);
  const own = journal.castSpell(mine, "vol", { face: 3, now: at(2) });
  const xp = COST + own.gain;
  // Casts add their XP to the spell as it is now; the level spends its cost from it.
  mine.spells[0].xp = xp;
  const done = update.mergeUpdate(mine, read, KNOWN);
  assert.equal(done.added.length, 3);
  assert.deepEqual(done.skipped, []);
  const tableXp = wizard.journal[0].gain + wizard.journal[1].gain;
  assert.deepEqual(mine.spells[0], {
    slug: "vol",
    learning: LEARNING + 1,
    xp: xp + tableXp - COST,
  });
  assert.deepEqual(
    mine.journal.map((e) => [e.type, e.de]),
    [
      ["lancer", 3],
      ["lancer", 7],
      ["lancer", 12],
      ["niveau", undefined],
    ],
  );
  for (const entry of mine.journal)
    assert.equal(journal.describe(entry, (s) => s).length > 0, true);
  const again = update.mergeUpdate(mine, read, KNOWN);
  assert.deepEqual([again.added.length, again.already], [0, 3]);
  // Undone as one: the book as it was before the merge.
  update.undoUpdate(
    mine,
    done.added.map((e) => e.id),
  );
  assert.deepEqual(mine.spells[0], { slug: "vol", learning: LEARNING, xp });
  assert.deepEqual(
    mine.journal.map((e) => e.id),
    [own.id],
  );
});

test("an entry the player's book cannot take is skipped with its reason", () => {
  const read = update.readUpdate(update.encodeUpdate(evening()), KNOWN);
  const none = book("", [["eclair", 3, 0]]);
  const done = update.mergeUpdate(none, read, KNOWN);
  assert.equal(done.added.length, 0);
  assert.deepEqual(
    done.skipped.map((s) => s.why),
    Array(3).fill("ce sort n’est pas dans votre grimoire"),
  );
  const passed = book("", [["vol", LEARNING + 1, 0]]);
  assert.match(
    update.mergeUpdate(passed, read, KNOWN).skipped[0].why,
    /^joué à l’apprentissage 2, le sort est à 3 dans votre grimoire$/,
  );
  // Without the XP of the cost, the level is not passed; the casts still are.
  const poor = book("", [["vol", LEARNING, 0]]);
  const result = update.mergeUpdate(poor, read, KNOWN);
  const tableXp = result.added.reduce((sum, e) => sum + e.gain, 0);
  assert.equal(result.added.length, tableXp >= COST ? 3 : 2);
});

test("undoing a merge after the player wrote again changes nothing and says why", () => {
  const read = update.readUpdate(update.encodeUpdate(evening()), KNOWN);
  const mine = book("", [["vol", LEARNING, COST]]);
  const done = update.mergeUpdate(mine, read, KNOWN);
  journal.castSpell(mine, "vol", { face: 5, now: at(9) });
  const before = structuredClone(mine);
  assert.throws(
    () =>
      update.undoUpdate(
        mine,
        done.added.map((e) => e.id),
      ),
    { message: "votre journal a changé depuis la mise à jour : annulez ses entrées une à une" },
  );
  assert.deepEqual(mine, before);
});

test("a bad update link is refused in French, naming the entry", () => {
  const cases = [
    ["2.3." + READING + "..vol", /^version de mise à jour « 2 » non prise en charge/],
    ["1.3." + READING + "..vol.l0_13_0_2_abc", /^entrée n° 1 : face du dé : attendu un entier/],
    [
      "1.3." + READING + "..vol.l0_7_0_9_abc",
      /^entrée n° 1 : état avant : apprentissage attendu de 0/,
    ],
    ["1.3." + READING + "..vol.l0_7_0_0_abc", /^entrée n° 1 : apprentissage 0 : ce sort ne peut/],
    ["1.3." + READING + "..vol.l1_7_0_2_abc", /^entrée n° 1 : sort n° 1 absent$/],
    ["1.3." + READING + "..vol.x0_7", /^entrée n° 1 : genre inconnu « x »$/],
    ["1.3." + READING + "..eclair.n0_2_abc", /^entrée n° 1 : pas de niveau après/],
    ["1.3.nowhere..vol", /^lecture des extrêmes du dé inconnue/],
    ["1.3." + READING + "..vol.<b>", /^caractères inattendus/],
    ["1.3", /^lien de mise à jour incomplet$/],
  ];
  for (const [value, problem] of cases) {
    assert.throws(() => update.readUpdate(value, KNOWN), { message: problem }, value);
  }
});

test("a QR code is drawn module by module from the served library", async () => {
  assert.equal(
    qr.modulesPath([
      [true, false],
      [false, true],
    ]),
    "M0 0h1v1h-1zM1 1h1v1h-1z",
  );
  const { encode } = await qr.loadQr();
  const link = "https://exemple.fr/grimoire/?maj=" + "a".repeat(qr.MAX_QR_CHARS - 33);
  const code = encode(link, { ecc: "L", border: 4 });
  assert.equal(code.data.length, code.size);
  assert.ok(code.version <= 40 && code.size === 17 + 4 * code.version + 8, code.version);
});

test("a wizard's evening of fifteen spells fits a QR code's thousand characters", async () => {
  const { readdirSync } = await import("node:fs");
  const slugs = readdirSync(new URL("../../spells/", import.meta.url))
    .map((file) => file.replace(/\.yaml$/, ""))
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .slice(0, 15);
  // The fifteen longest names of the compendium, each cast once in the evening, 12 at most.
  const wizard = book(
    "Ysolde l’Ancienne de la Tour",
    slugs.map((slug) => [slug, 5, 0]),
  );
  for (const [i, slug] of slugs.entries()) {
    journal.castSpell(wizard, slug, { face: 12, modifier: -3, now: at(i) });
  }
  const link = "https://grimoire.example.org/grimoire/?" + update.UPDATE_PARAM + "=";
  const value = update.encodeUpdate(wizard);
  assert.equal(update.readUpdate(value, {}).entries.length, 15);
  assert.ok((link + value).length <= qr.MAX_QR_CHARS, String((link + value).length));
  // A second cast of each passes the bound: the page then gives the link alone, and says so.
  for (const [i, slug] of slugs.entries()) {
    journal.castSpell(wizard, slug, { face: 1, now: at(30 + i) });
  }
  assert.ok((link + update.encodeUpdate(wizard)).length > qr.MAX_QR_CHARS);
});

test("a duel at the table is handed back to each side, played again from its faces", () => {
  const theirs = Object.keys(config.table.extremes).find((r) => r !== READING);
  const wizard = book("Ysolde", [["vol", LEARNING, 0]]);
  const opponent = {
    magic: 4,
    learning: 3,
    element: config.duel.elements[1],
    reading: theirs,
    slug: "eclair",
  };
  const played = journal.duelSpell(wizard, "vol", {
    element: config.duel.elements[0],
    opponent,
    faces: [3, 2, 3, 12],
    now: at(5),
  });
  const value = update.encodeUpdate(wizard);
  const [read] = update.readUpdate(value, KNOWN).entries;
  const fields = (e) => [e.type, e.sort, e.t, e.des, e.element, e.adversaire, e.lecture_adverse];
  assert.deepEqual(fields(read), fields(played));
  for (const key of [
    "sort_adverse",
    "issue",
    "issue_adverse",
    "resultat",
    "gain",
    "gain_adverse",
  ]) {
    assert.equal(read[key], played[key], key);
  }
  assert.equal(read.lecture, wizard.reading);
  assert.equal(read.lecture_adverse, theirs);
  // Merged into the player's own book: the duel's XP credited to Vol.
  const own = book("Ysolde", [["vol", LEARNING, 1]]);
  const done = update.mergeUpdate(own, update.readUpdate(value, KNOWN), KNOWN);
  assert.equal(done.added.length, 1);
  assert.equal(own.spells[0].xp, 1 + played.gain);
  // A duel whose faces the rules cannot play is refused, naming its entry.
  assert.ok(value.includes("_3-2-3-12_"), value);
  const broken = value.replace("_3-2-3-12_", "_3-2-13_");
  assert.throws(
    () => update.readUpdate(broken, KNOWN),
    (error) => error.problems[0].startsWith("entrée n° 1 : faces du duel"),
  );
});
