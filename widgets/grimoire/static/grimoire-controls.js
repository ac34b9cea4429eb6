/* Grimoire — the controls of « Mon grimoire »'s panels (cast, study, duel): a labelled field's
 * row, and the pad of the die's faces (a cast, each face of a duel), a button for each face of
 * the rules' die (grimoire-table.js) under its label; and a copy that says whether it copied. */
import { copyText, el } from "../shared/common.js";
import { FACES } from "./grimoire-table.js";

/** A panel's row: ``control`` (given the id ``id``) under its label ``text``. */
export function field(id, text, control) {
  const label = el("label", null, text);
  label.htmlFor = id;
  control.id = id;
  const row = el("div", "gr-cast__mod");
  row.append(label, control);
  return row;
}

/** The pad's label (``text``, its id ``id``) and the pad; a tap on a face calls ``onFace(face)``. */
export function diePad(id, text, onFace) {
  const label = el("p", "gr-cast__pad-label", text);
  label.id = id;
  const pad = el("div", "gr-cast__pad");
  pad.setAttribute("role", "group");
  pad.setAttribute("aria-labelledby", id);
  for (const face of FACES) {
    const button = el("button", "gr-cast__face", String(face));
    button.type = "button";
    button.addEventListener("click", () => onFace(face));
    pad.appendChild(button);
  }
  return { label, pad };
}

/** Copies ``text`` and says so in ``status`` (``copied``), or asks the reader to copy ``what``
    (« le lien », « le résumé ») by hand, ``field`` (the input holding it) then selected. */
export function copyAndSay(text, status, copied, what, field = null) {
  copyText(text).then(
    () => {
      status.textContent = copied;
    },
    () => {
      field?.select();
      status.textContent = "Copie impossible : sélectionnez " + what + " et copiez-le.";
    },
  );
}
