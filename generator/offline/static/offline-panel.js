// Grimoire: the « Lecture hors ligne » panel (.gr-offline, on the home, calculators and spellbook
// pages) drawn from offline-text.js's description.

import { describe } from "./offline-text.js";

function element(doc, tag, className, attribute) {
  const node = doc.createElement(tag);
  node.className = className;
  node.setAttribute(attribute, "");
  node.hidden = true;
  return node;
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function showProgress(node, progress) {
  node.hidden = !progress;
  if (progress) {
    node.max = progress.max;
    node.value = progress.value;
  }
}

export class OfflinePanel {
  /** The page's panel, or null on a page without one. */
  static find(root) {
    const node = root.querySelector(".gr-offline");
    return node ? new OfflinePanel(node) : null;
  }

  constructor(node) {
    const doc = node.ownerDocument;
    this.node = node;
    this.status = node.querySelector("[data-offline-status]");
    this.engineText = node.querySelector("[data-offline-engine]");
    this.engineProgress = node.querySelector("[data-offline-progress]");
    this.engineButton = node.querySelector("[data-offline-download]");
    // The whole copy's button and progress, under the status line.
    this.pagesProgress = element(
      doc,
      "progress",
      "gr-offline__progress",
      "data-offline-pages-progress",
    );
    this.pagesProgress.setAttribute("aria-label", "Téléchargement de la copie hors ligne");
    this.pagesButton = element(doc, "button", "md-button gr-offline__button", "data-offline-pages");
    this.pagesButton.type = "button";
    this.status.after(this.pagesProgress, this.pagesButton);
  }

  /** ``onPages`` and ``onEngine`` run when the reader taps the panel's buttons. */
  onTap(onPages, onEngine) {
    this.pagesButton.addEventListener("click", onPages);
    this.engineButton.addEventListener("click", onEngine);
  }

  draw(view) {
    const shown = describe(view);
    const node = this.node;
    node.setAttribute("data-state", shown.state);
    if (shown.complete !== undefined) node.setAttribute("data-complete", String(shown.complete));
    else node.removeAttribute("data-complete");
    if (shown.engine) node.setAttribute("data-engine", shown.engine);
    else node.removeAttribute("data-engine");
    if (view.pages && view.version) node.setAttribute("data-version", view.version);
    setText(this.status, shown.status);
    setText(this.engineText, shown.engineText);
    this.pagesButton.hidden = !shown.pagesButton;
    if (shown.pagesButton) setText(this.pagesButton, shown.pagesButton);
    this.engineButton.hidden = !shown.engineButton;
    if (shown.engineButton) setText(this.engineButton, shown.engineButton);
    showProgress(this.pagesProgress, shown.pagesProgress);
    showProgress(this.engineProgress, shown.engineProgress);
    node.hidden = false;
  }
}
