/* Grimoire — the reader's own wizard on a spell page's odds chart (drawn at build time by
 * generator/pages/chart.py): a ring on the line of the spell's apprentissage, at the book's magie,
 * with the chance that line's point carries. The point is read from the chart's own data
 * (data-points: one exact fraction per magic from 0); nothing is computed here but its place. */
const SVG = "http://www.w3.org/2000/svg";

/**
 * Where the wizard stands on ``chart`` (an object of the chart's attributes: left, top, unit,
 * height, reading, and lines: learning → data-points text), or null when the chart does not hold
 * that wizard (another reading of the die, an apprentissage without a line).
 */
export function chartPoint(chart, { magic, learning, reading }) {
  if (reading !== chart.reading) return null;
  const text = chart.lines[learning];
  if (typeof text !== "string" || !Number.isSafeInteger(magic) || magic < 0) return null;
  const points = text.split(" ");
  // From the last point on nothing changes (the chart ends at the magic where odds stop moving).
  const at = Math.min(magic, points.length - 1);
  const [num, den] = points[at].split("/").map(Number);
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || den <= 0) return null;
  return {
    x: chart.left + chart.unit * at,
    y: chart.top + chart.height - (chart.height * num) / den,
    chance: points[at],
    beyond: magic > at,
  };
}

/** The attributes ``chartPoint`` reads, from the chart's SVG element. */
export function chartOf(svg) {
  const lines = {};
  for (const line of svg.querySelectorAll("path[data-learning][data-points]"))
    lines[line.getAttribute("data-learning")] = line.getAttribute("data-points");
  const number = (name) => Number(svg.getAttribute("data-" + name));
  return {
    left: number("left"),
    top: number("top"),
    unit: number("unit"),
    height: number("height"),
    reading: svg.getAttribute("data-reading"),
    lines,
  };
}

/** Marks ``wizard`` ({magic, learning, reading}) on every odds chart of ``root``, or clears the
 * mark when ``wizard`` is null or not on the chart. */
export function markCharts(root, wizard) {
  for (const svg of root.querySelectorAll('svg[data-chart="cast"]')) {
    for (const old of svg.querySelectorAll("[data-mark]")) old.remove();
    const chart = chartOf(svg);
    const point = wizard && chartPoint(chart, wizard);
    if (!point) continue;
    const ring = document.createElementNS(SVG, "circle");
    ring.setAttribute("class", "gr-chart__mark");
    ring.setAttribute("data-mark", "");
    ring.setAttribute("cx", String(point.x));
    ring.setAttribute("cy", String(point.y));
    ring.setAttribute("r", "5");
    const label = document.createElementNS(SVG, "text");
    label.setAttribute("class", "gr-chart__mark-label");
    label.setAttribute("data-mark", "");
    const right = point.x > chart.left + chart.unit * 16;
    label.setAttribute("x", String(point.x + (right ? -7 : 7)));
    // Below the line (the gap to the next line down holds it), away from the lines' start labels.
    label.setAttribute("y", String(point.y + 14));
    label.setAttribute("text-anchor", right ? "end" : "start");
    label.textContent = "Vous";
    svg.append(ring, label);
  }
}
