// Grimoire: a roll's face drawn in the page, over the die's faces the bridge reads (the fields
// document), so that a link carrying the face replays the same roll anywhere.

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
