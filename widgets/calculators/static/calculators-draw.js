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
//   data-curve="path"     a cumulative curve (the progression's) under its title: the answer's
//                         thousandths every "step" casts to "last", its labelled counts and
//                         levels, its marks
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
  const columns = { heads, swatch, flag, flagText };
  const fragment = document.createDocumentFragment();
  (items || []).forEach((item, index) => {
    const row = document.createElement("tr");
    row.setAttribute("role", "row");
    row.className = "gr-row gr-row--" + slotKey(item, index);
    if (flag && item[flag]) row.className += " gr-row--flagged";
    cols.forEach((col, i) => {
      row.appendChild(
        i === 0 ? headCell(columns, item, index, col) : cellOf(columns, item, col, i),
      );
    });
    fragment.appendChild(row);
  });
  tbody.replaceChildren(fragment);
}

// A row's cell of column ``col`` (number ``i``, after the first), labelled by its column's head.
function cellOf(table, item, col, i) {
  const cell = document.createElement("td");
  cell.setAttribute("role", "cell");
  if (table.heads[i]) cell.setAttribute("data-label", table.heads[i].textContent);
  cell.appendChild(document.createTextNode(text(valueAt(item, col))));
  return cell;
}

// A row's first cell: its header, with the item's swatch and its flag's words when it has them.
function headCell(table, item, index, col) {
  const cell = document.createElement("th");
  cell.setAttribute("role", "rowheader");
  if (table.heads[0]) cell.setAttribute("data-label", table.heads[0].textContent);
  cell.scope = "row";
  if (table.swatch) {
    const mark = document.createElement("span");
    mark.className = "gr-swatch gr-swatch--" + slotKey(item, index);
    mark.setAttribute("aria-hidden", "true");
    cell.appendChild(mark);
  }
  cell.appendChild(document.createTextNode(text(valueAt(item, col))));
  if (table.flag && item[table.flag] && table.flagText) {
    const note = document.createElement("span");
    note.className = "gr-calc__flag";
    note.textContent = " (" + table.flagText + ")";
    cell.appendChild(note);
  }
  return cell;
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

const SVG = "http://www.w3.org/2000/svg";
// The curve's view and the plot's box inside it, in SVG units (scaled to the box's width).
const VIEW = { width: 320, height: 136 };
// The plot's frame inside the view, and its two middles (a ring's label goes to the free side).
const PLOT = { left: 38, right: 308, top: 12, bottom: 104, centre: 173, midline: 58 };

function svg(name, attributes, content) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  if (content !== undefined) el.textContent = text(content);
  return el;
}

function coordinate(value) {
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : 0;
}

/** Where the curve's points go: count of casts and thousandths to the view's coordinates. */
export function curveGeometry(curve) {
  const last = Math.max(1, Number(curve.last) || 0);
  const x = (casts) =>
    coordinate(PLOT.left + ((PLOT.right - PLOT.left) * Math.min(Math.max(casts, 0), last)) / last);
  const y = (permille) =>
    coordinate(
      PLOT.bottom - ((PLOT.bottom - PLOT.top) * Math.min(Math.max(permille, 0), 1000)) / 1000,
    );
  const step = Math.max(1, Number(curve.step) || 1);
  const points = (Array.isArray(curve.permille) ? curve.permille : []).map((permille, index) => [
    x(Math.min(index * step, last)),
    y(permille),
  ]);
  return { x, y, points };
}

// The curve's grid: a line and a label at each level of chance and each tick of casts.
function gridOf(curve, x, y) {
  const nodes = [];
  for (const level of curve.levels || []) {
    const at = y(level.permille);
    nodes.push(
      svg("path", { class: "gr-curve__grid", d: `M${PLOT.left} ${at}H${PLOT.right}` }),
      svg(
        "text",
        { class: "gr-curve__tick", x: PLOT.left - 4, y: at + 3, "text-anchor": "end" },
        level.label,
      ),
    );
  }
  for (const tick of curve.ticks || []) {
    nodes.push(
      svg("path", { class: "gr-curve__grid", d: `M${x(tick)} ${PLOT.bottom}v4` }),
      svg(
        "text",
        { class: "gr-curve__tick", x: x(tick), y: PLOT.bottom + 15, "text-anchor": "middle" },
        tick,
      ),
    );
  }
  return nodes;
}

// The curve's marks: the expected count's line and the ring at the casts asked, each with its
// figure.
function marksOf(curve, x, y) {
  const nodes = [];
  const middle = PLOT.centre;
  // The ring's figure beside it, above it when low, below when high; the expected count's on the
  // other half of its line, away from the ring's (the curve climbs: above it on the left, under
  // it on the right, the room is free).
  const high = curve.point ? y(curve.point.permille) < PLOT.midline : false;
  if (curve.expected) {
    const at = x(curve.expected.casts);
    nodes.push(
      svg("path", { class: "gr-curve__expected", d: `M${at} ${PLOT.top}V${PLOT.bottom}` }),
      svg(
        "text",
        {
          class: "gr-curve__mark",
          x: at + (high ? 4 : -4),
          y: high ? PLOT.bottom - 5 : PLOT.top + 9,
          "text-anchor": high ? "start" : "end",
        },
        curve.expected.label,
      ),
    );
  }
  if (curve.point) {
    const px = x(curve.point.casts);
    const py = y(curve.point.permille);
    nodes.push(
      svg("circle", { class: "gr-curve__point", cx: px, cy: py, r: 4 }),
      svg(
        "text",
        {
          class: "gr-curve__mark",
          x: px + (px < middle ? 7 : -7),
          y: py + (high ? 15 : -8),
          "text-anchor": px < middle ? "start" : "end",
        },
        curve.point.label,
      ),
    );
  }
  return nodes;
}

function drawCurve(box, curve) {
  if (!curve || !Array.isArray(curve.permille)) {
    box.replaceChildren();
    box.setAttribute("aria-label", box.getAttribute("data-chart-label") || "");
    return;
  }
  const { x, y, points } = curveGeometry(curve);
  const chart = svg("svg", {
    class: "gr-curve__svg",
    viewBox: `0 0 ${VIEW.width} ${VIEW.height}`,
    "aria-hidden": "true",
    focusable: "false",
  });
  chart.append(...gridOf(curve, x, y));
  chart.append(
    svg(
      "text",
      { class: "gr-curve__axis", x: PLOT.right, y: VIEW.height - 4, "text-anchor": "end" },
      box.getAttribute("data-curve-axis") || "",
    ),
    svg("polyline", {
      class: "gr-curve__line",
      points: points.map(([px, py]) => `${px},${py}`).join(" "),
    }),
  );
  chart.append(...marksOf(curve, x, y));
  const title = document.createElement("p");
  title.className = "gr-curve__title";
  title.textContent = text(curve.title);
  box.replaceChildren(title, chart);
  const head = box.getAttribute("data-chart-label");
  box.setAttribute("aria-label", (head ? head + " — " : "") + text(curve.text));
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
/** Puts an answer's slots in place: kept in a <template data-output-template> until the first
 * answer, so a page of calculators carries none of their elements before one is asked for.
 * True when it did (the slots are new). */
export function openOutput(output) {
  const template = output?.querySelector("template[data-output-template]");
  if (!template) return false;
  output.replaceChildren(template.content.cloneNode(true));
  return true;
}

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
  root.querySelectorAll("[data-curve]").forEach((el) => {
    drawCurve(el, valueAt(data, el.getAttribute("data-curve")));
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
