// Grimoire: the in-page calculators (an ES module imported by calculators-loader.js, the
// spellbook and the offline panel). Does nothing on a page without .gr-calc sections.
//
// This module sets the page up: one Calculator (calculators-calculator.js) per .gr-calc
// section, fetching what answers it without the engine as it approaches the screen; the
// engine's state on <html>; calculatorsApi for the site's modules. Its parts, one job each:
// calculators-engine.js (the engine, started at the first request the build's data does not
// answer), calculators-data.js (the build's answers and the bridge's reading of every field,
// fetched at the first need; calculators-documents.js names the file), calculators-draw.js
// (a bridge answer drawn into the slots the HTML declares). No rule of the game lives in any.

import { Calculator, DATA_WAIT_MS } from "./calculators-calculator.js";
import { documentWithin, fieldsDoc, instant, lookUp } from "./calculators-data.js";
import "./calculators-documents.js";
import "./calculators-draw.js";
import { engine } from "./calculators-engine.js";
// Named here too, so that the browser fetches every module at once (none waits for another
// module to arrive and name it).
import "./engine-config.js";
import "./engine-status.js";
import "./url-state.js";

// How far from the screen a calculator starts fetching what answers it without the engine.
const APPROACH_MARGIN = "600px 0px";

// ------------------------------------------------------------ page set-up

let observer = null;
const calculators = [];

function watchVisibility(calculator) {
  if (typeof IntersectionObserver === "undefined") return;
  const saveData = navigator.connection?.saveData;
  if (saveData) return; // on a metered connection, wait for the reader to use it
  if (!observer) {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          const calc = calculators.find((c) => c.section === entry.target);
          if (calc && !calc.shown && !calc.busy && calc.seq === 0) calc.preview();
        }
      },
      // Started while the calculator is still a screen away, so its answers are there first.
      { rootMargin: APPROACH_MARGIN },
    );
  }
  observer.observe(calculator.section);
}

function init() {
  for (const section of document.querySelectorAll(".gr-calc[data-calc]")) {
    if (calculators.some((c) => c.section === section)) continue;
    const calculator = new Calculator(section);
    calculators.push(calculator);
    engine.subscribe((state, reason) => calculator.onEngine(state, reason));
    calculator.bind();
    if (calculator.restore()) {
      calculator.wantsUrl = true;
      const roll = calculator.rollFromUrl();
      calculator.compute(
        roll ? calculator.request("roll", roll) : calculator.request(calculator.calc),
      );
    } else {
      watchVisibility(calculator);
    }
  }
}

// The bridge's answer to a request: a refusal or an answer from the build's data when it
// has them, else the engine's.
async function answer(request) {
  const doc =
    request && typeof request.calc === "string"
      ? await documentWithin(request, DATA_WAIT_MS)
      : null;
  const fields = fieldsDoc();
  const errors = fields && instant ? instant.check(fields, request) : null;
  if (errors?.length) return { ok: false, errors };
  const found = errors ? lookUp(doc, request) : null;
  return found || engine.request(request);
}

// For the site's modules (the spellbook, the offline panel), which import it.
export const calculatorsApi = {
  // Resolves with the bridge's response to a request such as {calc: "progression", ...},
  // or null when the engine could not be loaded.
  request: answer,
  // Subscribe to engine state changes: listener(state, reason).
  onState: (listener) => engine.subscribe(listener),
  engineState: () => engine.state,
  // Worker timings once ready: {ready, pyodide, engine} in ms.
  engineTimings: () => engine.timings,
  // How many times a computation that ran too long restarted the engine.
  engineRestarts: () => engine.restarts,
  calculators,
};
// The engine's state (and restarts) as attributes of the page, for its styles and for the
// browser tests, which watch the page from outside its modules: nothing is put on window.
function showEngineState() {
  const root = document.documentElement;
  root.dataset.engine = engine.state;
  root.dataset.engineRestarts = String(engine.restarts);
}

let mounted = false;

/** Sets the page's calculators up: every `.gr-calc` bound, the engine's state shown on `<html>`
 * (`data-engine`). Called by the page's entry (calculators-loader.js) once it has this module;
 * importing the module for its API (the spellbook, the offline panel) mounts nothing. */
export function mountCalculatorsPage() {
  if (mounted) return;
  mounted = true;
  showEngineState();
  engine.subscribe(showEngineState);
  if (window.document$ && typeof window.document$.subscribe === "function") {
    // mkdocs-material instant navigation: run on every page swap.
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
}
