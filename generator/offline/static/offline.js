/* Grimoire — the compendium offline: registers the service worker (sw.js, at the site root),
 * offers a new version when one is ready (« Nouvelle version disponible — recharger »), keeps
 * the calculators' engine for offline use after its first successful boot, and drives the
 * « Disponible hors ligne » panel (.gr-offline, on the home, calculators and spellbook pages).
 *
 * No game rule here, and nothing of the spells: only the service worker's life cycle.
 * Without service workers (old browser, private mode of some browsers) the site works as before.
 */
import { megabytes } from "./common.js";

/* The site root: this module is served from assets/site/. */
const ROOT = new URL("../../", import.meta.url);
let engineConfig = null;

/** Mount the offline support on a page; nothing happens without service workers. */
export function mountOffline(root) {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  run(root);
}

function run(root) {
  var container = navigator.serviceWorker;
  var hadController = !!container.controller;
  var reloading = false;
  var registration = null;

  function engineBytes() {
    var cfg = engineConfig;
    return cfg && cfg.downloadBytes ? cfg.downloadBytes : 0;
  }

  // Sends a message to a service worker; answers come on a private channel.
  function ask(worker, message, onMessage) {
    if (!worker) return;
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) {
      onMessage(event.data || {});
    };
    worker.postMessage(message, [channel.port2]);
  }

  function activeWorker() {
    return container.controller || (registration && registration.active) || null;
  }

  // ---------------------------------------------------------------- new version

  var banner = null;

  function offerUpdate(worker) {
    if (!worker || banner) return;
    banner = document.createElement("div");
    banner.className = "gr-update";
    banner.setAttribute("role", "status");
    var text = document.createElement("span");
    text.textContent = "Nouvelle version disponible\u00a0\u2014 ";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "gr-update__button";
    button.textContent = "recharger";
    button.setAttribute("aria-label", "Nouvelle version disponible : recharger la page");
    button.addEventListener("click", function () {
      button.disabled = true;
      text.textContent = "Mise à jour\u2026 ";
      // The new version takes over; controllerchange then reloads every open page.
      worker.postMessage({ type: "skip-waiting" });
    });
    banner.appendChild(text);
    banner.appendChild(button);
    document.body.appendChild(banner);
  }

  function watchInstalling(worker) {
    if (!worker) return;
    worker.addEventListener("statechange", function () {
      if (worker.state === "installed" && container.controller) offerUpdate(worker);
      if (worker.state === "activated") refreshPanel();
    });
  }

  container.addEventListener("controllerchange", function () {
    // Pages of the old version must not mix with files of the new one: reload them.
    if (hadController && !reloading) {
      reloading = true;
      window.location.reload();
      return;
    }
    hadController = true;
    refreshPanel();
  });

  // ---------------------------------------------------------------- the panel

  var panel = null;

  function panelParts() {
    if (!panel) return null;
    return {
      status: panel.querySelector("[data-offline-status]"),
      engine: panel.querySelector("[data-offline-engine]"),
      button: panel.querySelector("[data-offline-download]"),
      progress: panel.querySelector("[data-offline-progress]"),
    };
  }

  function setEngineText(text) {
    var parts = panelParts();
    if (parts && parts.engine.textContent !== text) parts.engine.textContent = text;
  }

  function refreshPanel() {
    var parts = panelParts();
    if (!parts) return;
    var worker = activeWorker();
    if (!worker) {
      panel.setAttribute("data-state", "installing");
      parts.status.textContent = "Préparation de la lecture hors ligne\u2026";
      return;
    }
    ask(worker, { type: "status" }, function (status) {
      if (status.type !== "status") return;
      var ready = status.pages.cached >= status.pages.total;
      panel.setAttribute("data-state", ready ? "ready" : "installing");
      panel.setAttribute("data-version", status.version);
      parts.status.textContent = ready
        ? "Toutes les pages du Grimoire sont enregistrées sur cet appareil : elles s’ouvrent sans réseau."
        : "Préparation de la lecture hors ligne\u2026";
      showEngine(status.engine);
    });
  }

  function showEngine(engine) {
    var parts = panelParts();
    if (!parts || panel.getAttribute("data-engine") === "downloading") return;
    var complete = engine.total > 0 && engine.cached >= engine.total;
    panel.setAttribute("data-engine", complete ? "cached" : "absent");
    parts.button.hidden = complete;
    parts.progress.hidden = true;
    if (complete) {
      setEngineText("Les calculateurs fonctionnent aussi hors ligne.");
    } else {
      var size = megabytes(engineBytes() || engine.bytes);
      parts.button.textContent = "Disponible hors ligne (" + size + ")";
      setEngineText(
        "Pour calculer sans réseau, enregistrez le moteur de calcul (" + size + " à télécharger)."
      );
    }
  }

  function downloadEngine(silent) {
    var worker = activeWorker();
    if (!worker) return;
    var parts = panelParts();
    if (parts && !silent) {
      panel.setAttribute("data-engine", "downloading");
      parts.button.hidden = true;
      parts.progress.hidden = false;
      parts.progress.value = 0;
      setEngineText("Téléchargement du moteur de calcul\u2026");
    }
    ask(worker, { type: "cache-engine" }, function (message) {
      if (message.type !== "engine") return;
      var parts_ = panelParts();
      if (message.state === "progress") {
        if (parts_ && !silent) {
          parts_.progress.max = message.total;
          parts_.progress.value = message.loaded;
          setEngineText(
            "Téléchargement du moteur de calcul : " +
              megabytes(message.loaded) + " sur " + megabytes(message.total) + "\u2026"
          );
        }
      } else if (message.state === "done") {
        if (panel) panel.removeAttribute("data-engine");
        refreshPanel();
      } else if (message.state === "error") {
        if (!parts_ || silent) return;
        panel.setAttribute("data-engine", "error");
        parts_.progress.hidden = true;
        parts_.button.hidden = false;
        setEngineText(
          "Téléchargement impossible (" + message.message + "). Réessayez une fois connecté."
        );
      }
    });
  }

  function setupPanel() {
    panel = root.querySelector(".gr-offline");
    if (!panel) return;
    // The engine's download size, from the build's configuration.
    import("../widgets/engine-config.js").then(function (module) {
      engineConfig = module.default;
      refreshPanel();
    }, function () { /* the service worker's figure is shown instead */ });
    var parts = panelParts();
    parts.button.addEventListener("click", function () {
      downloadEngine(false);
    });
    panel.hidden = false;
    refreshPanel();
  }

  // ---------------------------------------------------------------- the engine after a boot

  // After the calculators' engine booted once, its Pyodide files are kept for offline use.
  function watchEngine() {
    if (!root.querySelector(".gr-calc, .gr-book")) return; // no engine on this page
    // The page's own calculators module, if it loads one (same address: the same instance).
    var script = document.querySelector('script[type="module"][src*="widgets/calculators.js"]');
    if (!script) return;
    import(script.src).then(function (module) {
      var calculators = module.calculatorsApi;
      if (!calculators) return;
      var done = false;
      var check = function (state) {
        if (done || state !== "ready") return;
        done = true;
        container.ready.then(function () {
          downloadEngine(true);
        });
      };
      calculators.onState(check);
      check(calculators.engineState());
    });
  }

  // ---------------------------------------------------------------- registration

  function register() {
    container
      .register(new URL("sw.js", ROOT).href, { scope: ROOT.href, updateViaCache: "none" })
      .then(function (reg) {
        registration = reg;
        if (reg.waiting && container.controller) offerUpdate(reg.waiting);
        watchInstalling(reg.installing);
        reg.addEventListener("updatefound", function () {
          watchInstalling(reg.installing);
        });
        refreshPanel();
        return container.ready;
      })
      .then(refreshPanel)
      .catch(function (error) {
        console.warn("[Grimoire] lecture hors ligne indisponible :", error);
      });
  }

  function start() {
    setupPanel();
    watchEngine();
    register();
  }

  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
}

mountOffline(document);
