// Grimoire: which data document may answer a calculator's request, named before instant.js
// arrives (pure: no DOM, no fetch; the split field read by instant-integer.js, a small module).
// ``cfg`` is the build's ``instant`` configuration ({files, split, integer}, widgets/instant
// configuration()).
import { readInteger } from "./instant-integer.js";

/** The file name of the data document for ``request``, or null when none can answer it. */
export function documentName(request, cfg) {
  if (!cfg?.files || !request || typeof request.calc !== "string") return null;
  const kind = request.calc === "roll" ? "cast" : request.calc;
  const split = cfg.split?.[kind];
  let key = kind;
  if (split) {
    const match = integerText(request[split], cfg.integer);
    if (match === null) return null;
    key = kind + "-" + match;
  }
  return Object.hasOwn(cfg.files, key) ? cfg.files[key] : null;
}

/** Integer text as the bridge reads it (``integer``: how it reads integers), as a decimal
 * string, or null. */
export function integerText(raw, integer) {
  if (typeof raw !== "string" || !integer) return null;
  const number = readInteger(raw, integer);
  if (number === null) return null;
  const small = Number(number);
  return Number.isSafeInteger(small) ? String(small) : null;
}
