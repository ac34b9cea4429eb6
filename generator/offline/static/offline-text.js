// Grimoire: what the offline panel says, from what is known of the offline copy. Pure: a view in,
// the panel's texts and controls out (offline-panel.js draws them).
//
// view = {
//   phase: "saving" (the browser asks to save data: nothing downloaded) | "waiting" (until the
//          page is idle) | "installing" | "ready",
//   summary: the build's figures (offline-data.js): {background: {bytes, spells}, all: {bytes, spells}},
//   pages: the service worker's status of the pages, or null,
//   pagesJob: null, {loaded, total} while « Tout télécharger » runs, or "error",
//   engine: the service worker's status of the engine files, or null,
//   engineBytes: the engine's download size from the build (0 if unknown),
//   engineJob: null, {loaded, total} while the engine downloads, or "error",
//   online: navigator.onLine,
// }

import { megabytes } from "../shared/engine-status.js";

const ELLIPSIS = "\u2026";

function pagesPart(view) {
  const summary = view.summary || {
    background: { bytes: 0, spells: 0 },
    all: { bytes: 0, spells: 0 },
  };
  const about = (bytes) => "environ " + megabytes(bytes);
  if (view.phase === "saving") {
    return {
      state: "saving",
      status:
        "Économie de données activée : la copie hors ligne du Grimoire (" +
        about(summary.background.bytes) +
        ") n’est pas téléchargée. Ses pages s’ouvrent avec le réseau.",
      pagesButton: "Télécharger pour hors ligne (" + megabytes(summary.background.bytes) + ")",
    };
  }
  if (view.phase === "waiting") {
    return {
      state: "waiting",
      status:
        "La copie hors ligne du Grimoire (" +
        about(summary.background.bytes) +
        ") sera enregistrée sur cet appareil quand la page sera au repos.",
    };
  }
  const pages = view.pages;
  if (view.phase === "installing" || !pages || pages.cached < pages.background) {
    return {
      state: "installing",
      status:
        "Enregistrement de la copie hors ligne du Grimoire (" +
        about(summary.background.bytes) +
        ")" +
        ELLIPSIS,
    };
  }
  if (view.pagesJob && view.pagesJob !== "error") {
    const job = view.pagesJob;
    return {
      state: "ready",
      status:
        "Téléchargement de toutes les fiches : " +
        megabytes(job.loaded) +
        " sur " +
        megabytes(job.total) +
        ELLIPSIS,
      pagesProgress: { value: job.loaded, max: job.total },
    };
  }
  if (pages.cached >= pages.total) {
    return {
      state: "ready",
      complete: true,
      status:
        "Toutes les pages du Grimoire sont enregistrées sur cet appareil (" +
        about(pages.bytes) +
        ") : elles s’ouvrent sans réseau.",
    };
  }
  const rest = pages.bytes - pages.cachedBytes;
  return {
    state: "ready",
    complete: false,
    status:
      (view.pagesJob === "error"
        ? "Téléchargement interrompu : réessayez une fois connecté. "
        : "") +
      "Le Grimoire est enregistré sur cet appareil avec " +
      pages.cachedSpells +
      " fiches de sorts sur " +
      pages.spells +
      " : les autres s’ouvrent avec le réseau.",
    pagesButton: "Tout télécharger pour hors ligne (" + megabytes(rest) + ")",
  };
}

function enginePart(view) {
  if (view.phase === "saving" || view.phase === "waiting" || !view.engine)
    return { engine: null, engineText: "" };
  const engine = view.engine;
  const size = megabytes(view.engineBytes || engine.bytes);
  const button = "Disponible hors ligne (" + size + ")";
  if (view.engineJob && view.engineJob !== "error") {
    const job = view.engineJob;
    return {
      engine: "downloading",
      engineText:
        "Téléchargement du moteur de calcul : " +
        megabytes(job.loaded) +
        " sur " +
        megabytes(job.total) +
        ELLIPSIS,
      engineProgress: { value: job.loaded, max: job.total },
    };
  }
  if (engine.total > 0 && engine.cached >= engine.total) {
    return { engine: "cached", engineText: "Les calculateurs fonctionnent aussi hors ligne." };
  }
  if (view.engineJob === "error") {
    return {
      engine: "error",
      engineText: "Téléchargement du moteur de calcul interrompu : réessayez une fois connecté.",
      engineButton: button,
    };
  }
  if (!view.online) {
    return {
      engine: "absent",
      engineText:
        "Hors ligne, sans le moteur de calcul : les calculs qui n’ont pas de réponse " +
        "enregistrée attendront le réseau. Une fois connecté, touchez « " +
        button +
        " » pour calculer ensuite sans réseau.",
      engineButton: button,
    };
  }
  return {
    engine: "absent",
    engineText:
      "Pour calculer sans réseau, enregistrez le moteur de calcul (" + size + " à télécharger).",
    engineButton: button,
  };
}

/** The panel for a view: data-state, texts, which buttons and progress bars show. */
export function describe(view) {
  return {
    pagesButton: null,
    pagesProgress: null,
    engineButton: null,
    engineProgress: null,
    ...pagesPart(view),
    ...enginePart(view),
  };
}
