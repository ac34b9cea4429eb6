// Grimoire: the in-page calculators (an ES module: <script type="module">).
//
// Does nothing on a page without .gr-calc sections. No rule of the game
// lives here: this module reads the form fields and draws, into the slots
// the server-side HTML declares, what widgets/bridge.py answers:
//   data-out="a.b"        text of that value
//   data-rows="path"      <tbody> rows, one cell per key of data-cols
//   data-bar="path"       stacked bar sized by each item's "share"
//   data-list="path"      one <li> per string
//   data-show / data-hide element shown / hidden when the value is truthy
//
// Answers come first from the build's data (instant.js: the bridge's own
// answers for the common inputs, fetched once per calculator kind when a
// calculator comes into view or is first used); anything else goes to the
// engine (engine.js: Pyodide in a Web Worker), which starts booting at the
// first interaction with any calculator, never merely because one is in view. Other scripts of the page (the
// spellbook, the offline panel) reach the engine through
// calculatorsApi (imported by the site's modules). Each module comes at its first need:
// instant.js with the first look-up, pyrandom.js with the first roll, engine.js when the
// engine must start.

import config from "./engine-config.js";
import { DEFAULT_STALL_MS, loadingText, mark } from "./engine-status.js";
import { readState, writeState, MAX_FIELD_CHARS, tooLongMessage } from "./url-state.js";

const DEBOUNCE_MS = 250;
// Longest wait for the build's data before a request goes to the engine instead
// (the data keeps loading for the next requests).
const DATA_WAIT_MS = 5000;
const BASE = new URL(".", import.meta.url);

// ------------------------------------------------------------ the engine, on demand

// The page's engine as the calculators see it: its state and loading text at once,
// engine.js fetched (within the boot's stall limit) the first time the engine must start.
class EngineOnDemand {
  constructor() {
    this.engine = null; // the Engine of engine.js, once fetched
    this.loading = null; // Promise of that Engine (null if engine.js could not be fetched)
    this.failure = ""; // why engine.js could not be fetched
    this.listeners = [];
  }

  get state() {
    if (this.engine) return this.engine.state;
    if (this.failure) return "failed";
    return this.loading ? "loading" : "idle";
  }

  get reason() {
    return this.engine ? this.engine.reason : this.failure;
  }

  get timings() {
    return this.engine ? this.engine.timings : null;
  }

  get restarts() {
    return this.engine ? this.engine.restarts : 0;
  }

  subscribe(listener) {
    this.listeners.push(listener);
  }

  notify(state, reason) {
    for (const listener of this.listeners) {
      try {
        listener(state, reason || "");
      } catch (error) {
        console.error(error);
      }
    }
  }

  loadingText() {
    return this.engine ? this.engine.loadingText() : loadingText(config, 0, "");
  }

  // Resolves with the started Engine, or null when engine.js could not be fetched.
  load() {
    if (this.loading) return this.loading;
    const ms = (config && config.timeoutMs) || DEFAULT_STALL_MS;
    let timer;
    const late = new Promise((resolve, reject) => {
      timer = setTimeout(reject, ms);
    });
    this.loading = Promise.race([import("./engine.js"), late])
      .then((module) => {
        const engine = new module.Engine(config, BASE.href);
        engine.subscribe((state, reason) => this.notify(state, reason));
        this.engine = engine;
        engine.start();
        return engine;
      })
      .catch(() => {
        this.failure = "le script du moteur n'a pas pu être chargé";
        console.warn("[Grimoire] moteur de calcul indisponible :", this.failure);
        this.notify("failed", this.failure);
        return null;
      })
      .finally(() => clearTimeout(timer));
    this.notify("loading", "");
    return this.loading;
  }

  start() {
    if (this.engine) this.engine.start();
    else this.load();
  }

  /** Resolves with the bridge's response, or null when the engine could not be loaded. */
  request(request) {
    return this.load().then((engine) => (engine ? engine.request(request) : null));
  }
}

const engine = new EngineOnDemand();

// ------------------------------------------------------------ the build's answers

const documents = new Map();
const ready = new Set(); // names of the documents already loaded
let instant = null; // the instant.js module, once fetched
let instantLoading = null;
let random = null; // the pyrandom.js module, once fetched (rolls only)
let randomLoading = null;

// Resolves with instant.js, or null when it could not be fetched.
function loadInstant() {
  if (!instantLoading) {
    instantLoading = import("./instant.js")
      .then((module) => (instant = module))
      .catch(() => null);
  }
  return instantLoading;
}

// Resolves with pyrandom.js when the request is a roll (null when it could not be fetched).
function loadRandom(request) {
  if (!request || request.calc !== "roll") return Promise.resolve(null);
  if (!randomLoading) {
    randomLoading = import("./pyrandom.js")
      .then((module) => (random = module))
      .catch(() => null);
  }
  return randomLoading;
}

// The name of the data document for a request, once instant.js is there.
function documentName(request) {
  const cfg = config && config.instant;
  const key = instant && cfg && cfg.files ? instant.documentKey(request, cfg) : null;
  return key && Object.prototype.hasOwnProperty.call(cfg.files, key) ? cfg.files[key] : null;
}

// The build's answer to a request from its document, or null (not in it, or no document).
function lookUp(doc, request) {
  return doc && instant ? instant.lookup(doc, request, undefined, random) : null;
}

// Resolves with the data document that may answer a request, or null (none, or unreachable);
// instant.js (and pyrandom.js for a roll) are there once it resolves.
async function loadDocument(request) {
  if (!config || !config.instant || !(await loadInstant())) return null;
  const name = documentName(request);
  if (!name) return null;
  const doc = await fetchDocument(name);
  if (doc) await loadRandom(request);
  return doc;
}

// Resolves with the named data document, fetched once, or null (unreachable).
function fetchDocument(name) {
  if (!documents.has(name)) {
    const loading = fetch(new URL(name, BASE))
      .then((response) => (response.ok ? response.json() : null))
      .then((doc) => {
        if (doc) ready.add(name);
        return doc;
      })
      .catch(() => null);
    documents.set(name, loading);
  }
  return documents.get(name);
}

// ------------------------------------------------------------ drawing

function valueAt(data, path) {
  var parts = path.split(".");
  var value = data;
  for (var i = 0; i < parts.length; i++) {
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
  var key = item && item.key !== undefined ? String(item.key) : String(index);
  return key.replace(/[^a-z0-9_-]/gi, "");
}

function drawRows(tbody, items) {
  var cols = (tbody.getAttribute("data-cols") || "").split(/\s+/).filter(Boolean);
  // Column names, repeated on each cell for the narrow-screen (card) layout.
  var table = tbody.closest("table");
  var heads = table ? table.querySelectorAll("thead th") : [];
  var swatch = tbody.hasAttribute("data-swatch");
  var flag = tbody.getAttribute("data-flag");
  var flagText = tbody.getAttribute("data-flag-text") || "";
  var fragment = document.createDocumentFragment();
  (items || []).forEach(function (item, index) {
    var row = document.createElement("tr");
    row.setAttribute("role", "row");
    row.className = "gr-row gr-row--" + slotKey(item, index);
    if (flag && item[flag]) row.className += " gr-row--flagged";
    cols.forEach(function (col, i) {
      var cell = document.createElement(i === 0 ? "th" : "td");
      cell.setAttribute("role", i === 0 ? "rowheader" : "cell");
      if (heads[i]) cell.setAttribute("data-label", heads[i].textContent);
      if (i === 0) {
        cell.scope = "row";
        if (swatch) {
          var mark = document.createElement("span");
          mark.className = "gr-swatch gr-swatch--" + slotKey(item, index);
          mark.setAttribute("aria-hidden", "true");
          cell.appendChild(mark);
        }
      }
      cell.appendChild(document.createTextNode(text(valueAt(item, col))));
      if (i === 0 && flag && item[flag] && flagText) {
        var note = document.createElement("span");
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
  var fragment = document.createDocumentFragment();
  (items || []).forEach(function (item, index) {
    if (!item || !(item.share > 0)) return;
    var segment = document.createElement("span");
    segment.className = "gr-bar__seg gr-bar__seg--" + slotKey(item, index);
    segment.style.width = (item.share * 100).toFixed(4) + "%";
    segment.title = text(item.label !== undefined ? item.label : item.xp + " XP") + " : " + text(item.percent);
    fragment.appendChild(segment);
  });
  bar.replaceChildren(fragment);
}

function drawList(list, items) {
  var fragment = document.createDocumentFragment();
  (items || []).forEach(function (item) {
    var li = document.createElement("li");
    li.textContent = text(item);
    fragment.appendChild(li);
  });
  list.replaceChildren(fragment);
}

function draw(root, data) {
  root.querySelectorAll("[data-out]").forEach(function (el) {
    el.textContent = text(valueAt(data, el.getAttribute("data-out")));
  });
  root.querySelectorAll("[data-rows]").forEach(function (el) {
    drawRows(el, valueAt(data, el.getAttribute("data-rows")));
  });
  root.querySelectorAll("[data-bar]").forEach(function (el) {
    drawBar(el, valueAt(data, el.getAttribute("data-bar")));
  });
  root.querySelectorAll("[data-list]").forEach(function (el) {
    drawList(el, valueAt(data, el.getAttribute("data-list")));
  });
  root.querySelectorAll("[data-show]").forEach(function (el) {
    el.hidden = !valueAt(data, el.getAttribute("data-show"));
  });
  root.querySelectorAll("[data-hide]").forEach(function (el) {
    el.hidden = !!valueAt(data, el.getAttribute("data-hide"));
  });
}

// ------------------------------------------------------------ a calculator

function failureText(reason) {
  const tables = document.querySelector(".gr-static-tables, .gr-static");
  return (
    "Le moteur de calcul n'a pas pu être chargé (" + reason + ") : ce calcul a besoin de lui" +
    (tables ? " ; les tables précalculées de la page restent valables." : " ; rechargez la page pour réessayer.")
  );
}

class Calculator {
  constructor(section) {
    this.section = section;
    this.calc = section.getAttribute("data-calc");
    this.prefix = section.getAttribute("data-prefix") || this.calc;
    this.form = section.querySelector("form");
    this.status = section.querySelector("[data-status]");
    this.formError = section.querySelector("[data-form-error]");
    this.output = section.querySelector("[data-output]");
    this.result = section.querySelector("[data-result]");
    this.fields = Array.from(section.querySelectorAll("[data-field]"));
    this.params = Array.from(section.querySelectorAll("[data-param]"));
    this.seq = 0; // last request made
    this.shown = 0; // last request drawn
    this.busy = false; // a request is with the engine
    this.queued = null;
    this.waiting = false; // this calculator waits for the engine (its status speaks)
    this.timer = null;
    this.wantsUrl = false;
    section.setAttribute("data-state", "idle");
  }

  field(name) {
    return this.fields.find((el) => el.getAttribute("data-field") === name) || null;
  }

  request(calc, extra) {
    const request = { calc };
    for (const el of this.fields) {
      if (!el.hasAttribute("data-noauto")) request[el.getAttribute("data-field")] = el.value;
    }
    return Object.assign(request, extra || {});
  }

  saveState(seed) {
    const values = {};
    for (const el of this.params) {
      if (!el.hasAttribute("data-noauto")) values[el.getAttribute("data-param")] = el.value;
    }
    const seedField = this.field("seed");
    const search = writeState(
      window.location.search, this.prefix, values,
      seedField ? [seedField.getAttribute("data-param"), seed] : null
    );
    try {
      history.replaceState(history.state, "", window.location.pathname + search + window.location.hash);
    } catch (error) {
      /* a sandboxed page may refuse: the calculator still works */
    }
  }

  // Returns true when the URL holds a state for this calculator.
  restore() {
    const state = readState(window.location.search, this.prefix, this.params.map((el) => el.getAttribute("data-param")));
    let found = false;
    for (const el of this.params) {
      const value = state[el.getAttribute("data-param")];
      if (value === undefined) continue;
      found = true;
      if (el.tagName === "SELECT") {
        if (Array.from(el.options).some((o) => o.value === value)) el.value = value;
      } else {
        el.value = value;
      }
    }
    return found;
  }

  seedFromUrl() {
    const seedField = this.field("seed");
    if (!seedField) return null;
    const state = readState(window.location.search, this.prefix, [seedField.getAttribute("data-param")]);
    return state[seedField.getAttribute("data-param")] || null;
  }

  onEngine(state, reason) {
    if (!this.section.isConnected) return; // left behind by instant navigation
    this.section.setAttribute("data-state", state);
    if (!this.waiting) return;
    if (state === "loading" || state === "idle") {
      this.setStatus(engine.loadingText());
    } else if (state === "ready") {
      this.setStatus("");
    } else if (state === "failed") {
      this.setStatus(failureText(reason));
      this.section.classList.add("gr-calc--failed");
    }
  }

  setStatus(message) {
    if (this.status && this.status.textContent !== message) this.status.textContent = message;
  }

  // First interaction with a field: the engine starts booting in the background,
  // once the answer to this interaction is on screen (creating the worker costs
  // the main thread a little, on a slow phone).
  wake() {
    loadDocument(this.request(this.calc));
    if (engine.state === "idle") requestAnimationFrame(() => setTimeout(() => engine.start(), 0));
    if (!this.shown && !this.busy && this.seq === 0) this.compute(this.request(this.calc));
  }

  schedule(delay) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.compute(this.request(this.calc)), delay);
  }

  // A value too long to be anything the calculators read: refused here, before any work.
  tooLong(request) {
    const errors = [];
    for (const [key, value] of Object.entries(request)) {
      if (key === "calc" || typeof value !== "string" || value.length <= MAX_FIELD_CHARS) continue;
      const input = this.field(key);
      const label = input && input.id ? this.section.querySelector('label[for="' + input.id + '"]') : null;
      errors.push({ field: key, message: tooLongMessage(label ? label.textContent.trim() : key) });
    }
    return errors.length ? { ok: false, errors } : null;
  }

  // Shown without any interaction (the calculator came into view): an answer from the
  // build's data when it has one, and nothing else; the engine waits for the reader.
  async preview() {
    const request = this.request(this.calc);
    const doc = await loadDocument(request);
    if (this.seq !== 0 || this.shown) return; // the reader got there first
    const answer = lookUp(doc, request);
    if (answer) this.show(++this.seq, request, answer);
  }

  // Answers from the build's data when it has the answer, else from the engine.
  async compute(request) {
    clearTimeout(this.timer);
    const seq = ++this.seq;
    const refused = this.tooLong(request);
    if (refused) {
      this.show(seq, request, refused);
      return;
    }
    const doc = await documentWithin(request, DATA_WAIT_MS);
    const answer = lookUp(doc, request);
    if (answer) {
      if (!this.busy) {
        this.waiting = false;
        this.setStatus("");
        this.section.classList.remove("gr-calc--failed");
      }
      this.show(seq, request, answer);
      return;
    }
    this.ask(request, seq);
  }

  // Sends one request to the engine; while one is in flight only the latest is kept.
  ask(request, seq) {
    this.waiting = true;
    engine.start();
    this.onEngine(engine.state, engine.reason);
    if (engine.state === "failed") return;
    if (this.busy) {
      this.queued = { request, seq };
      return;
    }
    this.busy = true;
    engine.request(request).then((response) => {
      this.busy = false;
      if (response) this.show(seq, request, response);
      if (this.queued) {
        const next = this.queued;
        this.queued = null;
        this.ask(next.request, next.seq);
      } else if (response) {
        this.waiting = false;
        if (engine.state !== "failed") this.setStatus("");
      }
    });
  }

  show(seq, request, response) {
    if (seq <= this.shown) return; // a newer answer is already drawn
    this.shown = seq;
    this.render(request, response);
  }

  clearErrors() {
    this.section.querySelectorAll("[data-error-for]").forEach((el) => {
      el.textContent = "";
    });
    for (const el of this.fields) el.removeAttribute("aria-invalid");
    if (this.formError) {
      this.formError.textContent = "";
      this.formError.hidden = true;
    }
  }

  showErrors(errors) {
    const general = [];
    for (const error of errors) {
      const input = error.field ? this.field(error.field) : null;
      const slot = input ? this.section.querySelector('[data-error-for="' + error.field + '"]') : null;
      if (input && slot) {
        input.setAttribute("aria-invalid", "true");
        slot.textContent = error.message;
      } else {
        general.push(error.message);
      }
    }
    if (general.length && this.formError) {
      this.formError.textContent = general.join(" ");
      this.formError.hidden = false;
    }
  }

  render(request, response) {
    this.clearErrors();
    if (!response.ok) {
      // The link keeps what the reader typed, so it reopens on the same message.
      if (this.wantsUrl) this.saveState(null);
      this.showErrors(response.errors || []);
      if (this.result) this.result.classList.add("is-stale");
      this.section.setAttribute("data-result", "error");
      return;
    }
    mark("grimoire:first-result");
    mark("grimoire:first-result:" + this.calc);
    const seed = response.roll ? response.roll.seed : null;
    const seedField = this.field("seed");
    if (seedField && seed !== null) seedField.value = String(seed);
    if (this.wantsUrl) this.saveState(seed);
    draw(this.output, response);
    if (this.result) {
      this.result.hidden = false;
      this.result.classList.remove("is-stale");
    }
    this.section.setAttribute("data-result", response.roll ? "roll" : "ok");
  }

  syncSpell(select) {
    const side = select.getAttribute("data-spell-for");
    const option = select.options[select.selectedIndex];
    const element = option && option.getAttribute("data-element");
    const target = this.field(side + "_element");
    if (element && target) target.value = element;
  }

  bind() {
    const section = this.section;
    const wake = () => this.wake();
    section.addEventListener("focusin", wake);
    section.addEventListener("pointerdown", wake);

    section.addEventListener("input", (event) => {
      if (event.target.hasAttribute("data-noauto")) return;
      this.wantsUrl = true;
      // With the data at hand an answer costs nothing: no need to wait for the typing to end.
      this.schedule(documentReady(this.request(this.calc)) ? 0 : DEBOUNCE_MS);
    });
    section.addEventListener("change", (event) => {
      const el = event.target;
      if (el.hasAttribute("data-noauto")) return;
      if (el.hasAttribute("data-spell-for")) this.syncSpell(el);
      const name = el.getAttribute("data-field");
      if (name && /_element$/.test(name)) {
        // An element chosen by hand no longer matches the chosen spell.
        const spell = section.querySelector('[data-spell-for="' + name.charAt(0) + '"]');
        const option = spell && spell.options[spell.selectedIndex];
        if (option && option.getAttribute("data-element") && option.getAttribute("data-element") !== el.value) {
          spell.value = "";
        }
      }
      this.wantsUrl = true;
      this.schedule(0);
    });
    if (this.form) {
      this.form.addEventListener("submit", (event) => {
        event.preventDefault();
        this.wantsUrl = true;
        const active = document.activeElement;
        if (active && active.getAttribute && active.getAttribute("data-field") === "seed") {
          this.compute(this.request("roll", { seed: active.value }));
        } else {
          this.compute(this.request(this.calc));
        }
      });
    }
    section.querySelectorAll("[data-action]").forEach((button) => {
      button.addEventListener("click", () => {
        this.wantsUrl = true;
        const action = button.getAttribute("data-action");
        if (action === "roll") {
          this.compute(this.request("roll", { seed: "" }));
        } else if (action === "replay") {
          const seedField = this.field("seed");
          this.compute(this.request("roll", { seed: seedField ? seedField.value : "" }));
        }
      });
    });
  }
}

// The data document, or null when it is not there within ``ms``.
function documentWithin(request, ms) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([loadDocument(request), late]).finally(() => clearTimeout(timer));
}

// True when the data document for this request is already loaded.
function documentReady(request) {
  const name = documentName(request);
  return Boolean(name && ready.has(name));
}

// ------------------------------------------------------------ page set-up

let observer = null;
const calculators = [];

function watchVisibility(calculator) {
  if (typeof IntersectionObserver === "undefined") return;
  const saveData = navigator.connection && navigator.connection.saveData;
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
      { threshold: 0.15 }
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
      const seed = calculator.seedFromUrl();
      calculator.compute(
        seed ? calculator.request("roll", { seed }) : calculator.request(calculator.calc)
      );
    } else {
      watchVisibility(calculator);
    }
  }
}

// The bridge's answer to a request: from the build's data when it has it, else the engine's.
async function answer(request) {
  const doc = request && typeof request.calc === "string" ? await documentWithin(request, DATA_WAIT_MS) : null;
  const found = lookUp(doc, request);
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
