// Grimoire: talking to the site's service worker (sw.js at the site root).

/** The site root: these modules are served from assets/site/. */
export const ROOT = new URL("../../", import.meta.url);

/** True when this browser can keep the site offline. */
export function supported(nav, win) {
  return "serviceWorker" in nav && Boolean(win.isSecureContext);
}

/** True when the browser asks to save data (a metered connection, the reader's setting). */
export function savingData(nav) {
  return Boolean(nav.connection?.saveData);
}

/** Sends ``message`` to a service worker; its answers come to ``onMessage`` on a private channel. */
export function ask(worker, message, onMessage) {
  if (!worker) return;
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => onMessage(event.data || {});
  worker.postMessage(message, [channel.port2]);
}

/** The site's registration, if this browser already has one (no network). */
export async function existingRegistration(container) {
  try {
    return (await container.getRegistration(ROOT.href)) || null;
  } catch {
    return null;
  }
}

/** Registers sw.js for the whole site; resolves with the registration, or null if refused. */
export async function registerSite(container) {
  try {
    const registration = await container.register(new URL("sw.js", ROOT).href, {
      scope: ROOT.href,
      updateViaCache: "none",
    });
    return registration || null;
  } catch (error) {
    console.warn("[Grimoire] lecture hors ligne indisponible :", error);
    return null;
  }
}
