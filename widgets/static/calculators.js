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
// Answers come first from the build's data (instant.js: the bridge's own answers for the
// common inputs, and its reading of every field, so that a bad value is told at once in the
// engine's words); instant.js, the fields and the calculator's answers are fetched together as
// a calculator approaches the screen (or is first used). Anything else goes to the engine
// (engine.js: Pyodide in a Web Worker), which starts downloading at the first request the data
// does not answer, never because a covered answer was asked or a calculator is in view. Other scripts of the page (the spellbook, the offline panel)
// reach the engine through calculatorsApi (imported by the site's modules).

import config from "./engine-config.js";
import { loadingText, mark } from "./engine-status.js";
import { readState, writeState, MAX_FIELD_CHARS, tooLongMessage } from "./url-state.js";

const DEBOUNCE_MS = 250;
// How far from the screen a calculator starts fetching what answers it without the engine.
const APPROACH_MARGIN = "600px 0px";
// The parameter of roll links shared before they carried the face (replayed by the engine).
const LEGACY_SEED = "graine";
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
    let timer;
    const late = new Promise((resolve, reject) => {
      // The engine's script is bounded like any download of the engine (no configuration: at once).
      timer = setTimeout(reject, (config && config.timeoutMs) || 0);
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
const ready = new Map(); // name -> document, once loaded and of the expected shape
const malformed = new Set(); // names of the documents that arrived unreadable
let instant = null; // the instant.js module, once fetched
let instantLoading = null;

// Resolves with instant.js, or null when it could not be fetched.
function loadInstant() {
  if (!instantLoading) {
    instantLoading = import("./instant.js")
      .then((module) => (instant = module))
      .catch(() => null);
  }
  return instantLoading;
}

const cfg = (config && config.instant) || null;

// The name of the data document for a request (computed without instant.js: the split
// field is read as the bridge reads integers, which the configuration carries).
function documentName(request) {
  if (!cfg || !cfg.files || !request || typeof request.calc !== "string") return null;
  const kind = request.calc === "roll" ? "cast" : request.calc;
  const split = cfg.split && cfg.split[kind];
  let key = kind;
  if (split) {
    const match = integerText(request[split]);
    if (match === null) return null;
    key = kind + "-" + match;
  }
  return Object.prototype.hasOwnProperty.call(cfg.files, key) ? cfg.files[key] : null;
}

// Integer text as the bridge reads it, as a decimal string, or null.
function integerText(raw) {
  if (typeof raw !== "string" || !cfg.integer) return null;
  const ws = cfg.integer.whitespace;
  const chars = Array.from(raw);
  let start = 0;
  let end = chars.length;
  while (start < end && ws.includes(chars[start])) start++;
  while (end > start && ws.includes(chars[end - 1])) end--;
  let body = chars.slice(start, end).join("");
  let sign = 1;
  if (body && Object.prototype.hasOwnProperty.call(cfg.integer.signs, body[0])) {
    sign = cfg.integer.signs[body[0]];
    body = body.slice(1);
  }
  if (!/^[0-9]+$/.test(body) || body.length > cfg.integer.digits) return null;
  const number = Number(body) * sign;
  return Number.isSafeInteger(number) ? String(number === 0 ? 0 : number) : null;
}

// The fields document (how the bridge reads every field), once loaded.
function fieldsDoc() {
  return cfg && cfg.files ? ready.get(cfg.files.fields) || null : null;
}

// The build's answer to a request from its document, or null (not in it, or no document).
function lookUp(doc, request) {
  const fields = fieldsDoc();
  return doc && instant && fields ? instant.lookup(doc, request, fields.integer) : null;
}

// Starts fetching, all at once, what answers a request without the engine: instant.js, the
// fields and the request's data document. Resolves with that document, or null (none,
// unreachable or unreadable); instant.js and the fields are there once it resolves, if they can be.
function loadDocument(request) {
  if (!cfg || !cfg.files) return Promise.resolve(null);
  const name = documentName(request);
  const parts = [loadInstant(), cfg.files.fields ? fetchDocument(cfg.files.fields, "fields") : null];
  const doc = name ? fetchDocument(name, "answers") : null;
  return Promise.all([...parts, doc]).then((loaded) => loaded[2] || null);
}

// Resolves with the named data document, fetched once, or null (unreachable or unreadable:
// then listed in ``malformed``, and the calculator says so).
function fetchDocument(name, kind) {
  if (!documents.has(name)) {
    const loading = Promise.all([fetch(new URL(name, BASE)), loadInstant()])
      .then(([response, module]) => {
        if (!response.ok) return null;
        return response.json().then(
          (doc) => {
            const good = module && (kind === "fields" ? module.isFields(doc) : module.isDocument(doc));
            if (!good) throw new Error("malformed");
            ready.set(name, doc);
            return doc;
          },
          () => {
            throw new Error("malformed");
          }
        );
      })
      .catch((error) => {
        if (error && error.message === "malformed") {
          malformed.add(name);
          console.warn("[Grimoire] réponses précalculées illisibles :", name);
        }
        return null;
      });
    documents.set(name, loading);
  }
  return documents.get(name);
}

// True when the data this request would be answered from arrived unreadable.
function dataMalformed(request) {
  const name = documentName(request);
  return Boolean((name && malformed.has(name)) || (cfg && cfg.files && malformed.has(cfg.files.fields)));
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

const OFFLINE_HINT =
  "Pour calculer sans connexion, choisissez « Disponible hors ligne » lors d'une visite connectée.";

function failureText(reason) {
  const tables = document.querySelector(".gr-static-tables, .gr-static");
  if (navigator.onLine === false) {
    return (
      "Hors connexion, le moteur de calcul n'est pas disponible sur cet appareil : ce calcul a besoin de lui" +
      (tables ? " ; les tables précalculées de la page restent valables. " : ". ") + OFFLINE_HINT
    );
  }
  return (
    "Le moteur de calcul n'a pas pu être chargé (" + reason + ") : ce calcul a besoin de lui" +
    (tables ? " ; les tables précalculées de la page restent valables." : " ; rechargez la page pour réessayer.")
  );
}

const MALFORMED_TEXT =
  "Les réponses précalculées de ce calculateur sont illisibles : le moteur de calcul prend le relais.";

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
    this.note = ""; // a status that outlives the engine's (unreadable answers)
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

  saveState(face) {
    const values = {};
    for (const el of this.params) {
      if (!el.hasAttribute("data-noauto")) values[el.getAttribute("data-param")] = el.value;
    }
    const faceField = this.field("face");
    let search = writeState(
      window.location.search, this.prefix, values,
      faceField ? [faceField.getAttribute("data-param"), face] : null
    );
    if (faceField) search = writeState(search, this.prefix, {}, [LEGACY_SEED, null]);
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

  // A roll in the address: its face, or the seed of a link shared before faces were
  // (replayed by the engine).
  rollFromUrl() {
    const faceField = this.field("face");
    if (!faceField) return null;
    const param = faceField.getAttribute("data-param");
    const state = readState(window.location.search, this.prefix, [param, LEGACY_SEED]);
    if (state[param]) return { face: state[param] };
    return state[LEGACY_SEED] ? { face: "", seed: state[LEGACY_SEED] } : null;
  }

  onEngine(state, reason) {
    if (!this.section.isConnected) return; // left behind by instant navigation
    this.section.setAttribute("data-state", state);
    if (!this.waiting) return;
    if (state === "loading" || state === "idle") {
      this.setStatus(engine.loadingText());
    } else if (state === "ready") {
      this.setStatus(this.note);
    } else if (state === "failed") {
      this.setStatus(failureText(reason));
      this.section.classList.add("gr-calc--failed");
    }
  }

  setStatus(message) {
    if (this.status && this.status.textContent !== message) this.status.textContent = message;
  }

  // First interaction with a field: what answers without the engine is fetched (if the
  // calculator's approach has not done it). The engine is not started here: only a request
  // the build's data does not answer starts it (compute → ask).
  wake() {
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

  // Refuses a bad value at once, in the engine's words; answers from the build's data when
  // it has the answer, else from the engine (the shown result marked out of date meanwhile).
  async compute(request) {
    clearTimeout(this.timer);
    const seq = ++this.seq;
    const refused = this.tooLong(request);
    if (refused) {
      this.show(seq, request, refused);
      return;
    }
    const doc = await documentWithin(request, DATA_WAIT_MS);
    if (seq !== this.seq) return; // a newer request is on its way
    const fields = fieldsDoc();
    if (request.calc === "roll" && request.face === "" && !request.seed && fields && instant) {
      const face = instant.drawFace(fields);
      if (face !== null) request.face = String(face);
    }
    const errors = fields && instant ? instant.check(fields, request) : null;
    if (errors && errors.length) {
      this.settle();
      this.show(seq, request, { ok: false, errors });
      return;
    }
    const answer = errors ? lookUp(doc, request) : null;
    if (answer) {
      this.settle();
      this.show(seq, request, answer);
      return;
    }
    this.markStale();
    this.note = dataMalformed(request) ? MALFORMED_TEXT : "";
    this.ask(request, seq);
    if (this.note && engine.state !== "failed") this.setStatus(this.note);
  }

  // An answer that needs no engine: whatever the engine's status said is over.
  settle() {
    if (this.busy) return;
    this.note = "";
    this.waiting = false;
    this.setStatus("");
    this.section.classList.remove("gr-calc--failed");
  }

  // The result on screen no longer matches the fields: dimmed and said so until the new one.
  markStale() {
    if (this.result && !this.result.hidden) {
      this.result.classList.add("is-stale");
      this.section.setAttribute("data-result", "stale");
    }
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
      else if (seq === this.seq) this.markStale();
      if (this.queued) {
        const next = this.queued;
        this.queued = null;
        this.ask(next.request, next.seq);
      } else if (response) {
        this.waiting = false;
        if (engine.state !== "failed") this.setStatus(this.note);
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
    const face = response.roll ? response.roll.face : null;
    const faceField = this.field("face");
    if (faceField && face !== null) faceField.value = String(face);
    if (this.wantsUrl) this.saveState(face);
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
        if (active && active.getAttribute && active.getAttribute("data-field") === "face") {
          this.compute(this.request("roll", { face: active.value }));
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
          this.compute(this.request("roll", { face: "" })); // drawn in compute()
        } else if (action === "replay") {
          const faceField = this.field("face");
          this.compute(this.request("roll", { face: faceField ? faceField.value : "" }));
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
  return Boolean(name && ready.has(name) && fieldsDoc() && instant);
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
      // Started while the calculator is still a screen away, so its answers are there first.
      { rootMargin: APPROACH_MARGIN }
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
      calculator.compute(roll ? calculator.request("roll", roll) : calculator.request(calculator.calc));
    } else {
      watchVisibility(calculator);
    }
  }
}

// The bridge's answer to a request: a refusal or an answer from the build's data when it
// has them, else the engine's.
async function answer(request) {
  const doc = request && typeof request.calc === "string" ? await documentWithin(request, DATA_WAIT_MS) : null;
  const fields = fieldsDoc();
  const errors = fields && instant ? instant.check(fields, request) : null;
  if (errors && errors.length) return { ok: false, errors };
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
