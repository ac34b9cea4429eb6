// Grimoire: one calculator of the page (an ES module of calculators.js): reads its fields,
// refuses a bad value at once in the engine's words, answers from the build's data when it
// holds the answer, else from the engine (the shown result marked out of date meanwhile),
// draws the answer and keeps its state in the address, as its own link (url-state.js).
import { draw, openOutput } from "./calculators-draw.js";
import { engine } from "../shared/engine-on-demand.js";
import {
  dataMalformed,
  documentReady,
  documentWithin,
  fieldsDoc,
  instant,
  loadDocument,
  lookUp,
} from "../shared/answers-data.js";
import { DATA_WAIT_MS } from "../shared/answers.js";
import { mark } from "../shared/engine-status.js";
import { MAX_FIELD_CHARS, calculatorLink, readState, tooLongMessage } from "./url-state.js";

const DEBOUNCE_MS = 250;
// The parameter of roll links shared before they carried the face (replayed by the engine).
const LEGACY_SEED = "graine";

const OFFLINE_HINT =
  "Pour calculer sans connexion, choisissez « Disponible hors ligne » lors d'une visite connectée.";

function failureText(reason) {
  const tables = document.querySelector(".gr-static-tables, .gr-static");
  if (navigator.onLine === false) {
    return (
      "Hors connexion, le moteur de calcul n'est pas disponible sur cet appareil : ce calcul a besoin de lui" +
      (tables ? " ; les tables précalculées de la page restent valables. " : ". ") +
      OFFLINE_HINT
    );
  }
  return (
    "Le moteur de calcul n'a pas pu être chargé (" +
    reason +
    ") : ce calcul a besoin de lui" +
    (tables
      ? " ; les tables précalculées de la page restent valables."
      : " ; rechargez la page pour réessayer.")
  );
}

const MALFORMED_TEXT =
  "Les réponses précalculées de ce calculateur sont illisibles : le moteur de calcul prend le relais.";

export class Calculator {
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
    const seeds = faceField
      ? [
          [faceField.getAttribute("data-param"), face],
          [LEGACY_SEED, null],
        ]
      : [];
    const prefixes = [...document.querySelectorAll(".gr-calc[data-prefix]")].map((section) =>
      section.getAttribute("data-prefix"),
    );
    const address = calculatorLink(window.location, this.prefix, values, seeds, {
      prefixes,
      heading: this.section.getAttribute("aria-labelledby"),
    });
    try {
      history.replaceState(history.state, "", address);
    } catch {
      /* a sandboxed page may refuse: the calculator still works */
    }
  }

  // Returns true when the URL holds a state for this calculator.
  restore() {
    const state = readState(
      window.location.search,
      this.prefix,
      this.params.map((el) => el.getAttribute("data-param")),
    );
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

  // A roll in the address: its face, or an old link's seed (replayed by the engine).
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
      const label = input?.id ? this.section.querySelector('label[for="' + input.id + '"]') : null;
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
    if (answer) this.show(++this.seq, answer);
  }

  // Refuses a bad value at once, in the engine's words; answers from the build's data when
  // it has the answer, else from the engine (the shown result marked out of date meanwhile).
  async compute(request) {
    clearTimeout(this.timer);
    const seq = ++this.seq;
    const refused = this.tooLong(request);
    if (refused) {
      this.show(seq, refused);
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
    if (errors?.length) {
      this.settle();
      this.show(seq, { ok: false, errors });
      return;
    }
    const answer = errors ? lookUp(doc, request) : null;
    if (answer) {
      this.settle();
      this.show(seq, answer);
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
      if (response) this.show(seq, response);
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

  show(seq, response) {
    if (seq <= this.shown) return; // a newer answer is already drawn
    this.shown = seq;
    this.render(response);
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
      const slot = input
        ? this.section.querySelector('[data-error-for="' + error.field + '"]')
        : null;
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

  render(response) {
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
    if (openOutput(this.output)) this.result = this.output.querySelector("[data-result]");
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
    const element = option?.getAttribute("data-element");
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
        const option = spell?.options[spell.selectedIndex];
        if (
          option?.getAttribute("data-element") &&
          option.getAttribute("data-element") !== el.value
        ) {
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
        if (active?.getAttribute && active.getAttribute("data-field") === "face") {
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
