// Grimoire: answers the build already knows (widgets/instant.py), and the bridge's judgement
// of every field (widgets/bridge.py reading()), used without the engine. Pure functions: no
// DOM, no fetch, no rule of the game: bounds, messages and answers are the build's data.
//
// check(fields, request) says which fields the bridge would refuse, worded as it words them;
// lookup(doc, request) finds the bridge's answer in a data document (null when it is not
// there: the engine answers). A roll's face is drawn here (drawFace) over the die's faces
// the bridge reads, so that a link carrying the face replays the same roll anywhere.

/** The version of the data documents this module reads (widgets/instant.py FORMAT). */
export const FORMAT = 3;

const patterns = new WeakMap();

function escapeClass(chars) {
  return Array.from(chars, (c) => "\\u{" + c.codePointAt(0).toString(16) + "}").join("");
}

// The compiled patterns of a reading (kept per reading object).
function compiled(integer) {
  let found = patterns.get(integer);
  if (!found) {
    const ws = "[" + escapeClass(integer.whitespace) + "]";
    const signs = Object.keys(integer.signs);
    const sign = signs.length ? "([" + escapeClass(signs.join("")) + "]?)" : "()";
    found = {
      ws,
      integer: new RegExp(
        "^" + ws + "*" + sign + "([0-9]{1," + Number(integer.digits) + "})" + ws + "*$",
        "u",
      ),
    };
    patterns.set(integer, found);
  }
  return found;
}

/** Integer text as the bridge reads it (a BigInt), or null when the bridge passes it on as text. */
export function readInteger(value, integer) {
  if (typeof value !== "string") return null;
  const match = compiled(integer).integer.exec(value);
  if (!match) return null;
  const number = BigInt(match[2]) * BigInt(match[1] ? integer.signs[match[1]] : 1);
  return number;
}

/** The value the engine receives for a field, as widgets/bridge.py's to_engine() gives it
 * (a Number for integers the page can hold exactly, a BigInt beyond). */
export function toEngine(value, integer) {
  const number = readInteger(value, integer);
  if (number === null) return value;
  const small = Number(number);
  return Number.isSafeInteger(small) ? small : number;
}

function isSpace(c, whitespace) {
  return whitespace.includes(c);
}

/** Python's str.strip() with the bridge's whitespace. */
function strip(text, whitespace) {
  const chars = Array.from(text);
  let start = 0;
  let end = chars.length;
  while (start < end && isSpace(chars[start], whitespace)) start++;
  while (end > start && isSpace(chars[end - 1], whitespace)) end--;
  return chars.slice(start, end).join("");
}

/** True when Python's str.strip() would leave nothing of ``text``. */
export function isBlank(text, integer) {
  return strip(text, integer.whitespace) === "";
}

function cut(text, chars) {
  const points = Array.from(text);
  return points.length > chars
    ? "« " + points.slice(0, chars).join("") + "… »"
    : "« " + text + " »";
}

// How the engine names a value it received (rules/errors.py describe()).
function describe(value, fields) {
  if (typeof value === "bigint" || typeof value === "number") return String(value);
  if (value === null || value === undefined) return fields.describe.none;
  if (isBlank(value, fields.integer)) return fields.describe.blank;
  return cut(value, fields.describe.chars);
}

function fill(template, text) {
  return template.replace("{}", () => text);
}

function isProbability(value, fields) {
  const spec = fields.probability;
  const low = BigInt(spec.low);
  const high = BigInt(spec.high);
  if (typeof value === "bigint") return value >= low && value <= high;
  const { ws } = compiled(fields.integer);
  let text = strip(value, fields.integer.whitespace);
  const percent = text.endsWith("%");
  if (percent) {
    text = text.slice(0, -1);
    while (text && spec.percent_spaces.includes(text[text.length - 1])) text = text.slice(0, -1);
  }
  const whole = (source) => new RegExp("^(?:" + source.replace(/\\s/g, ws) + ")$", "u");
  let numerator;
  let denominator;
  const ratio = whole(spec.ratio).exec(text);
  if (ratio) {
    numerator = BigInt(ratio[1]);
    denominator = BigInt(ratio[2]);
    if (denominator === 0n) return false;
  } else {
    const decimal = whole(spec.decimal).exec(text);
    if (!decimal || !(decimal[1] || decimal[2])) return false;
    const decimals = decimal[2] || "";
    numerator = BigInt((decimal[1] || "0") + decimals);
    denominator = 10n ** BigInt(decimals.length);
  }
  if (percent) denominator *= 100n;
  return numerator * 1n >= low * denominator && numerator <= high * denominator;
}

// The refusal of one field's value, or "" when the engine takes it.
function judge(entry, value, judged, fields) {
  if (entry.kind === "integer") {
    const number = Number.isSafeInteger(value) ? BigInt(value) : readInteger(value, fields.integer);
    let { high, message } = entry;
    if (high !== null && typeof high === "object") {
      const key = (entry.by || []).map((field) => String(judged[field])).join(",");
      high = high[key];
      message = message[key];
    }
    if (
      number !== null &&
      (entry.low === null || number >= BigInt(entry.low)) &&
      (high === null || high === undefined || number <= BigInt(high))
    ) {
      return "";
    }
    return fill(message, describe(number !== null ? number : value, fields));
  }
  if (entry.kind === "choice") {
    const number = Number.isSafeInteger(value) ? BigInt(value) : readInteger(value, fields.integer);
    if (number === null && entry.allowed.includes(value)) return "";
    return fill(entry.message, describe(number !== null ? number : value, fields));
  }
  if (entry.kind === "probability") {
    const number = Number.isSafeInteger(value) ? BigInt(value) : readInteger(value, fields.integer);
    const read = number !== null ? number : value;
    const ok =
      (typeof read === "string" || typeof read === "bigint") && isProbability(read, fields);
    return ok ? "" : fill(entry.message, describe(read, fields));
  }
  return null;
}

/**
 * The errors the bridge would give for ``request`` ([{field, message}], empty when every field
 * is valid), worded as it words them; null when only the engine can say (an unknown
 * calculator, a roll shared by its seed). ``fields``: the build's ``fields`` document.
 */
export function check(fields, request) {
  if (!fields?.calcs || !request || typeof request.calc !== "string") return null;
  const entries = Object.hasOwn(fields.calcs, request.calc) ? fields.calcs[request.calc] : null;
  if (!entries) return null;
  if (
    request.calc === "roll" &&
    (request.face === undefined ||
      request.face === null ||
      isBlank(String(request.face), fields.integer))
  ) {
    if (
      request.seed !== undefined &&
      request.seed !== null &&
      !isBlank(String(request.seed), fields.integer)
    )
      return null;
  }
  const errors = [];
  const judged = {};
  const long = new RegExp("[0-9]{" + (Number(fields.long.digits) + 1) + "}");
  for (const entry of entries) {
    let value = request[entry.field];
    if (value === undefined || value === null) value = entry.absent;
    if (
      entry.field === "face" &&
      (value === null ||
        value === undefined ||
        (typeof value === "string" && isBlank(value, fields.integer)))
    ) {
      continue; // drawn by the page (or the engine)
    }
    let message;
    if (typeof value === "string" && long.test(value)) {
      message = fill(fields.long.message[entry.field], cut(value, fields.long.shown));
    } else {
      message = judge(entry, value, judged, fields);
      if (message === null) return null;
    }
    if (message) {
      errors.push({ field: entry.field, message });
      judged[entry.field] = entry.stand_in;
    } else {
      judged[entry.field] = toEngine(value, fields.integer);
    }
  }
  return errors;
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

/** A face of the die for a roll, drawn over the faces the bridge reads (``fields``). */
export function drawFace(fields, draw = cryptoDraw) {
  const entry = fields?.calcs?.roll?.find((e) => e.field === "face");
  if (!entry || entry.low === null || typeof entry.high !== "number") return null;
  return draw(entry.low, entry.high);
}

// Position of a request in a document, or null when a value is outside it.
function locate(doc, request, integer) {
  let flat = 0;
  const values = {};
  const positions = {};
  for (const [field, axis] of doc.axes) {
    const raw = request[field];
    if (raw === undefined || raw === null) return null;
    let value = toEngine(raw, integer);
    values[field] = value;
    const fold = doc.fold?.[field];
    if (typeof fold === "number" && typeof value === "number" && value > fold) value = fold;
    const position = axis.indexOf(value);
    if (position < 0 || typeof value !== typeof axis[position]) return null;
    positions[field] = position;
    flat = flat * axis.length + position;
  }
  return { flat, values, positions };
}

// The answer's inputs from the request's values (a dotted key is nested: "a.magic").
function inputsOf(doc, values) {
  const inputs = {};
  for (const [key, field, how] of doc.inputs) {
    const value = values[field];
    const names = key.split(".");
    let target = inputs;
    for (const name of names.slice(0, -1)) {
      if (!target[name]) target[name] = {};
      target = target[name];
    }
    const last = names[names.length - 1];
    if (how === "value") target[last] = value;
    else if (how === "text") target[last] = String(value);
    else target[last] = how[value];
  }
  return inputs;
}

/**
 * The key of the data document that may answer ``request`` ("roll" reads the cast's; a
 * document split by a field, such as the progression by difficulty, has one per value of
 * that field), or null when none can. ``cfg``: the build's ``instant`` configuration
 * ({files, split, integer}).
 */
export function documentKey(request, cfg) {
  if (!request || typeof request.calc !== "string") return null;
  const kind = request.calc === "roll" ? "cast" : request.calc;
  const split = cfg?.split?.[kind];
  if (!split) return kind;
  const raw = request[split];
  if (raw === undefined || raw === null || !cfg.integer) return null;
  return kind + "-" + String(toEngine(raw, cfg.integer));
}

/** True when ``doc`` is a data document of the shape this module reads. */
export function isDocument(doc) {
  if (
    !(
      doc &&
      typeof doc === "object" &&
      doc.format === FORMAT &&
      typeof doc.calc === "string" &&
      Array.isArray(doc.axes) &&
      Array.isArray(doc.inputs)
    )
  ) {
    return false;
  }
  if (doc.parts) return isParts(doc.parts);
  return Boolean(
    Array.isArray(doc.answers) &&
      Array.isArray(doc.index) &&
      doc.index.length ===
        doc.axes.reduce(
          (n, axis) => n * (Array.isArray(axis) && Array.isArray(axis[1]) ? axis[1].length : NaN),
          1,
        ),
  );
}

function isParts(parts) {
  return Boolean(
    parts &&
      typeof parts === "object" &&
      parts.casters &&
      Array.isArray(parts.casters.index) &&
      parts.pairs &&
      Array.isArray(parts.pairs.skeleton) &&
      Array.isArray(parts.pairs.relation) &&
      Array.isArray(parts.groups) &&
      Array.isArray(parts.slots) &&
      Array.isArray(parts.probs) &&
      Array.isArray(parts.texts) &&
      Array.isArray(parts.skeletons) &&
      Array.isArray(parts.probability) &&
      parts.sizes &&
      typeof parts.sizes === "object",
  );
}

// Position of ``place`` on the product of the named axes of ``doc``.
function flatOf(doc, place, fields) {
  let flat = 0;
  for (const field of fields) {
    const axis = doc.axes.find(([name]) => name === field);
    if (!axis || !(field in place.positions)) return -1;
    flat = flat * axis[1].length + place.positions[field];
  }
  return flat;
}

function valueAt(data, path) {
  let value = data;
  for (const part of path ? path.split(".") : []) {
    if (value === null || typeof value !== "object") return undefined;
    value = value[part];
  }
  return value;
}

// The answer put together from the parts of a document (the duel's): each caster's state,
// the relation of the elements, then every part found by those keys. No figure is made
// here: every value is the build's, placed where the bridge puts it.
function assemble(doc, place) {
  const parts = doc.parts;
  const pair = flatOf(doc, place, parts.pairs.fields);
  const keys = { relation: parts.pairs.relation[pair] };
  for (const [side, fields] of Object.entries(parts.casters.sides))
    keys[side] = parts.casters.index[flatOf(doc, place, fields)];
  const refs = new Array(parts.slots.length);
  for (const group of parts.groups) {
    let at = 0;
    for (const name of group.by) {
      if (typeof keys[name] !== "number") return null;
      at = at * parts.sizes[name] + keys[name];
    }
    const values = group.values[group.index[at]];
    if (!Array.isArray(values)) return null;
    group.slots.forEach((slot, i) => {
      refs[slot] = values[i];
    });
  }
  const skeleton = parts.skeletons[parts.pairs.skeleton[pair]];
  if (!skeleton) return null;
  const answer = JSON.parse(JSON.stringify(skeleton));
  const slots = parts.slots.map(([path, kind], i) => [path.split("."), kind, refs[i]]);
  for (const [path, kind, ref] of slots) {
    if (kind !== "p") continue;
    const target = valueAt(answer, path.join("."));
    const figures = parts.probs[ref];
    if (!target || !figures) return null;
    parts.probability.forEach((name, i) => {
      target[name] = figures[i];
    });
  }
  for (const [path, kind, ref] of slots) {
    if (kind !== "t") continue;
    const text = parts.texts[ref];
    if (!text) return null;
    const pieces = text[0].split("{}");
    let filled = pieces[0];
    text[1].forEach((hole, i) => {
      filled += String(valueAt(answer, hole)) + pieces[i + 1];
    });
    const parent = valueAt(answer, path.slice(0, -1).join("."));
    if (!parent) return null;
    parent[path[path.length - 1]] = filled;
  }
  return answer;
}

/** True when ``fields`` is a fields document of the shape check() reads. */
export function isFields(fields) {
  return Boolean(
    fields &&
      typeof fields === "object" &&
      fields.calcs &&
      typeof fields.calcs === "object" &&
      fields.integer &&
      typeof fields.integer.whitespace === "string" &&
      fields.long &&
      fields.describe &&
      fields.probability,
  );
}

/* The engine's sentences on the impossible outcomes of the cast at ``flat``: each of its heads
   followed by its tail (widgets/instant.py). Null when the table is not of that shape. */
function reasonsAt(table, flat) {
  const texts = table.texts;
  const heads =
    Array.isArray(table.heads) && Array.isArray(table.head) ? table.heads[table.head[flat]] : null;
  const tail = Array.isArray(table.tail) ? table.tail[flat] : undefined;
  if (!Array.isArray(texts) || !Array.isArray(heads)) return null;
  if (heads.length && typeof texts[tail] !== "string") return null;
  const sentences = [];
  for (const start of heads) {
    if (typeof texts[start] !== "string") return null;
    sentences.push(texts[start] + texts[tail]);
  }
  return sentences;
}

/**
 * The bridge's answer to ``request`` from the document, or null when it is not in it. A roll
 * needs its face (the page draws it first); a roll shared by its seed is the engine's.
 * ``integer``: how the bridge reads integer text (the fields document's ``integer``).
 */
export function lookup(doc, request, integer) {
  if (!isDocument(doc) || !integer || !request || typeof request.calc !== "string") return null;
  const roll = request.calc === "roll";
  if (request.calc !== doc.calc && !(roll && doc.rolls)) return null;
  const place = locate(doc, request, integer);
  if (!place) return null;
  if (doc.parts) {
    const assembled = roll ? null : assemble(doc, place);
    return assembled && { calc: request.calc, inputs: inputsOf(doc, place.values), ...assembled };
  }
  const answer = doc.answers[doc.index[place.flat]];
  if (!answer || typeof answer !== "object") return null;
  const response = { calc: request.calc, inputs: inputsOf(doc, place.values), ...answer };
  if (doc.impossible) {
    const reasons = reasonsAt(doc.impossible, place.flat);
    if (!reasons) return null;
    response.impossible = reasons;
  }
  if (!roll) return response;
  const rolls = doc.rolls;
  // Rolls show the modified result, which keeps falling with magic: never folded.
  for (const [field, fold] of Object.entries(doc.fold || {})) {
    if (place.values[field] > fold) return null;
  }
  const face = toEngine(request[rolls.field], integer);
  const at = rolls.faces.indexOf(face);
  const row = rolls.rows[rolls.index[place.flat]];
  if (at < 0 || !row || !rolls.answers[row[at]]) return null;
  response.roll = { face, ...rolls.answers[row[at]] };
  return response;
}
