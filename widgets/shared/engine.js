// Grimoire: the page's rules engine -- one module Web Worker (engine-worker.js,
// Pyodide running widgets/bridge), created on demand and shared by every
// calculator of the page. Every wait is bounded:
//   * booting: the worker reports the bytes it downloads and how many
//     downloads are under way; when downloads are under way and nothing
//     arrives for `timeoutMs` the boot is abandoned with a French reason, and
//     the calculators show their fallback; once nothing is left to download,
//     the engine's own start (CPU work, slow on a phone) has `bootTimeoutMs`;
//     and the whole boot, however steadily bytes trickle in, has `deadlineMs`;
//   * computing: each request has `requestTimeoutMs` once the engine is
//     ready (requests sent while it boots, such as a state restored from the
//     URL, start their clock when it is ready); past it the worker is
//     terminated, a fresh one boots, and the request is answered with a
//     French message saying so.
// Every bound comes from the build's configuration (widgets/packaging.py), its one home.

import { loadingText, mark } from "./engine-status.js";

export { megabytes, mark } from "./engine-status.js";

export const REQUEST_TIMEOUT_MESSAGE =
  "Le calcul a pris trop de temps : le moteur de calcul a été relancé. Réessayez.";

export class Engine {
  /**
   * config: the build's engine configuration (engine-config.js);
   * base: URL of the folder holding engine-worker.js (config paths are relative to it).
   */
  constructor(config, base) {
    this.config = config || null;
    this.base = base;
    this.state = "idle"; // idle | loading | ready | failed
    this.reason = "";
    this.worker = null;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = [];
    this.stallTimer = null;
    this.deadlineTimer = null;
    this.received = 0;
    this.restarts = 0;
    this.timings = null;
  }

  get stallMs() {
    return this.config.timeoutMs;
  }

  get workMs() {
    return this.config.bootTimeoutMs;
  }

  get requestMs() {
    return this.config.requestTimeoutMs;
  }

  get deadlineMs() {
    return this.config.deadlineMs;
  }

  subscribe(listener) {
    this.listeners.push(listener);
  }

  setState(state, reason) {
    this.state = state;
    this.reason = reason || "";
    for (const listener of this.listeners) {
      try {
        listener(state, this.reason);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /** French text of the current loading step. */
  loadingText() {
    return loadingText(this.config, this.received, this.reason);
  }

  start() {
    if (this.state !== "idle") return;
    const cfg = this.config;
    const bounds = cfg
      ? [cfg.timeoutMs, cfg.bootTimeoutMs, cfg.requestTimeoutMs, cfg.deadlineMs]
      : [];
    if (
      !cfg?.pyodide ||
      !cfg.archive ||
      !cfg.stdlib ||
      !Array.isArray(cfg.pyodideFiles) ||
      !this.base ||
      !bounds.every((ms) => Number.isFinite(ms) && ms > 0) ||
      typeof Worker === "undefined"
    ) {
      this.fail(
        typeof Worker === "undefined"
          ? "navigateur sans Web Worker"
          : "configuration du moteur absente",
      );
      return;
    }
    const url = new URL("engine-worker.js", this.base);
    url.searchParams.set("pyodide", new URL(cfg.pyodide, this.base).href);
    url.searchParams.set("archive", new URL(cfg.archive, this.base).href);
    url.searchParams.set("stdlib", cfg.stdlib);
    url.searchParams.set("files", cfg.pyodideFiles.join(","));
    mark("grimoire:engine-start");
    this.received = 0;
    this.setState("loading");
    try {
      this.worker = new Worker(url.href, { type: "module" });
    } catch {
      this.fail("le script du moteur n'a pas pu démarrer");
      return;
    }
    this.worker.onmessage = (event) => this.onMessage(event.data || {});
    this.worker.onerror = (event) => {
      if (event?.preventDefault) event.preventDefault();
      this.fail("le script du moteur a échoué");
    };
    this.armStall(true);
    clearTimeout(this.deadlineTimer);
    const minutes = String(Math.round(this.deadlineMs / 6000) / 10).replace(".", ",");
    this.deadlineTimer = setTimeout(
      () => this.fail("téléchargement trop lent : moteur pas prêt après " + minutes + " min"),
      this.deadlineMs,
    );
  }

  // While downloading, the boot fails when nothing arrives for stallMs; once
  // everything is downloaded, when the engine is not ready within workMs.
  armStall(downloading) {
    clearTimeout(this.stallTimer);
    const ms = downloading ? this.stallMs : this.workMs;
    const reason = downloading
      ? "téléchargement interrompu : rien reçu depuis " + Math.round(ms / 1000) + " s"
      : "moteur pas prêt après " + Math.round(ms / 1000) + " s";
    this.stallTimer = setTimeout(() => this.fail(reason), ms);
  }

  onMessage(data) {
    if (data.type === "progress") {
      if (this.state !== "loading") return;
      if (typeof data.bytes === "number") this.received = data.bytes;
      this.armStall(data.stage !== "engine" && data.pending !== 0);
      this.setState("loading", data.stage === "engine" ? "engine" : "download");
      return;
    }
    if (data.type === "ready") {
      mark("grimoire:engine-ready");
      clearTimeout(this.stallTimer);
      clearTimeout(this.deadlineTimer);
      this.timings = { ready: data.ms, pyodide: data.pyodideMs, engine: data.engineMs };
      this.setState("ready");
      for (const entry of this.pending.values()) this.arm(entry);
      return;
    }
    if (data.type === "error") {
      this.fail(data.message || "erreur inconnue");
      return;
    }
    const entry = this.pending.get(data.id);
    if (!entry) return;
    this.pending.delete(data.id);
    clearTimeout(entry.timer);
    entry.resolve(data.response);
  }

  arm(entry) {
    if (entry.timer) return;
    entry.timer = setTimeout(() => this.restart(), this.requestMs);
  }

  settleAll(value) {
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.resolve(value);
    }
    this.pending.clear();
  }

  fail(reason) {
    clearTimeout(this.stallTimer);
    clearTimeout(this.deadlineTimer);
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    this.settleAll(null);
    console.warn("[Grimoire] moteur de calcul indisponible :", reason);
    this.setState("failed", reason);
  }

  // A computation ran too long: terminate the worker, answer every waiting
  // request with a French message, and boot a fresh engine.
  restart() {
    clearTimeout(this.stallTimer);
    clearTimeout(this.deadlineTimer);
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.restarts += 1;
    this.settleAll({ ok: false, errors: [{ field: null, message: REQUEST_TIMEOUT_MESSAGE }] });
    this.setState("idle");
    this.start();
  }

  /** Resolves with the bridge's response, or null when the engine could not be loaded. */
  request(request) {
    this.start();
    if (this.state === "failed" || !this.worker) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const entry = { resolve, timer: null };
      this.pending.set(id, entry);
      if (this.state === "ready") this.arm(entry);
      this.worker.postMessage({ id, request });
    });
  }
}
