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
  const read = fractionOf(text, spec, whole);
  if (!read) return false;
  const numerator = read[0];
  const denominator = percent ? read[1] * 100n : read[1];
  return numerator * 1n >= low * denominator && numerator <= high * denominator;
}

// A ratio (« 3/4 ») or a decimal (« 0,75 ») as [numerator, denominator] of BigInts, or null
// when ``text`` is neither (or divides by zero). ``whole`` compiles a pattern of ``spec``.
function fractionOf(text, spec, whole) {
  const ratio = whole(spec.ratio).exec(text);
  if (ratio) {
    const denominator = BigInt(ratio[2]);
    return denominator === 0n ? null : [BigInt(ratio[1]), denominator];
  }
  const decimal = whole(spec.decimal).exec(text);
  if (!decimal || !(decimal[1] || decimal[2])) return null;
  const decimals = decimal[2] || "";
  return [BigInt((decimal[1] || "0") + decimals), 10n ** BigInt(decimals.length)];
}

// A field's value as the bridge reads an integer (a BigInt), or null when it reads none.
function numberOf(value, fields) {
  return Number.isSafeInteger(value) ? BigInt(value) : readInteger(value, fields.integer);
}

// The refusal of an integer field's value, or "" (its upper bound may depend on fields judged
// before it: ``entry.by``).
function judgeInteger(entry, value, judged, fields) {
  const number = numberOf(value, fields);
  let { high, message } = entry;
  if (high !== null && typeof high === "object") {
    const key = (entry.by || []).map((field) => String(judged[field])).join(",");
    high = high[key];
    message = message[key];
  }
  const above = entry.low === null || (number !== null && number >= BigInt(entry.low));
  const below = high === null || high === undefined || (number !== null && number <= BigInt(high));
  if (number !== null && above && below) return "";
  return fill(message, describe(number !== null ? number : value, fields));
}

function judgeChoice(entry, value, _judged, fields) {
  const number = numberOf(value, fields);
  if (number === null && entry.allowed.includes(value)) return "";
  return fill(entry.message, describe(number !== null ? number : value, fields));
}

function judgeProbability(entry, value, _judged, fields) {
  const number = numberOf(value, fields);
  const read = number !== null ? number : value;
  const ok = (typeof read === "string" || typeof read === "bigint") && isProbability(read, fields);
  return ok ? "" : fill(entry.message, describe(read, fields));
}

// Each kind of field's judge: the refusal of its value, or "" when the engine takes it.
const JUDGES = new Map([
  ["integer", judgeInteger],
  ["choice", judgeChoice],
  ["probability", judgeProbability],
]);

// The refusal of one field's value, "" when the engine takes it, null when only it can say.
function judge(entry, value, judged, fields) {
  const judgeOf = JUDGES.get(entry.kind);
  return judgeOf ? judgeOf(entry, value, judged, fields) : null;
}

// True when a field holds nothing (absent, or only spaces as the bridge strips them).
function isEmpty(value, fields) {
  return (
    value === null ||
    value === undefined ||
    (typeof value === "string" && isBlank(value, fields.integer))
  );
}

// A roll with no face but a seed: replayed by the engine alone.
function seededRoll(request, fields) {
  return (
    request.calc === "roll" &&
    isEmpty(
      request.face === undefined || request.face === null ? null : String(request.face),
      fields,
    ) &&
    !isEmpty(
      request.seed === undefined || request.seed === null ? null : String(request.seed),
      fields,
    )
  );
}

// The fields of ``request``'s calculator, as the fields document lists them; null when it lists
// no such calculator.
function entriesOf(fields, request) {
  if (!fields?.calcs || !request || typeof request.calc !== "string") return null;
  return Object.hasOwn(fields.calcs, request.calc) ? fields.calcs[request.calc] : null;
}

// The refusal of one entry's value in ``request`` (a number too long to read is refused by its
// length first), "" when the engine takes it, null when only it can say.
function refusal(entry, value, judged, fields, long) {
  if (typeof value === "string" && long.test(value)) {
    return fill(fields.long.message[entry.field], cut(value, fields.long.shown));
  }
  return judge(entry, value, judged, fields);
}

/**
 * The errors the bridge would give for ``request`` ([{field, message}], empty when every field
 * is valid), worded as it words them; null when only the engine can say (an unknown
 * calculator, a roll shared by its seed). ``fields``: the build's ``fields`` document.
 */
export function check(fields, request) {
  const entries = entriesOf(fields, request);
  if (!entries || seededRoll(request, fields)) return null;
  const errors = [];
  const judged = {};
  const long = new RegExp("[0-9]{" + (Number(fields.long.digits) + 1) + "}");
  for (const entry of entries) {
    const value = request[entry.field] ?? entry.absent;
    if (entry.field === "face" && isEmpty(value, fields)) continue; // drawn by the page (or the engine)
    const message = refusal(entry, value, judged, fields, long);
    if (message === null) return null;
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
