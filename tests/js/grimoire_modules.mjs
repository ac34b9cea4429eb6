// « Mon grimoire »'s modules, imported from the served copy of the site's scripts (served.mjs),
// beside the grimoire-config.js the build would write (generated from rules/, by the same Python).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { servedSite } from "./served.mjs";

/** {dir, load(name)}: the room's served folder, and a module of it by file name. */
export function grimoireModules() {
  const dir = path.join(servedSite(), "assets", "grimoire");
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
