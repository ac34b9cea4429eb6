// Grimoire: draws a bridge answer into a calculator (an ES module of calculators.js).
//
// No rule of the game here: the server-side HTML declares the slots, filled with what
// widgets/bridge answers:
//   data-out="a.b"        text of that value
//   data-rows="path"      <tbody> rows, one cell per key of data-cols
//   data-bar="path"       stacked bar sized by each item's "share"
//   data-bars="path"      one bar per item (its label, its "share", its percent)
// A bar is an image whose text equivalent (aria-label) says each item's label and percent,
// after the element's data-chart-label.
//   data-list="path"      one <li> per string
//   data-show / data-hide element shown / hidden when the value is truthy

function valueAt(data, path) {
  const parts = path.split(".");
  let value = data;
  for (let i = 0; i < parts.length; i++) {
    if (value === null || value === undefined) return undefined;
    value = value[parts[i]];
  }
  return value;
}

function text(value) {
  if (value === null || value === undefined || value === "") return "\u2014";
  return String(value);
}

function slotKey(item, index) {
  const key = item && item.key !== undefined ? String(item.key) : String(index);
  return key.replace(/[^a-z0-9_-]/gi, "");
}

function drawRows(tbody, items) {
  const cols = (tbody.getAttribute("data-cols") || "").split(/\s+/).filter(Boolean);
  // Column names, repeated on each cell for the narrow-screen (card) layout.
  const table = tbody.closest("table");
  const heads = table ? table.querySelectorAll("thead th") : [];
  const swatch = tbody.hasAttribute("data-swatch");
  const flag = tbody.getAttribute("data-flag");
  const flagText = tbody.getAttribute("data-flag-text") || "";
  const fragment = document.createDocumentFragment();
  (items || []).forEach((item, index) => {
    const row = document.createElement("tr");
    row.setAttribute("role", "row");
    row.className = "gr-row gr-row--" + slotKey(item, index);
    if (flag && item[flag]) row.className += " gr-row--flagged";
    cols.forEach((col, i) => {
      const cell = document.createElement(i === 0 ? "th" : "td");
      cell.setAttribute("role", i === 0 ? "rowheader" : "cell");
      if (heads[i]) cell.setAttribute("data-label", heads[i].textContent);
      if (i === 0) {
        cell.scope = "row";
        if (swatch) {
          const mark = document.createElement("span");
          mark.className = "gr-swatch gr-swatch--" + slotKey(item, index);
          mark.setAttribute("aria-hidden", "true");
          cell.appendChild(mark);
        }
      }
      cell.appendChild(document.createTextNode(text(valueAt(item, col))));
      if (i === 0 && flag && item[flag] && flagText) {
        const note = document.createElement("span");
        note.className = "gr-calc__flag";
        note.textContent = " (" + flagText + ")";
        cell.appendChild(note);
      }
      row.appendChild(cell);
    });
    fragment.appendChild(row);
  });
  tbody.replaceChildren(fragment);
}

function itemLabel(item) {
  return text(item.label !== undefined ? item.label : item.xp + " XP");
}

function width(share) {
  if (!(share > 0)) return "0%"; // none, or not a number
  return (Math.min(1, share) * 100).toFixed(4) + "%";
}

/** The text equivalent of a chart of ``items``: its own label, then each item and percent. */
export function chartLabel(head, items) {
  const parts = (items || []).filter(Boolean).map((i) => itemLabel(i) + " : " + text(i.percent));
  return (head ? head + " — " : "") + parts.join(", ");
}

function drawBar(bar, items) {
  const fragment = document.createDocumentFragment();
  (items || []).forEach((item, index) => {
    if (!item || !(item.share > 0)) return;
    const segment = document.createElement("span");
    segment.className = "gr-bar__seg gr-bar__seg--" + slotKey(item, index);
    segment.style.width = width(item.share);
    segment.title = itemLabel(item) + " : " + text(item.percent);
    fragment.appendChild(segment);
  });
  bar.replaceChildren(fragment);
  // Said as drawn: the outcomes that have a segment.
  const drawn = (items || []).filter((item) => item && item.share > 0);
  bar.setAttribute("aria-label", chartLabel(bar.getAttribute("data-chart-label"), drawn));
}

function drawBars(box, items) {
  const fragment = document.createDocumentFragment();
  (items || []).forEach((item, index) => {
    if (!item) return;
    const row = document.createElement("span");
    row.className = "gr-bars__row";
    const label = document.createElement("span");
    label.className = "gr-bars__label";
    label.textContent = itemLabel(item);
    const track = document.createElement("span");
    track.className = "gr-bars__track";
    const fill = document.createElement("span");
    fill.className = "gr-bars__fill gr-bar__seg--" + slotKey(item, index);
    fill.style.width = width(item.share);
    track.appendChild(fill);
    const value = document.createElement("span");
    value.className = "gr-bars__value";
    value.textContent = text(item.percent);
    row.append(label, track, value);
    fragment.appendChild(row);
  });
  box.replaceChildren(fragment);
  box.setAttribute("aria-label", chartLabel(box.getAttribute("data-chart-label"), items));
}

function drawList(list, items) {
  const fragment = document.createDocumentFragment();
  (items || []).forEach((item) => {
    const li = document.createElement("li");
    li.textContent = text(item);
    fragment.appendChild(li);
  });
  list.replaceChildren(fragment);
}

/** Fills every slot of ``root`` from ``data`` (a bridge answer). */
export function draw(root, data) {
  root.querySelectorAll("[data-out]").forEach((el) => {
    el.textContent = text(valueAt(data, el.getAttribute("data-out")));
  });
  root.querySelectorAll("[data-rows]").forEach((el) => {
    drawRows(el, valueAt(data, el.getAttribute("data-rows")));
  });
  root.querySelectorAll("[data-bar]").forEach((el) => {
    drawBar(el, valueAt(data, el.getAttribute("data-bar")));
  });
  root.querySelectorAll("[data-bars]").forEach((el) => {
    drawBars(el, valueAt(data, el.getAttribute("data-bars")));
  });
  root.querySelectorAll("[data-list]").forEach((el) => {
    drawList(el, valueAt(data, el.getAttribute("data-list")));
  });
  root.querySelectorAll("[data-show]").forEach((el) => {
    el.hidden = !valueAt(data, el.getAttribute("data-show"));
  });
  root.querySelectorAll("[data-hide]").forEach((el) => {
    el.hidden = !!valueAt(data, el.getAttribute("data-hide"));
  });
}
