/* Grimoire — « La table » in a link: the table's link (?livres=…, every wizard's share link),
 * made and copied for the MJ to bookmark, and opened: on an empty table at once, over another
 * table only once the MJ chooses (grimoire-format.js and table-party.js read it).
 */
import { dropParam } from "../shared/common.js";
import { copyAndSay } from "./grimoire-controls.js";
import { BookError } from "./grimoire-model.js";
import { ROOT } from "./grimoire-urls.js";
import { PARTY_PARAM, partyValue, readPartyValue, wizardName } from "./table-party.js";

const plural = (n, one, many) => n + " " + (n > 1 ? many : one);

export function bindShare(page) {
  page.q("share").addEventListener("click", () => {
    const { party } = page.read();
    if (!party.length) {
      page.say("Personne à la table : rien à mettre dans un lien.", "error");
      return;
    }
    const url = new URL("table/", ROOT);
    url.search = "?" + PARTY_PARAM + "=" + partyValue(party);
    page.q("link").value = url.href;
    page.q("share-box").hidden = false;
    page.q("copy-status").textContent = "";
  });
  page.q("copy").addEventListener("click", () => {
    const input = page.q("link");
    copyAndSay(input.value, page.q("copy-status"), "Lien copié.", "le lien", input);
  });
}

/* A party link in the address: the table it carries opens at once on an empty table, and is
   offered (never imposed) over another one. */
export function readPartyLink(page) {
  const value = new URLSearchParams(window.location.search).get(PARTY_PARAM);
  if (value === null) return;
  let wizards;
  try {
    wizards = readPartyValue(value, page.known);
  } catch (error) {
    if (!(error instanceof BookError)) throw error;
    page.say(
      "Lien de table refusé : " +
        error.problems.join(" ; ") +
        ". Votre table n’a pas été modifiée.",
      "error",
    );
    closeOffer(page);
    return;
  }
  const { party, broken } = page.read();
  if (!broken && partyValue(party) === partyValue(wizards)) return closeOffer(page);
  page.offered = wizards;
  if (!broken && party.length === 0) return acceptParty(page);
  page.q("offer-text").textContent =
    "Ce lien porte une table de " +
    plural(wizards.length, "magicien", "magiciens") +
    " (" +
    wizards.map(wizardName).join(", ") +
    ") : elle remplacerait " +
    (broken
      ? "la table illisible de ce navigateur."
      : "la vôtre (" + plural(party.length, "magicien", "magiciens") + ").");
  const box = page.q("offer");
  box.hidden = false;
  box.focus();
}

export function acceptParty(page) {
  const wizards = page.offered;
  if (!wizards) return;
  if (page.update(() => wizards, true)) {
    page.say("Table ouverte : " + plural(wizards.length, "magicien.", "magiciens."), "success");
  }
  closeOffer(page);
}

export function closeOffer(page) {
  page.offered = null;
  page.q("offer").hidden = true;
  dropParam(PARTY_PARAM);
}
