// Grimoire: answers the build already knows (widgets/instant.py), looked up
// without the engine. Pure functions: no DOM, no fetch, no rule of the game.
//
// A data document holds, for one calculator, every answer of
// widgets/bridge.py for a grid of inputs. lookup() reads the request's
// fields the way the bridge does (integer text -> number, the same
// whitespace, signs and digit limit, carried by the document), finds the
// answer and rebuilds the object the engine would have returned; it returns
// null for anything outside the grid, which then goes to the engine. A roll
// also needs Python's random generator (pyrandom.js), passed in by the caller
// so that the page fetches it only when the reader rolls.

/** The version of the data documents this module reads (widgets/instant.py FORMAT). */
export const FORMAT = 1;

const readers = new WeakMap();

function escapeClass(chars) {
  return Array.from(chars, (c) => "\\u{" + c.codePointAt(0).toString(16) + "}").join("");
}

function integerReader(reading) {
  let reader = readers.get(reading);
  if (!reader) {
    const ws = "[" + escapeClass(reading.whitespace) + "]*";
    const signs = Object.keys(reading.signs);
    const sign = signs.length ? "([" + escapeClass(signs.join("")) + "]?)" : "()";
    const pattern = new RegExp("^" + ws + sign + "([0-9]{1," + Number(reading.digits) + "})" + ws + "$", "u");
    reader = { pattern, reading };
    readers.set(reading, reader);
  }
  return reader;
}

/** The value the engine receives for a field, as widgets/bridge.py's to_engine() gives it. */
export function toEngine(value, reading) {
  if (typeof value !== "string") return value;
  const { pattern } = integerReader(reading);
  const match = pattern.exec(value);
  if (!match) return value;
  const number = Number(match[2]) * (match[1] ? reading.signs[match[1]] : 1);
  return number === 0 ? 0 : number; // no negative zero
}

/** True when Python's str.strip() would leave nothing of ``text``. */
export function isBlank(text, reading) {
  return Array.from(text).every((c) => reading.whitespace.includes(c));
}

/**
 * The JSON value a ref of the document stands for. ``at`` is the index of the
 * node holding the ref (its node refs are distances back from it), or
 * undefined for a ref of a table (an index).
 */
export function decode(doc, ref, at) {
  if ((ref & 1) === 0) return doc.atoms[ref >> 1];
  const index = at === undefined ? ref >> 1 : at - (ref >> 1);
  const node = doc.nodes[index];
  if (node[0] === 0) {
    const keys = doc.shapes[node[1]];
    const value = {};
    for (let i = 0; i < keys.length; i++) value[keys[i]] = decode(doc, node[i + 2], index);
    return value;
  }
  const list = [];
  for (let i = 1; i < node.length; i++) list.push(decode(doc, node[i], index));
  return list;
}

// Position of a request in a table: the normalised value of each axis field,
// and the flat index, or null when a value is outside the table.
function locate(doc, table, request) {
  let flat = 0;
  const values = {};
  for (const [field, axis] of table.axes) {
    let raw = request[field];
    if (raw === undefined || raw === null) raw = doc.absent[field];
    if (raw === undefined || raw === null) return null;
    const value = toEngine(raw, doc.integer);
    const position = axis.indexOf(value);
    if (position < 0 || typeof value !== typeof axis[position]) return null;
    flat = flat * axis.length + position;
    values[field] = value;
  }
  return { flat, values };
}

function inputsOf(table, values) {
  const inputs = {};
  for (const [key, field, how] of table.inputs) {
    const value = values[field];
    if (how === "value") inputs[key] = value;
    else if (how === "text") inputs[key] = String(value);
    else inputs[key] = how[value];
  }
  return inputs;
}

function answer(doc, calc, request) {
  const table = doc.tables && doc.tables[calc];
  if (!table) return null;
  const place = locate(doc, table, request);
  if (!place) return null;
  return { values: place.values, response: { calc, inputs: inputsOf(table, place.values), ...decode(doc, table.index[place.flat]) } };
}

/** The seed of a roll: the request's, or one drawn with ``draw(low, high)``; null when the
 * engine must judge it (not a non-negative integer, or too large to replay here). */
function seedOf(doc, raw, draw, maxSeed) {
  if (raw === undefined || raw === null || (typeof raw === "string" && isBlank(raw, doc.integer))) {
    return draw(doc.seed[0], doc.seed[1]);
  }
  const seed = toEngine(raw, doc.integer);
  if (typeof seed !== "number" || !Number.isSafeInteger(seed) || seed < 0 || seed > maxSeed) return null;
  return seed;
}

function roll(doc, request, draw, random) {
  if (!random) return null;
  const found = answer(doc, "cast", request);
  if (!found || !doc.tables.roll || !doc.faces) return null;
  const place = locate(doc, doc.tables.roll, request);
  if (!place) return null;
  const seed = seedOf(doc, request.seed, draw, random.MAX_SEED);
  if (seed === null) return null;
  const faces = doc.faces;
  const face = new random.PyRandom(seed).randint(faces[0], faces[faces.length - 1]);
  const row = found.response.outcomes.find((outcome) => outcome.faces.includes(face));
  const modified = decode(doc, doc.tables.roll.index[place.flat])[faces.indexOf(face)];
  if (!row || modified === undefined) return null;
  const response = found.response;
  response.calc = "roll";
  response.roll = {
    seed,
    face,
    modified,
    outcome: row.key,
    label: row.label,
    xp: row.xp,
    xp_text: doc.xp_text[row.key],
  };
  return response;
}

/** A uniform integer in [low, high] from the browser's cryptographic source. */
export function cryptoDraw(low, high) {
  const width = high - low + 1;
  const limit = Math.floor(0x100000000 / width) * width; // reject the uneven tail
  const word = new Uint32Array(1);
  do {
    crypto.getRandomValues(word);
  } while (word[0] >= limit);
  return low + (word[0] % width);
}

/**
 * The key of the data document that may answer ``request`` ("roll" reads the cast's;
 * a table split by a field, such as the progression by difficulty, has one document
 * per value of that field), or null when none can. ``cfg``: the build's
 * ``instant`` configuration ({files, split, integer}).
 */
export function documentKey(request, cfg) {
  if (!request || typeof request.calc !== "string") return null;
  const kind = request.calc === "roll" ? "cast" : request.calc;
  const split = cfg && cfg.split && cfg.split[kind];
  if (!split) return kind;
  const raw = request[split];
  if (raw === undefined || raw === null || !cfg.integer) return null;
  return kind + "-" + String(toEngine(raw, cfg.integer));
}

/**
 * The bridge's answer to ``request`` from the document, or null when it is not in it.
 * ``draw(low, high)`` draws a seed for a roll without one (default: cryptoDraw);
 * ``random``, the pyrandom.js module, replays a roll's face: without it a roll is
 * left to the engine (null).
 */
export function lookup(doc, request, draw = cryptoDraw, random = null) {
  if (!doc || doc.format !== FORMAT || !request || typeof request.calc !== "string") return null;
  if (request.calc === "roll") return roll(doc, request, draw, random);
  const found = answer(doc, request.calc, request);
  return found ? found.response : null;
}
