/* Grimoire — the index's rows in the page: placed with as few moves as possible, drawn by steps
   of rows, and the words that count them. */

/**
 * Put ``wanted`` (elements, in order) as the children of ``parent``, moving as few as possible:
 * the children not wanted leave, then each wanted one is inserted only where it is not already.
 * A change that only removes rows (a keystroke narrowing the list) moves none. At most
 * ``budget`` elements are inserted or moved: the first ``budget`` places are then right, the
 * children after them wanted but maybe not yet in order, and a later call goes on. Returns
 * {moved, done} (done: the children are ``wanted``).
 */
export function placeRows(parent, wanted, budget = Infinity) {
  const keep = new Set(wanted);
  for (let child = parent.firstElementChild; child; ) {
    const next = child.nextElementSibling;
    if (!keep.has(child)) parent.removeChild(child);
    child = next;
  }
  let moved = 0;
  let cursor = parent.firstElementChild;
  for (const el of wanted) {
    if (el === cursor) {
      cursor = cursor.nextElementSibling;
      continue;
    }
    if (moved >= budget) return { moved, done: false };
    parent.insertBefore(el, cursor);
    moved++;
  }
  return { moved, done: true };
}

/** placeRows without a budget: how many elements were inserted or moved. */
export function reconcile(parent, wanted) {
  return placeRows(parent, wanted).moved;
}

/** The number of rows drawn at once: ``limit`` at first, then by steps of ``limit``. */
export function drawnCount(shown, limit, wanted) {
  if (!Number.isFinite(limit)) return shown;
  const step = Math.max(1, limit);
  return Math.min(shown, Math.max(step, Math.ceil(wanted / step) * step));
}

/** The count above the list: « 3 sorts affichés sur 110 ». */
export function countText(shown, total) {
  return `${shown} ${shown > 1 ? "sorts affichés" : "sort affiché"} sur ${total}`;
}

/** The button under the list for the ``rest`` rows not drawn yet, "" when there are none. */
export function moreText(rest) {
  return rest ? `Afficher la suite (${rest} ${rest > 1 ? "sorts" : "sort"})` : "";
}
