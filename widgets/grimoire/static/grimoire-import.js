/* Grimoire — a spellbook offered by a share link (?livre=…) or a file, on /grimoire/: validated
 * first (grimoire-format.js), then shown, then stored only once the reader chooses to replace
 * their spellbook or to add the spells it lacks. */
import { dropParam, el } from "../shared/common.js";
import { BookError } from "./grimoire-model.js";
import { LINK_PARAM, readFile, readLink } from "./grimoire-format.js";
import { find, loadBook, newLineage } from "./grimoire-model.js";

const plural = (n, one, many) => n + " " + (n > 1 ? many : one);

/** Offers the spellbook of the page address's link, if it has one. */
export function readLinkOffer(page) {
  const params = new URLSearchParams(window.location.search);
  if (!params.has(LINK_PARAM)) return;
  let incoming;
  try {
    incoming = readLink(params.get(LINK_PARAM) || "", page.known);
  } catch (error) {
    refuse(page, "Lien refusé", error);
    return;
  }
  offer(page, incoming, "lien");
}

/** Offers the spellbook of a chosen file. */
export function readFileOffer(page, file) {
  return readFile(file, page.known).then(
    (incoming) => offer(page, incoming, "fichier"),
    (error) => refuse(page, "Fichier refusé", error),
  );
}

function refuse(page, what, error) {
  closeOffer(page);
  const problems = error instanceof BookError ? error.problems : [String(error?.message || error)];
  page.say(
    what +
      " : " +
      problems.slice(0, 6).join(" ; ") +
      (problems.length > 6 ? " ; et " + (problems.length - 6) + " autres problèmes" : "") +
      ". Votre grimoire n’a pas été modifié.",
    "error",
  );
}

function offer(page, incoming, source) {
  page.pending = incoming;
  page.say("", "info");
  const read = loadBook();
  const current = read.book;
  page.pendingBroken = !!read.broken;
  page.q("offer-title").textContent = incoming.name
    ? "Importer le grimoire de « " + incoming.name + " » ?"
    : source === "lien"
      ? "Importer le grimoire de ce lien ?"
      : "Importer le grimoire de ce fichier ?";
  const magicNote =
    incoming.magic === current.magic
      ? ""
      : " ; votre magie (" +
        current.magic +
        ") est gardée si vous ajoutez, remplacée par " +
        incoming.magic +
        " si vous remplacez";
  page.q("offer-text").textContent =
    plural(incoming.spells.length, "sort", "sorts") +
    ", magie " +
    incoming.magic +
    ". " +
    (read.broken
      ? "Votre grimoire enregistré est illisible (" +
        read.broken +
        ") : l’importer le remplacera " +
        "et son contenu illisible sera perdu (téléchargez-le d’abord pour le garder)."
      : current.spells.length
        ? "Votre grimoire compte déjà " +
          plural(current.spells.length, "sort", "sorts") +
          " : le remplacer, ou n’y ajouter que les sorts qu’il n’a pas (ceux qu’il a gardent votre " +
          "apprentissage et votre XP" +
          magicNote +
          ") ?"
        : "Votre grimoire est vide.");
  page
    .q("offer-list")
    .replaceChildren(
      ...incoming.spells.map((s) =>
        el(
          "li",
          null,
          page.nameOf(s.slug) +
            " — apprentissage " +
            s.learning +
            ", " +
            s.xp +
            " XP" +
            (Object.hasOwn(page.known, s.slug) ? "" : " (ce sort n’existe plus)"),
        ),
      ),
    );
  page.q("replace").textContent = read.broken
    ? "Remplacer le grimoire illisible"
    : current.spells.length
      ? "Remplacer mon grimoire"
      : "Importer";
  page.q("merge").hidden = !current.spells.length || !!read.broken;
  const box = page.q("offer");
  box.hidden = false;
  box.focus();
}

/** Hides the offer and takes the link out of the address. */
export function closeOffer(page) {
  page.pending = null;
  page.q("offer").hidden = true;
  dropParam(LINK_PARAM);
}

/** Stores the offered spellbook: ``mode`` "replace" or "merge". */
export function acceptOffer(page, mode) {
  const incoming = page.pending;
  if (!incoming) return;
  let added = 0;
  const kept = [];
  let magic = null;
  const ok = page.update(
    (book) => {
      if (mode === "replace") {
        book.magic = incoming.magic;
        if (incoming.readingGiven !== false) book.reading = incoming.reading; // a version 1 link has none
        if (incoming.nameGiven !== false) book.name = incoming.name; // versions 1 and 2 have none
        book.journal = incoming.journal;
        book.spells = incoming.spells.map((s) => ({ ...s }));
        // Another book: the other tabs' entries, written for the one replaced, stay out of it.
        book.lineage = newLineage();
        book.undone = [];
        added = book.spells.length;
        return;
      }
      magic = book.magic;
      for (const s of incoming.spells) {
        if (find(book, s.slug)) kept.push(page.nameOf(s.slug));
        else {
          book.spells.push({ ...s });
          added += 1;
        }
      }
    },
    undefined,
    mode === "replace" && page.pendingBroken,
  );
  if (!ok) return;
  closeOffer(page);
  const text =
    mode === "replace"
      ? "Grimoire importé : " + plural(added, "sort.", "sorts.")
      : (added > 1 ? added + " sorts ajoutés" : added + " sort ajouté") +
        " à votre grimoire" +
        (kept.length
          ? (kept.length > 1
              ? " ; déjà présents, gardés tels quels : "
              : " ; déjà présent, gardé tel quel : ") +
            kept.join(", ") +
            "."
          : ".") +
        (magic === incoming.magic
          ? ""
          : " Magie gardée : la vôtre (" +
            magic +
            "), pas celle du grimoire importé (" +
            incoming.magic +
            ").");
  page.say(text, "success");
}
