// Grimoire: the offline copy once the service worker is registered, and the « Lecture hors ligne »
// panel (offline-panel.js, on the pages that show one): its figures, its buttons, the engine kept
// after its first boot (offline-engine.js), new versions (offline-update.js).

import { ask, registerSite } from "./offline-worker.js";

export class OfflineCopy {
  constructor(root, win, hadController) {
    this.win = win;
    this.doc = root.ownerDocument || root;
    this.container = win.navigator.serviceWorker;
    this.registration = null;
    this.panel = null; // the page's panel (offline-panel.js), on the pages that show one
    this.view = {
      phase: "waiting",
      summary: null,
      pages: null,
      pagesJob: null,
      engine: null,
      engineBytes: 0,
      engineJob: null,
      online: win.navigator.onLine !== false,
      version: "",
    };
    this.hadController = hadController;
  }

  draw(changes) {
    Object.assign(this.view, changes);
    if (this.panel) this.panel.draw(this.view);
  }

  worker() {
    return this.container.controller || this.registration?.active || null;
  }

  // New versions followed, the engine kept after its first boot, the panel told.
  async registered(root, registration) {
    this.registration = registration;
    const [{ watchUpdates }, { afterEngineBoot }] = await Promise.all([
      import("./offline-update.js"),
      import("./offline-engine.js"),
    ]);
    const follow = watchUpdates(this.doc, this.win, this.container, this.hadController, () =>
      this.refresh(),
    );
    follow(this.registration);
    afterEngineBoot(root, () => this.container.ready.then(() => this.downloadEngine(true)));
    this.refresh();
    await this.container.ready;
    this.refresh();
  }

  async showPanel(root) {
    const { OfflinePanel } = await import("./offline-panel.js");
    this.panel = OfflinePanel.find(root);
    this.draw({});
    this.panel.onTap(
      () => this.downloadAll(),
      () => this.downloadEngine(false),
    );
    this.loadFigures();
    const online = () => this.draw({ online: this.win.navigator.onLine !== false });
    this.win.addEventListener("online", online);
    this.win.addEventListener("offline", online);
  }

  // The build's figures: the offline copy's size and the engine's download size.
  loadFigures() {
    import("./offline-data.js").then(
      (module) => this.draw({ summary: module.default }),
      () => undefined,
    );
    import("../shared/engine-config.js").then(
      (module) => this.draw({ engineBytes: module.default.downloadBytes || 0 }),
      () => undefined, // the service worker's figure is shown instead
    );
  }

  // « Télécharger pour hors ligne » while the browser saves data: the reader asked.
  async register(root) {
    if (this.registration) return;
    this.draw({ phase: "installing" });
    const registration = await registerSite(this.container);
    if (registration) await this.registered(root, registration);
  }

  refresh() {
    const worker = this.worker();
    if (!worker) return;
    ask(worker, { type: "status" }, (status) => {
      if (status.type !== "status") return;
      this.draw({
        phase: "ready",
        pages: status.pages,
        engine: status.engine,
        version: status.version,
      });
    });
  }

  // « Télécharger pour hors ligne » (data saving) or « Tout télécharger pour hors ligne ».
  async downloadAll() {
    if (!this.registration) {
      await this.register(this.doc);
      return;
    }
    const worker = this.worker();
    if (!worker) return;
    this.draw({
      pagesJob: {
        loaded: this.view.pages ? this.view.pages.cachedBytes : 0,
        total: this.view.pages ? this.view.pages.bytes : 0,
      },
    });
    ask(worker, { type: "cache-all" }, (message) => {
      if (message.type !== "pages") return;
      if (message.state === "progress")
        this.draw({ pagesJob: { loaded: message.loaded, total: message.total } });
      else {
        this.draw({ pagesJob: message.state === "error" ? "error" : null });
        this.refresh();
      }
    });
  }

  // « Disponible hors ligne », or silently after the engine's first boot.
  downloadEngine(silent) {
    const worker = this.worker();
    if (!worker) return;
    if (!silent) this.draw({ engineJob: { loaded: 0, total: this.view.engineBytes } });
    ask(worker, { type: "cache-engine" }, (message) => this.engineMessage(message, silent));
  }

  // A message of the engine's download: its progress drawn (unless silent), then its end.
  engineMessage(message, silent) {
    if (message.type !== "engine") return;
    if (message.state === "progress") {
      if (!silent) this.draw({ engineJob: { loaded: message.loaded, total: message.total } });
      return;
    }
    if (!silent || message.state === "done")
      this.draw({ engineJob: message.state === "error" ? "error" : null });
    this.refresh();
  }
}
