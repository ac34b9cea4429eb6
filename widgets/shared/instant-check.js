// Grimoire: the bridge's judgement of every field (widgets/bridge reading()), without the
// engine: check(fields, request) says which fields the bridge would refuse, worded as it words
// them. Pure: bounds and messages are the build's data (the fields document).
import { compiled, isBlank, readInteger, strip, toEngine } from "./instant-integer.js";

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
