// Grimoire: which data document may answer a calculator's request, named without instant.js
// (pure: no DOM, no fetch). ``cfg`` is the build's ``instant`` configuration
// ({files, split, integer}, widgets/instant.py configuration()).

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
  const ws = integer.whitespace;
  const chars = Array.from(raw);
  let start = 0;
  let end = chars.length;
  while (start < end && ws.includes(chars[start])) start++;
  while (end > start && ws.includes(chars[end - 1])) end--;
  let body = chars.slice(start, end).join("");
  let sign = 1;
  if (body && Object.hasOwn(integer.signs, body[0])) {
    sign = integer.signs[body[0]];
    body = body.slice(1);
  }
  if (!/^[0-9]+$/.test(body) || body.length > integer.digits) return null;
  const number = Number(body) * sign;
  return Number.isSafeInteger(number) ? String(number === 0 ? 0 : number) : null;
}
