/* Grimoire — « Rendre son grimoire » at « La table »: a wizard's entries of the evening handed
 * back to the player, without a server, as an update link (grimoire-update.js) to copy, as a QR
 * code the player's camera reads (grimoire-qr.js, its library loaded on first use), and by the
 * phone's own sharing where the browser has it. The player opens it: « Mettre à jour mon grimoire ».
 */
import { el } from "../shared/common.js";
import { copyAndSay } from "./grimoire-controls.js";
import { MAX_QR_CHARS, QR_WAIT_MS, qrSvg } from "./grimoire-qr.js";
import { UPDATE_PARAM, encodeUpdate, handedBack } from "./grimoire-update.js";
import { ROOT } from "./grimoire-urls.js";
import { wizardName } from "./table-party.js";

const plural = (n, one, many) => n + " " + (n > 1 ? many : one);

/** The update link of ``wizard``: its entries of the table, for its player's « Mon grimoire ». */
export function updateLink(wizard) {
  const url = new URL("grimoire/", ROOT);
  url.search = "?" + UPDATE_PARAM + "=" + encodeUpdate(wizard);
  return url.href;
}

/** The button that opens the hand-back panel of the wizard at ``index``. */
export function handbackButton(page, index, name) {
  const open = page.handback === index;
  const button = el("button", "md-button gr-party__handback", "Rendre son grimoire");
  button.type = "button";
  button.setAttribute("aria-expanded", String(open));
  button.setAttribute("aria-label", "Rendre son grimoire : " + name);
  button.addEventListener("click", () => {
    page.handback = open ? null : index;
    page.render();
    if (!open) page.root.querySelector("[data-handback-link]")?.focus();
  });
  return button;
}

/* The QR code of ``link``, drawn once per link (a redraw of the page shows the same one). */
function qrHolder(page, link, name) {
  const holder = el("div", "gr-party__qr");
  if (link.length > MAX_QR_CHARS) {
    holder.appendChild(
      el(
        "p",
        "gr-book__help",
        "Lien trop long pour un QR code (" +
          link.length +
          " caractères, au plus " +
          MAX_QR_CHARS +
          ") : envoyez-le au joueur par message" +
          (typeof navigator.share === "function" ? " ou par « Partager »." : "."),
      ),
    );
    return holder;
  }
  if (page.qr?.link === link && page.qr.svg) {
    holder.appendChild(page.qr.svg);
    return holder;
  }
  const waiting = el("p", "gr-book__help", "QR code en préparation…");
  holder.appendChild(waiting);
  qrSvg(link, "QR code du grimoire de " + name + " mis à jour").then(
    (svg) => {
      page.qr = { link, svg };
      holder.replaceChildren(svg);
    },
    () => {
      waiting.textContent =
        "QR code indisponible (module non chargé en " +
        Math.round(QR_WAIT_MS / 1000) +
        " s : connexion ?) : envoyez le lien au joueur.";
    },
  );
  return holder;
}

/** The hand-back panel of ``wizard`` (at ``index``): what it carries, the QR code, the link. */
export function handbackPanel(page, index, wizard) {
  const name = wizardName(wizard, index);
  const panel = el("div", "gr-cast gr-party__handback-panel");
  const count = handedBack(wizard.journal).length;
  if (!count) {
    panel.appendChild(
      el(
        "p",
        "gr-book__help",
        "Rien à rendre : la table n’a encore rien lancé ni fait passer de niveau pour " +
          name +
          ".",
      ),
    );
    return panel;
  }
  const link = updateLink(wizard);
  panel.append(
    el(
      "p",
      "gr-cast__odds",
      "À rendre à " +
        name +
        " : " +
        plural(count, "entrée", "entrées") +
        " de la table. Le joueur scanne ce code ou ouvre le lien sur son téléphone, puis " +
        "choisit « Mettre à jour mon grimoire » : rien de ce qu’il a fait de son côté n’est perdu.",
    ),
    qrHolder(page, link, name),
  );
  const id = "gr-table-handback-" + (index + 1);
  const label = el("label", null, "Lien de mise à jour de " + name);
  label.htmlFor = id;
  const input = el("input");
  input.id = id;
  input.type = "text";
  input.readOnly = true;
  input.value = link;
  input.setAttribute("data-handback-link", "");
  const status = el("span", "gr-book__help");
  status.setAttribute("role", "status");
  const copy = el("button", "md-button", "Copier le lien");
  copy.type = "button";
  copy.addEventListener("click", () => copyAndSay(link, status, "Lien copié.", "le lien", input));
  const buttons = el("div", "gr-book__buttons");
  buttons.appendChild(copy);
  if (typeof navigator.share === "function") {
    const share = el("button", "md-button", "Partager");
    share.type = "button";
    share.addEventListener("click", () => {
      navigator
        .share({ title: "Grimoire de " + name, text: "Votre soirée à la table", url: link })
        .then(
          () => {
            status.textContent = "Lien partagé.";
          },
          (error) => {
            if (error?.name !== "AbortError")
              status.textContent = "Partage impossible : copiez le lien.";
          },
        );
    });
    buttons.appendChild(share);
  }
  buttons.appendChild(status);
  const box = el("div", "gr-book__share");
  box.append(label, input, buttons);
  panel.appendChild(box);
  return panel;
}
