// The site's scripts as the build serves them (assets/<room>/, with the spellbook's configuration
// written from rules/), laid out once per test file by tests/served_scripts.py, so that every
// module's relative imports resolve as on the site.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PYTHON = process.env.PYTHON || path.join(ROOT, ".venv/bin/python");

let site = null;

/** The folder holding the served copy (``assets/…`` inside it), laid out on the first call. */
export function servedSite() {
  if (site === null) {
    site = mkdtempSync(path.join(tmpdir(), "grimoire-served-"));
    execFileSync(PYTHON, ["-m", "tests.served_scripts", site], { cwd: ROOT, stdio: "inherit" });
  }
  return site;
}

/** A served module by its path on the site, e.g. ``assets/site/spell-index-view.js``. */
export function servedModule(served) {
  return import(pathToFileURL(path.join(servedSite(), served)).href);
}
