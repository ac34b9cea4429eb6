// The calculators' entry: when it fetches what a first answer needs, and that it asks for all of
// it at once (every module of calculators.js, instant.js, the fields and each data document).
// The entry imports the shared answers-data.js, which reads ./engine-config.js, which only the
// build writes: the modules are imported from a copy laid out as served (the calculators in
// widgets/, the shared modules in shared/) with a configuration of the build's shape.
import { before, test } from "node:test";
import assert from "node:assert/strict";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// Each served folder and its sources.
const SERVED = {
  widgets: path.join(ROOT, "widgets/calculators/static"),
  shared: path.join(ROOT, "widgets/shared"),
};
const FILES = {
  cast: "instant-cast-1.json",
  duel: "instant-duel-2.json",
  "progression-3": "instant-progression-3-3.json",
  fields: "instant-fields-4.json",
};
const CONFIG = {
  dataWaitMs: 5000,
  instant: {
    files: FILES,
    split: { progression: "difficulty" },
    integer: { whitespace: " ", signs: { "+": 1, "-": -1 }, digits: 30 },
  },
};

let loader, data;
const fetched = [];
const dir = mkdtempSync(path.join(tmpdir(), "calculators-js-"));

before(async () => {
  for (const [folder, source] of Object.entries(SERVED)) {
    mkdirSync(path.join(dir, folder));
    for (const name of readdirSync(source).filter((n) => n.endsWith(".js"))) {
      copyFileSync(path.join(source, name), path.join(dir, folder, name));
    }
  }
  const config = `export default ${JSON.stringify(CONFIG)};\n`;
  writeFileSync(path.join(dir, "shared", "engine-config.js"), config);
  // Every fetch is recorded, and never answers: what counts is what is asked for, and when.
  globalThis.fetch = (url) => {
    fetched.push(path.basename(new URL(url).pathname));
    return new Promise(() => {});
  };
  loader = await import(pathToFileURL(path.join(dir, "widgets", "calculators-loader.js")).href);
  data = await import(pathToFileURL(path.join(dir, "shared", "answers-data.js")).href);
});

// A calculator section as the page draws it: its name and its fields' values.
function section(calc, fields = {}, noauto = {}) {
  const inputs = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value, noauto: false })),
    ...Object.entries(noauto).map(([name, value]) => ({ name, value, noauto: true })),
  ].map(({ name, value, noauto: skip }) => ({
    value,
    getAttribute: (attr) => (attr === "data-field" ? name : null),
    hasAttribute: (attr) => attr === "data-noauto" && skip,
  }));
  return {
    dataset: {},
    getAttribute: (attr) => (attr === "data-calc" ? calc : null),
    querySelectorAll: (sel) => (sel === "[data-field]" ? inputs : []),
    closest: () => null,
    addEventListener: () => {},
  };
}

// The modules a module names in its static imports and re-exports (import … from "./x.js",
// import "../shared/x.js", export … from "./x.js"), each as a path from the calculators' served
// folder (``name`` too); engine-config.js, which the build writes, names none.
function staticImports(name) {
  if (path.posix.basename(name) === "engine-config.js") return [];
  const source = readFileSync(path.join(dir, "widgets", name), "utf-8");
  const found = /^(?:import|export)\s+(?:[^"';]*?\sfrom\s+)?"(\.\.?\/[^"]+)"/gm;
  return [...source.matchAll(found)].map((m) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(name), m[1])),
  );
}

// ``name`` and every module it imports, directly or not.
function closure(name) {
  const needed = new Set([name]);
  const queue = [name];
  while (queue.length) {
    for (const next of staticImports(queue.shift())) {
      if (!needed.has(next)) {
        needed.add(next);
        queue.push(next);
      }
    }
  }
  return needed;
}

test("the modules asked for at once are every module calculators.js needs", () => {
  const needed = closure("calculators.js");
  assert.ok(needed.has("url-state.js") && needed.has("calculators-calculator.js"));
  assert.ok(needed.has("../shared/answers.js") && needed.has("../shared/engine-on-demand.js"));
  assert.deepEqual(
    loader.MODULES.map((name) => name.replace(/^\.\//, "")).sort(),
    [...needed].sort(),
  );
  assert.equal(loader.MODULES[0], "./calculators.js");
});

test("instant.js comes with every module it imports that calculators.js does not, at once", () => {
  const withCalculators = closure("calculators.js");
  const needed = [...closure("../shared/instant.js")].filter((name) => !withCalculators.has(name));
  assert.ok(needed.includes("../shared/instant-check.js"));
  assert.ok(needed.includes("../shared/instant-duel.js"));
  assert.deepEqual(
    data.INSTANT_MODULES.map((name) => name.replace("./", "../shared/")).sort(),
    needed.sort(),
  );
  assert.equal(data.INSTANT_MODULES[0], "./instant.js");
});

test("a calculator's request is its fields as the page drew them, not the ones it leaves out", () => {
  const duel = section("progression", { difficulty: "3", xp: "0" }, { face: "" });
  assert.deepEqual(loader.sectionRequest(duel), { calc: "progression", difficulty: "3", xp: "0" });
});

test("everything a first answer needs is asked for in the same moment, the engine not", () => {
  const imported = [];
  const asked = [];
  const sections = [section("cast"), section("duel")];
  const result = loader.fetchAll(
    sections,
    { navigator: {} },
    (name) => {
      imported.push(name);
      return Promise.resolve({ name });
    },
    (requests) => asked.push(...requests),
  );
  // Synchronously: nothing waits for another file to arrive before being asked for.
  assert.deepEqual(imported, loader.MODULES);
  assert.deepEqual(asked, [{ calc: "cast" }, { calc: "duel" }]);
  assert.ok(!imported.some((name) => /(^|\/)engine\.js$|pyodide/.test(name)));
  return result.then((module) => assert.equal(module.name, "./calculators.js"));
});

test("on a connection that saves data, only the modules come as a calculator approaches", () => {
  const asked = [];
  loader.fetchAll(
    [section("cast")],
    { navigator: { connection: { saveData: true } } },
    () => Promise.resolve({}),
    (requests) => asked.push(...requests),
  );
  assert.deepEqual(asked, []);
});

test("the data documents, the fields and instant.js are fetched together, each once", () => {
  fetched.length = 0;
  data.prefetch([{ calc: "cast" }, { calc: "duel" }, { calc: "progression", difficulty: "3" }]);
  data.prefetch([{ calc: "duel" }]);
  assert.deepEqual(
    fetched.sort(),
    [FILES.cast, FILES.duel, FILES.fields, FILES["progression-3"]].sort(),
  );
});

test("a page without calculators loads nothing and observes nothing", () => {
  let observed = 0;
  let imported = 0;
  const doc = { querySelectorAll: () => [], addEventListener: () => {} };
  const win = {
    location: { search: "?x=1", hash: "" },
    IntersectionObserver: class {
      observe() {
        observed += 1;
      }
    },
  };
  assert.equal(typeof loader.mountCalculators(doc, win, () => imported++), "function");
  assert.equal(observed, 0);
  assert.equal(imported, 0);
});

test("calculators off the screen are only observed: on it before a scroll, screens ahead after", () => {
  const seen = [];
  const margins = [];
  let imported = 0;
  let scrolled = null;
  const cast = section("cast");
  cast.addEventListener = (name) => seen.push(name);
  const doc = {
    querySelectorAll: () => [cast],
    addEventListener: (name) => seen.push(`doc:${name}`),
  };
  const win = {
    location: { search: "", hash: "" },
    navigator: {},
    addEventListener: (name, listener) => {
      seen.push(`win:${name}`);
      scrolled = listener;
    },
    IntersectionObserver: class {
      constructor(_callback, opts) {
        margins.push(opts.rootMargin);
      }
      observe(target) {
        seen.push(target === cast ? "observe" : "?");
      }
      disconnect() {
        seen.push("disconnect");
      }
    },
  };
  loader.mountCalculators(doc, win, () => imported++);
  assert.deepEqual(seen.sort(), ["doc:submit", "focusin", "observe", "pointerdown", "win:scroll"]);
  assert.equal(imported, 0);
  assert.deepEqual(margins, ["0px"]);
  // Once the reader scrolls, at least two screens ahead: a fling brings the calculator in view.
  scrolled();
  assert.equal(margins.length, 2);
  const [vertical] = margins[1].split(" ");
  assert.match(vertical, /^\d+%$/);
  assert.ok(Number.parseInt(vertical, 10) >= 200, margins[1]);
  assert.equal(imported, 0);
  assert.equal(cast.dataset.state, "dormant");
});

test("a calculator among a spell page's rules is watched through the rules' box", () => {
  const watched = [];
  const rules = { name: "rules" };
  const cast = section("cast");
  cast.closest = (selector) => (selector === ".gr-spell-rules" ? rules : null);
  const win = {
    location: { search: "", hash: "" },
    navigator: {},
    addEventListener: () => {},
    IntersectionObserver: class {
      observe(target) {
        watched.push(target);
      }
      disconnect() {}
    },
  };
  loader.mountCalculators({ querySelectorAll: () => [cast], addEventListener: () => {} }, win);
  // Laid out only near the screen, the rules hold no calculator box before: theirs is watched.
  assert.deepEqual(watched, [rules]);
});

test("a shared calculator, a roll or a jump link asks for the calculators at once", () => {
  assert.equal(loader.wantedNow("?lancer-magie=4", ""), true);
  assert.equal(loader.wantedNow("", "#calc-duel"), true);
  assert.equal(loader.wantedNow("", ""), false);
  assert.equal(loader.wantedNow("?", "#niveau-2"), false);
});

test("the entry mounts the calculators once their module is there, and only once", async () => {
  let mounted = 0;
  const doc = {
    querySelectorAll: () => [section("cast")],
    addEventListener: () => {},
  };
  const win = { location: { search: "?lancer-magie=3", hash: "" }, navigator: {} };
  const module = { mountCalculatorsPage: () => mounted++ };
  const load = loader.mountCalculators(doc, win, () => Promise.resolve(module));
  assert.equal(mounted, 0); // importing is not mounting: the entry does it when the module is in
  assert.equal(await load(), module);
  await load();
  assert.equal(mounted, 1);
});

test("calculators.js mounts nothing when imported: its page's entry mounts it", () => {
  const source = readFileSync(
    new URL("../../widgets/calculators/static/calculators.js", import.meta.url),
    "utf8",
  );
  const topLevel = source.split("\n").filter((line) => /^[a-zA-Z]\w*\(/.test(line));
  assert.deepEqual(topLevel, []);
  assert.match(source, /^export function mountCalculatorsPage\(\)/m);
});
