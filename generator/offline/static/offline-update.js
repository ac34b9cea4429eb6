// Grimoire: a new version of the site, ready in the background, is offered to the reader
// (« Nouvelle version disponible — recharger »); once it takes over, every open page reloads so
// that no page mixes the files of two versions.

function banner(doc, worker) {
  const node = doc.createElement("div");
  node.className = "gr-update";
  node.setAttribute("role", "status");
  const text = doc.createElement("span");
  text.textContent = "Nouvelle version disponible\u00a0\u2014 ";
  const button = doc.createElement("button");
  button.type = "button";
  button.className = "gr-update__button";
  button.textContent = "recharger";
  button.setAttribute("aria-label", "Nouvelle version disponible : recharger la page");
  button.addEventListener("click", () => {
    button.disabled = true;
    text.textContent = "Mise à jour\u2026 ";
    // The new version takes over; controllerchange then reloads every open page.
    worker.postMessage({ type: "skip-waiting" });
  });
  node.append(text, button);
  return node;
}

/**
 * Watches the registration's new versions. ``hadController``: whether a version controlled the
 * page when it loaded. ``onChange`` runs when a version becomes active or takes control of a
 * page that had none.
 */
export function watchUpdates(doc, win, container, hadController, onChange) {
  let reloading = false;
  let offered = false;

  function offer(worker) {
    if (!worker || offered) return;
    offered = true;
    doc.body.appendChild(banner(doc, worker));
  }

  function watchInstalling(worker) {
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && container.controller) offer(worker);
      if (worker.state === "activated") onChange();
    });
  }

  container.addEventListener("controllerchange", () => {
    // Pages of the old version must not mix with files of the new one: reload them.
    if (hadController && !reloading) {
      reloading = true;
      win.location.reload();
      return;
    }
    hadController = true;
    onChange();
  });

  return function follow(registration) {
    if (registration.waiting && container.controller) offer(registration.waiting);
    watchInstalling(registration.installing);
    registration.addEventListener("updatefound", () => watchInstalling(registration.installing));
  };
}
