// Grimoire: the engine's loading text and timing marks, needed before engine.js is.

export function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1).replace(".", ",") + "\u00a0Mo";
}

/**
 * French text of a loading step: config is the build's engine configuration, received the
 * bytes downloaded so far, reason "engine" once the engine itself is starting.
 */
export function loadingText(config, received, reason) {
  if (reason === "engine") return "Préparation du moteur de calcul\u2026";
  const total = config?.downloadBytes;
  if (total && received > 0) {
    const shown = Math.min(received, total);
    return (
      "Chargement du moteur de calcul (" + megabytes(shown) + " sur " + megabytes(total) + ")\u2026"
    );
  }
  return "Chargement du moteur de calcul" + (total ? " (" + megabytes(total) + ")" : "") + "\u2026";
}

// User Timing marks, for the benchmark and the browser's performance panel.
export function mark(name) {
  try {
    if (performance.getEntriesByName(name, "mark").length === 0) performance.mark(name);
  } catch {
    /* no User Timing: nothing to record */
  }
}
