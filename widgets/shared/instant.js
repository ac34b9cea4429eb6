// Grimoire: answers the build already knows (widgets/instant.py), used without the engine.
// Pure functions: no DOM, no fetch, no rule of the game: bounds, messages and answers are the
// build's data.
//
// lookup(doc, request) finds the bridge's answer in a data document (null when it is not
// there: the engine answers); the duel's is put together from its parts (instant-duel.js).
// The modules the calculators use with it are re-exported here, so that they fetch one
// module: the bridge's judgement of every field (instant-check.js), integer text as the bridge
// reads it (instant-integer.js) and a roll's face (instant-face.js).
import { assemble, isParts } from "./instant-duel.js";
import { toEngine } from "./instant-integer.js";

export { check, isFields } from "./instant-check.js";
export { cryptoDraw, drawFace } from "./instant-face.js";
export { isBlank, readInteger, toEngine } from "./instant-integer.js";

/** The version of the data documents this module reads (widgets/instant.py FORMAT). */
export const FORMAT = 3;

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
  const response = answerAt(doc, place, request.calc);
  if (!response || !roll) return response;
  const drawn = rollAt(doc, place, request[doc.rolls.field], integer);
  return drawn && { ...response, roll: drawn };
}

/* The document's answer at ``place`` for ``calc``, with why an outcome is impossible there when
   the document says it, or null when the document does not hold it. */
function answerAt(doc, place, calc) {
  const answer = doc.answers[doc.index[place.flat]];
  if (!answer || typeof answer !== "object") return null;
  const response = { calc, inputs: inputsOf(doc, place.values), ...answer };
  if (doc.impossible) {
    const reasons = reasonsAt(doc.impossible, place.flat);
    if (!reasons) return null;
    response.impossible = reasons;
  }
  return response;
}

/* The roll of the face ``typed`` at ``place`` ({face, …its answer}), or null when the document
   does not hold it. Rolls show the modified result, which keeps falling with magic: never
   folded. */
function rollAt(doc, place, typed, integer) {
  const rolls = doc.rolls;
  for (const [field, fold] of Object.entries(doc.fold || {})) {
    if (place.values[field] > fold) return null;
  }
  const face = toEngine(typed, integer);
  const at = rolls.faces.indexOf(face);
  const row = rolls.rows[rolls.index[place.flat]];
  if (at < 0 || !row || !rolls.answers[row[at]]) return null;
  return { face, ...rolls.answers[row[at]] };
}
