/* Grimoire — a link drawn as a QR code, in SVG built element by element (no markup parsed), from
 * the library served with the site (vendor/uqr.mjs, pinned in package.json), imported on first
 * use only. Dark on light whatever the theme: a camera reads it so.
 */

import { CONFIG } from "./grimoire-model.js";

/** How long the QR library may take to arrive (ms), then the page says so. */
export const QR_WAIT_MS = CONFIG.dataWaitMs;
/** A link longer than this is not drawn (a phone's camera reads a denser code badly). */
export const MAX_QR_CHARS = 1000;
/** The quiet zone around the code, in modules (the standard's four). */
const BORDER = 4;
const SVG = "http://www.w3.org/2000/svg";

let library = null;

/** The QR library, imported once; rejected after ``waitMs`` (tried again at the next call). */
export function loadQr(waitMs = QR_WAIT_MS) {
  let timer = null;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("délai dépassé")), waitMs);
  });
  library ??= import("./vendor/uqr.mjs");
  return Promise.race([library, late]).then(
    (module) => {
      clearTimeout(timer);
      return module;
    },
    (error) => {
      clearTimeout(timer);
      library = null;
      throw error;
    },
  );
}

/** The path of the dark modules of ``data`` (rows of booleans), one square per module. */
export function modulesPath(data) {
  const parts = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push("M" + x + " " + y + "h1v1h-1z");
    });
  });
  return parts.join("");
}

/** A promise of the SVG element drawing ``text``, labelled ``label`` (``doc``: its document). */
export function qrSvg(text, label, doc = document) {
  return loadQr().then(({ encode }) => {
    const { data, size } = encode(text, { ecc: "L", border: BORDER });
    const svg = doc.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 " + size + " " + size);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    svg.setAttribute("shape-rendering", "crispEdges");
    svg.setAttribute("class", "gr-qr");
    const back = doc.createElementNS(SVG, "rect");
    back.setAttribute("width", String(size));
    back.setAttribute("height", String(size));
    back.setAttribute("fill", "#fff");
    const dark = doc.createElementNS(SVG, "path");
    dark.setAttribute("d", modulesPath(data));
    dark.setAttribute("fill", "#000");
    svg.append(back, dark);
    return svg;
  });
}
