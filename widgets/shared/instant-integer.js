// Grimoire: integer text as widgets/bridge reads it (its ``integer`` reading: the spaces it
// strips, the signs, how many digits), and Python's str.strip() with those spaces. Pure: the
// reading is the build's data (the fields document's ``integer``, the configuration's).

const patterns = new WeakMap();

function escapeClass(chars) {
  return Array.from(chars, (c) => "\\u{" + c.codePointAt(0).toString(16) + "}").join("");
}

/** The compiled patterns of a reading (kept per reading object): {ws, integer}. */
export function compiled(integer) {
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

/** The value the engine receives for a field, as widgets/bridge's to_engine() gives it
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
export function strip(text, whitespace) {
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
