// Grimoire: the in-page calculators (an ES module imported by calculators-loader.js, the page's
// entry). Does nothing on a page without .gr-calc sections.
//
// This module sets the page up: one Calculator (calculators-calculator.js) per .gr-calc
// section, fetching what answers it without the engine as it approaches the screen; the
// engine's state on <html>; calculatorsApi for the tests. Its parts, one job each:
// the rules' answers, shared with the other rooms (../shared/answers.js: the build's data, read
// by answers-data.js, else the page's one engine, engine-on-demand.js), calculators-draw.js
// (a bridge answer drawn into the slots the HTML declares). No rule of the game lives in any.

import { answers } from "../shared/answers.js";
import "../shared/answers-data.js";
import "../shared/answers-documents.js";
import { engine } from "../shared/engine-on-demand.js";
import { Calculator } from "./calculators-calculator.js";
import "./calculators-draw.js";
// Named here too, so that the browser fetches every module at once (none waits for another
// module to arrive and name it).
import "../shared/engine-config.js";
import "../shared/engine-status.js";
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

// For the site's tests and modules: the rules' answers (shared/answers.js) and the calculators.
export const calculatorsApi = { ...answers, calculators };
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
