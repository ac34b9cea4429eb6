/* Grimoire — what the page /grimoire/ sends out and takes in: a cast shared by its link shown
 * in words (?lancer=…), the share link (?livre=…) and its copy, the export as a JSON file, the
 * import of a file or a link (grimoire-import.js) and the download of an unreadable spellbook
 * as it is. Spell text is data: the DOM is built with textContent only.
 */
import { el, replaceSearch } from "../shared/common.js";
import { copyAndSay } from "./grimoire-controls.js";
import { LINK_PARAM, encodeLink, exportData } from "./grimoire-format.js";
import { acceptOffer, closeOffer, readFileOffer } from "./grimoire-import.js";
import { BookError, loadBook } from "./grimoire-model.js";
import { isReplay, readReplay, replayText, withoutReplay } from "./grimoire-replay.js";
import { ROOT } from "./grimoire-tools.js";

/** Saves ``blob`` as the file ``name`` through the browser's download. */
export function download(blob, name) {
  const link = el("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(link.href);
    link.remove();
  }, 1000);
}

/** A cast shared by its link (?lancer=…): shown in words with its XP, credited to no book. */
export function showReplay(page) {
  const params = new URLSearchParams(window.location.search);
  if (!isReplay(params)) return;
  let replay;
  try {
    replay = readReplay(params, page.known);
  } catch (error) {
    if (!(error instanceof BookError)) throw error;
    page.say(
      "Lien de lancer refusé : " +
        error.problems.slice(0, 6).join(" ; ") +
        ". Votre grimoire n’a pas été modifié.",
      "error",
    );
    return;
  }
  const box = page.q("replay");
  page.q("replay-text").textContent = replayText(replay, page.nameOf(replay.slug));
  box.setAttribute("data-replay-outcome", replay.outcome);
  box.hidden = false;
  box.focus();
}

/** The readable spellbook to send out, or null (said) when none can be without losing it. */
function outgoing(page) {
  const read = loadBook();
  if (read.broken) {
    page.say(
      "Le grimoire enregistré est illisible (" +
        read.broken +
        ") : rien à partager ni " +
        "à exporter. Téléchargez-le tel quel pour le garder.",
      "error",
    );
    return null;
  }
  return read.book;
}

/** Binds the page's share, copy, export, import and replay buttons (``page``: a BookPage). */
export function bindSharing(page) {
  page.q("replay-close").addEventListener("click", () => {
    page.q("replay").hidden = true;
    const rest = withoutReplay(new URLSearchParams(window.location.search));
    replaceSearch(rest ? "?" + rest : "");
  });
  page.q("share").addEventListener("click", () => {
    const book = outgoing(page);
    if (!book) return;
    const url = new URL("grimoire/", ROOT);
    url.search = "?" + LINK_PARAM + "=" + encodeLink(book);
    page.q("share-box").hidden = false;
    page.q("link").value = url.href;
    page.q("copy-status").textContent = "";
    page.q("link").select();
  });
  page.q("copy").addEventListener("click", () => {
    const input = page.q("link");
    copyAndSay(input.value, page.q("copy-status"), "Lien copié.", "le lien", input);
  });
  page.q("export").addEventListener("click", () => {
    const book = outgoing(page);
    if (!book) return;
    const data = exportData(book, page.known);
    download(
      new Blob([JSON.stringify(data, null, 1) + "\n"], { type: "application/json" }),
      "mon-grimoire.json",
    );
  });
  const file = page.q("file");
  file.addEventListener("change", () => {
    const chosen = file.files?.[0];
    file.value = "";
    if (chosen) readFileOffer(page, chosen);
  });
  page.q("broken-download").addEventListener("click", () => {
    const read = loadBook();
    if (typeof read.raw === "string") {
      download(new Blob([read.raw], { type: "text/plain" }), "grimoire-illisible.txt");
    }
  });
  page.q("replace").addEventListener("click", () => acceptOffer(page, "replace"));
  page.q("merge").addEventListener("click", () => acceptOffer(page, "merge"));
  page.q("dismiss").addEventListener("click", () => {
    closeOffer(page);
    page.say("Rien n’a été importé ; votre grimoire n’a pas changé.", "info");
  });
}
