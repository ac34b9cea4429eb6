// « Mon grimoire »'s pure parts: validation of stored, linked and imported spellbooks, the share
// link's format. The configuration is the one the build writes, generated from rules/.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const STATIC = path.join(ROOT, "generator/pages/static");
const PYTHON = process.env.PYTHON || path.join(ROOT, ".venv/bin/python");

let book, config, store;

before(async () => {
  // The model imports ./grimoire-config.js, which only the build writes: write it beside a copy.
  const dir = mkdtempSync(path.join(tmpdir(), "grimoire-js-"));
  for (const name of readdirSync(STATIC).filter((n) => n.endsWith(".js"))) {
    copyFileSync(path.join(STATIC, name), path.join(dir, name));
  }
  const script = execFileSync(PYTHON, ["-c", [
    "import rules",
    "from generator.pages.cards import _config_script",
    "print(_config_script([{'difficulty': d} for d in range(rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY + 1)]))",
  ].join("\n")], { cwd: ROOT, encoding: "utf-8" });
  writeFileSync(path.join(dir, "grimoire-config.js"), script);
  book = { ...(await import(pathToFileURL(path.join(dir, "grimoire-model.js")).href)),
           ...(await import(pathToFileURL(path.join(dir, "grimoire-format.js")).href)) };
  store = await import(pathToFileURL(path.join(dir, "grimoire-store.js")).href);
  config = (await import(pathToFileURL(path.join(dir, "grimoire-config.js")).href)).default;
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
  const spellbook = { magic: 7, spells: [{ slug: "vol", learning: max, xp: 12 },
                                         { slug: "oeil-de-mage", learning: min, xp: 0 }] };
  const link = book.encodeLink(spellbook);
  assert.match(link, /^[A-Za-z0-9._-]+$/);
  assert.equal(link, `1.7.vol_${max}_12.oeil-de-mage_${min}_0`);
  assert.deepEqual(book.validate(book.decodeLink(link), null, {}), spellbook);
});

test("a damaged share link is refused in French", () => {
  assert.deepEqual(problems(() => book.decodeLink("1.3.vol<script>")),
                   ["caractères inattendus dans le lien (lien abîmé ?)"]);
  assert.deepEqual(problems(() => book.decodeLink("1")), ["lien incomplet (version ou magie absente)"]);
  assert.deepEqual(problems(() => book.decodeLink("1.2.vol_3")), ["sort n° 1 du lien illisible : « vol_3 »"]);
});

test("every problem of an imported file is named, and nothing is half read", () => {
  const { min, max } = config.learning;
  const known = { vol: { name: "Vol", difficulty: config.difficulty.min } };
  const found = problems(() => book.validate({
    format: "grimoire-livre", version: 1, magie: -1,
    sorts: [{ slug: "vol", apprentissage: max + 1, xp: 0 }, { slug: "vol", apprentissage: min, xp: 0 },
            { slug: "inconnu", apprentissage: min, xp: 0 }, { slug: "", xp: 1 }],
  }, known, { file: true }));
  assert.deepEqual(found, [
    "magie : attendu un entier positif ou nul, reçu « -1 »",
    `apprentissage de « Vol » : attendu un entier de ${min} à ${max}, reçu « ${max + 1} »`,
    "sort en double : « Vol »",
    "sort inconnu : « inconnu »",
    "sort n° 4 : identifiant (« slug ») absent",
  ]);
  assert.match(problems(() => book.validate({ version: 1, sorts: [] }, null, { file: true }))[0],
               /^ce fichier n’est pas un grimoire exporté/);
  assert.match(problems(() => book.validate({ version: 2, sorts: [] }, null, {}))[0],
               /^version de format « 2 » non prise en charge/);
});

test("the XP a spell holds is bounded by the engine's cost of the next level", () => {
  const { min, max } = config.learning;
  const difficulty = config.difficulty.max;
  const cost = config.level_up_cost[String(difficulty)][String(min)];
  assert.equal(book.xpMax(min, difficulty), cost - 1);
  assert.equal(book.xpMax(max, difficulty), null);
  const known = { vol: { name: "Vol", difficulty } };
  const entry = (xp) => ({ version: 1, magie: 0, sorts: [{ slug: "vol", apprentissage: min, xp }] });
  assert.equal(book.validate(entry(cost - 1), known, {}).spells[0].xp, cost - 1);
  assert.match(problems(() => book.validate(entry(cost), known, {}))[0], /^XP de « Vol » : /);
});

test("an exported file has the documented format", () => {
  const spellbook = { magic: 2, spells: [{ slug: "vol", learning: config.learning.min, xp: 3 }] };
  const data = book.exportData(spellbook, { vol: { name: "Vol" } });
  assert.equal(data.format, "grimoire-livre");
  assert.equal(data.version, 1);
  assert.deepEqual(book.validate(data, { vol: { name: "Vol", difficulty: config.difficulty.min } },
                                 { file: true }), spellbook);
});

// A localStorage for the storage functions, as the browser gives it.
function withStorage(raw, run) {
  const items = new Map();
  if (raw !== null) items.set(store.STORAGE_KEY, raw);
  globalThis.window = { localStorage: {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => { items.set(key, String(value)); },
  } };
  try {
    return run(items);
  } finally {
    delete globalThis.window;
  }
}

test("a stored spellbook with bad entries keeps the good ones, names the bad ones, and keeps them", () => {
  const { min } = config.learning;
  const raw = JSON.stringify({ version: 1, magie: 2, sorts: [
    { slug: "vol", apprentissage: min, xp: 1 }, { slug: "eclair", apprentissage: "x", xp: 0 },
    "n'importe quoi", { slug: "teleportation", apprentissage: min, xp: 0 }] });
  withStorage(raw, (items) => {
    const read = book.loadBook();
    assert.equal(read.broken, undefined);
    assert.deepEqual(read.book.spells.map((s) => s.slug), ["vol", "teleportation"]);
    assert.deepEqual(read.rejected.map((r) => r.problem), [
      `apprentissage de « eclair » : attendu un entier de ${min} à ${config.learning.max}, reçu « x »`,
      "sort n° 3 : objet attendu"]);
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
  const many = JSON.stringify({ version: 1, magie: 0, sorts: Array.from(
    { length: book.MAX_ENTRIES + 1 }, (_, i) => ({ slug: "s" + i, apprentissage: min, xp: 0 })) });
  withStorage(many, () => {
    const read = book.loadBook();
    assert.match(read.broken, /^grimoire trop volumineux \(1001 sorts, au plus 1000\)$/);
    assert.equal(read.raw, many);
  });
  const huge = JSON.stringify({ version: 1, magie: 0, sorts: [], note: "x".repeat(store.MAX_STORED_CHARS) });
  withStorage(huge, () => {
    assert.match(book.loadBook().broken, /^grimoire trop volumineux \(\d+ ko, au plus 1000 ko\)$/);
  });
  withStorage("{", () => assert.equal(book.loadBook().broken, "ce n’est pas du JSON"));
  withStorage(null, () => assert.deepEqual(book.loadBook().book, { magic: 0, spells: [] }));
});
