// Grimoire: the duel's answer put together from the parts of its data document
// (widgets/instant.py): each caster's state, each pair of elements' skeleton, the figures by
// what determines them. Pure: no figure is made here.

/** True when ``parts`` has the shape assemble() reads. */
export function isParts(parts) {
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

// Each slot's reference to its part (``refs``, by slot): every group's values looked up by the
// keys it depends on; null when a key or a group's values are missing.
function slotRefs(parts, keys) {
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
  return refs;
}

// A probability slot filled: the figures of part ``ref`` set on ``answer`` at ``path``.
function fillProbability(parts, answer, path, ref) {
  const target = valueAt(answer, path.join("."));
  const figures = parts.probs[ref];
  if (!target || !figures) return false;
  parts.probability.forEach((name, i) => {
    target[name] = figures[i];
  });
  return true;
}

// A text slot filled: text ``ref``'s holes filled from ``answer``, set at ``path``.
function fillText(parts, answer, path, ref) {
  const text = parts.texts[ref];
  if (!text) return false;
  const pieces = text[0].split("{}");
  let filled = pieces[0];
  text[1].forEach((hole, i) => {
    filled += String(valueAt(answer, hole)) + pieces[i + 1];
  });
  const parent = valueAt(answer, path.slice(0, -1).join("."));
  if (!parent) return false;
  parent[path[path.length - 1]] = filled;
  return true;
}

// The answer put together from the parts of a document (the duel's): each caster's state,
// the relation of the elements, then every part found by those keys. No figure is made
// here: every value is the build's, placed where the bridge puts it.
export function assemble(doc, place) {
  const parts = doc.parts;
  const pair = flatOf(doc, place, parts.pairs.fields);
  const keys = { relation: parts.pairs.relation[pair] };
  for (const [side, fields] of Object.entries(parts.casters.sides))
    keys[side] = parts.casters.index[flatOf(doc, place, fields)];
  const refs = slotRefs(parts, keys);
  const skeleton = parts.skeletons[parts.pairs.skeleton[pair]];
  if (!refs || !skeleton) return null;
  const answer = JSON.parse(JSON.stringify(skeleton));
  const slots = parts.slots.map(([path, kind], i) => [path.split("."), kind, refs[i]]);
  // Every probability first: the texts' holes read them.
  for (const [path, kind, ref] of slots) {
    if (kind === "p" && !fillProbability(parts, answer, path, ref)) return null;
  }
  for (const [path, kind, ref] of slots) {
    if (kind === "t" && !fillText(parts, answer, path, ref)) return null;
  }
  return answer;
}
