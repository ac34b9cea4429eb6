// « Mon grimoire »'s modules, imported from a copy of the site's scripts beside the
// grimoire-config.js the build would write (generated here from rules/, by the same Python).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const STATIC = path.join(ROOT, "generator/pages/static");
const PYTHON = process.env.PYTHON || path.join(ROOT, ".venv/bin/python");

/** {dir, load(name)}: the copy's folder, and a module of it by file name. */
export function grimoireModules() {
  const dir = mkdtempSync(path.join(tmpdir(), "grimoire-js-"));
  for (const name of readdirSync(STATIC).filter((n) => n.endsWith(".js"))) {
    copyFileSync(path.join(STATIC, name), path.join(dir, name));
  }
  const script = execFileSync(
    PYTHON,
    [
      "-c",
      [
        "import rules",
        "from generator.pages.cards import _config_script",
        "print(_config_script([{'difficulty': d} for d in range(rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY + 1)]))",
      ].join("\n"),
    ],
    { cwd: ROOT, encoding: "utf-8" },
  );
  writeFileSync(path.join(dir, "grimoire-config.js"), script);
  return { dir, load: (name) => import(pathToFileURL(path.join(dir, name)).href) };
}

/** A localStorage for the storage functions, as the browser gives it: runs ``run(items)``. */
export function withStorage(key, raw, run) {
  const items = new Map();
  if (raw !== null) items.set(key, raw);
  const previous = globalThis.window;
  globalThis.window = {
    localStorage: {
      getItem: (k) => (items.has(k) ? items.get(k) : null),
      setItem: (k, value) => {
        items.set(k, String(value));
      },
    },
  };
  try {
    return run(items);
  } finally {
    globalThis.window = previous;
  }
}
