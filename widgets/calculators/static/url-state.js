// Grimoire: a calculator's state in the page address (pure functions over a
// query string). Keys are "<prefix>-<param>" (lancer-magie, etude-p...); a
// shared link reopens the same calculation, a roll with its seed.

/** The URL key of one field. */
export function stateKey(prefix, param) {
  return prefix + "-" + param;
}

/** {param: value} for the params of one calculator found in ``search``. */
export function readState(search, prefix, params) {
  const query = new URLSearchParams(search);
  const found = {};
  for (const param of params) {
    const key = stateKey(prefix, param);
    if (query.has(key)) found[param] = query.get(key);
  }
  return found;
}

/**
 * The query string with one calculator's values written in: ``values`` is
 * {param: text}; ``seed`` = [param, value] writes the roll's seed, [param, null] removes it.
 */
export function writeState(search, prefix, values, seed) {
  const query = new URLSearchParams(search);
  for (const [param, value] of Object.entries(values)) query.set(stateKey(prefix, param), value);
  if (seed) {
    const key = stateKey(prefix, seed[0]);
    if (seed[1] === null || seed[1] === undefined) query.delete(key);
    else query.set(key, String(seed[1]));
  }
  const text = query.toString();
  return text ? "?" + text : "";
}

/**
 * ``search`` without the values of the page's other calculators (``prefixes``: every
 * calculator's prefix on the page): a link copied from one calculator carries that one only.
 */
export function withoutOthers(search, prefix, prefixes) {
  const query = new URLSearchParams(search);
  const others = prefixes.filter((p) => p !== prefix);
  for (const key of [...query.keys()]) {
    if (others.some((p) => key.startsWith(p + "-"))) query.delete(key);
  }
  const text = query.toString();
  return text ? "?" + text : "";
}

/**
 * The page's address as one calculator's link (``location``: {pathname, search, hash}): its
 * ``values`` written, each [param, value] of ``seeds`` written (null: removed), the page's other
 * calculators' values taken out (``prefixes``: every prefix of the page), and its ``heading``'s
 * id as the place to land on (else the address's own).
 */
export function calculatorLink(location, prefix, values, seeds, { prefixes, heading }) {
  let search = writeState(location.search, prefix, values, null);
  for (const seed of seeds) search = writeState(search, prefix, {}, seed);
  search = withoutOthers(search, prefix, prefixes);
  return location.pathname + search + (heading ? "#" + heading : location.hash);
}

/** Longest field text sent anywhere: longer values are refused before any work. */
export const MAX_FIELD_CHARS = 200;

/** The French message for a value too long to be a number of the calculators. */
export function tooLongMessage(label) {
  return label + " : valeur trop longue (plus de " + MAX_FIELD_CHARS + " caractères).";
}
