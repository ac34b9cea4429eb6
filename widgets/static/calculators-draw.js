// Grimoire: draws a bridge answer into a calculator (an ES module of calculators.js).
//
// No rule of the game here: the server-side HTML declares the slots, filled with what
// widgets/bridge.py answers:
//   data-out="a.b"        text of that value
//   data-rows="path"      <tbody> rows, one cell per key of data-cols
//   data-bar="path"       stacked bar sized by each item's "share"
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

function drawBar(bar, items) {
  const fragment = document.createDocumentFragment();
  (items || []).forEach((item, index) => {
    if (!item || !(item.share > 0)) return;
    const segment = document.createElement("span");
    segment.className = "gr-bar__seg gr-bar__seg--" + slotKey(item, index);
    segment.style.width = (item.share * 100).toFixed(4) + "%";
    segment.title =
      text(item.label !== undefined ? item.label : item.xp + " XP") + " : " + text(item.percent);
    fragment.appendChild(segment);
  });
  bar.replaceChildren(fragment);
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
