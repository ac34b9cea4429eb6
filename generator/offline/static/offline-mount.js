// Grimoire: the site offline on a page (the offline copy's life cycle: generator/offline/sw.js).
// The service worker is registered once the page is idle, and not while the browser saves data
// unless the reader asks; the rest (offline-copy.js) comes with the panel or the registration.

import { whenIdle } from "./offline-idle.js";
import { existingRegistration, registerSite, savingData, supported } from "./offline-worker.js";

async function copyFor(root, win, hadController) {
  const { OfflineCopy } = await import("./offline-copy.js");
  const copy = new OfflineCopy(root, win, hadController);
  if (root.querySelector(".gr-offline")) await copy.showPanel(root);
  return copy;
}

/** Mounts the offline support on a page; nothing happens without service workers. */
export async function mountOffline(root, win) {
  if (!supported(win.navigator, win)) return;
  const container = win.navigator.serviceWorker;
  const hadController = Boolean(container.controller);
  const copy = root.querySelector(".gr-offline") ? copyFor(root, win, hadController) : null;
  // A returning reader: the browser itself checks for a new version as pages load.
  let registration = await existingRegistration(container);
  if (!registration) {
    if (savingData(win.navigator)) {
      if (copy) (await copy).draw({ phase: "saving" }); // the panel's button registers
      return;
    }
    await whenIdle(root.ownerDocument || root, win);
    if (copy) (await copy).draw({ phase: "installing" });
    registration = await registerSite(container);
    if (!registration) return;
  }
  (await (copy || copyFor(root, win, hadController))).registered(root, registration);
}
