// Grimoire: the calculators' engine, on demand (an ES module of calculators.js).
//
// The page's engine as the calculators see it: its state and loading text at once, engine.js
// (Pyodide in a Web Worker) fetched, within the boot's stall limit, the first time a request the
// build's data does not answer needs it.

import config from "./engine-config.js";
import { loadingText } from "./engine-status.js";

const BASE = new URL(".", import.meta.url);

// The page's engine as the calculators see it: its state and loading text at once,
// engine.js fetched (within the boot's stall limit) the first time the engine must start.
export class EngineOnDemand {
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
    const late = new Promise((_resolve, reject) => {
      // The engine's script is bounded like any download of the engine (no configuration: at once).
      timer = setTimeout(reject, config?.timeoutMs || 0);
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

/** The page's one engine, shared by its calculators and the site's modules. */
export const engine = new EngineOnDemand();
