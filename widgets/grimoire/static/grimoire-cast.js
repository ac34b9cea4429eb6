/* Grimoire — « Lancer » on a spell of /grimoire/: that wizard's odds (the book's magie, the
 * spell's apprentissage, an optional modifier, the book's reading of the 1 and the 12), the MJ's
 * die typed on a pad of its faces or drawn here, the outcome in words with its XP, credited at
 * once through the journal; beside the result, « Passer à l'apprentissage N » once the XP
 * reaches the cost, and « Annuler ce lancer ».
 * Every answer comes from the rules' data (grimoire-table.js).
 */
import { el } from "../shared/common.js";
import { diePad, field } from "./grimoire-controls.js";
import { castSpell, describe, levelUp, levelUpOffer, setSpell, undo } from "./grimoire-journal.js";
import { duelPanel } from "./grimoire-duel.js";
import { studyPanel } from "./grimoire-study.js";
import { BOOK_LEARNING, BookError } from "./grimoire-model.js";
import { MODIFIER_RANGE, parseModifier } from "./grimoire-values.js";
import { replayQuery } from "./grimoire-replay.js";
import { castChanceLine, castOdds, castable, drawFace, oddsLine } from "./grimoire-table.js";
import { bookUrl } from "./grimoire-tools.js";

const now = () => new Date().toISOString();

/* The address that shows the cast of journal ``entry`` again, without crediting it. */
function replayUrl(entry) {
  return (
    bookUrl() +
    "?" +
    replayQuery({
      slug: entry.sort,
      face: entry.de,
      magic: entry.magie,
      learning: entry.avant.apprentissage,
      modifier: entry.mod,
      reading: entry.lecture,
    })
  );
}

/* After a cast, what the table does next, beside its result: the level the XP now reaches (the
   reader's choice) and « Annuler ce lancer » (the journal's last entry, when it is this cast). */
function nextActions(page, entry, spell) {
  const next = el("div", "gr-cast__actions gr-cast__next");
  next.setAttribute("data-cast-next", "");
  const offer = levelUpOffer(entry, spell.difficulty);
  if (offer) {
    const up = el(
      "button",
      "md-button md-button--primary gr-book__level-up",
      "Passer à l’apprentissage " + offer.to,
    );
    up.type = "button";
    const why = el(
      "span",
      "gr-book__help",
      "coûte " + offer.cost + " XP sur " + entry.xp + " (le MJ peut en décider autrement)",
    );
    why.id = "gr-cast-" + entry.slug + "-up";
    up.setAttribute("aria-describedby", why.id);
    up.addEventListener("click", () => {
      if (page.update((book) => levelUp(book, entry.slug, spell.difficulty, now()), false)) {
        page.lastCast = null;
        page.render();
        page.focusIn(entry.slug, ".gr-cast__face");
      }
    });
    next.append(up, why);
  }
  const back = el("button", "md-button", "Annuler ce lancer");
  back.type = "button";
  back.addEventListener("click", () => {
    let undone = null;
    const ok = page.update((book) => {
      const last = book.journal[book.journal.length - 1];
      if (!last || last.id !== page.lastCast?.id) {
        throw new BookError(["ce lancer n’est plus la dernière entrée du journal"]);
      }
      undone = undo(book);
    }, false);
    if (!ok) return;
    page.lastCast = null;
    page.render();
    page.say("Annulé : " + describe(undone, () => page.nameOf(entry.slug)) + ".", "info");
    page.focusIn(entry.slug, ".gr-cast__face");
  });
  next.appendChild(back);
  return next;
}

function castPanel(page, entry, spell, name, close) {
  const id = "gr-cast-" + entry.slug;
  const panel = el("section", "gr-cast");
  panel.setAttribute("aria-labelledby", id + "-title");
  const title = el("h3", "gr-cast__title", "Lancer « " + name + " »");
  title.id = id + "-title";
  const odds = el("p", "gr-cast__odds");
  odds.setAttribute("data-cast-odds", "");
  // Every outcome's exact odds, one tap away.
  const allOdds = el("details", "gr-cast__all");
  const all = el("p", null);
  all.setAttribute("data-cast-odds-all", "");
  const summary = el("summary", null, "Toutes les issues");
  allOdds.append(summary, all);
  const mod = el("input");
  Object.assign(mod, {
    type: "text",
    inputMode: "numeric",
    value: page.castModifier || "0",
    autocomplete: "off",
  });
  mod.setAttribute("pattern", "-?[0-9]*");
  const modError = el("span", "gr-book__field-error");
  modError.setAttribute("role", "alert");
  const modRow = field(id + "-mod", "Modificateur", mod);
  modRow.append(modError);
  // The same reading as a replay link's: what the panel credits, the link replays.
  const modifier = () => parseModifier(mod.value);
  const showOdds = () => {
    const value = modifier();
    modError.textContent =
      value === null
        ? "Modificateur : attendu " + MODIFIER_RANGE + ", reçu « " + mod.value.slice(0, 20) + " »."
        : "";
    mod.toggleAttribute("aria-invalid", value === null);
    if (value === null) return;
    page.castModifier = mod.value;
    const book = page.current();
    const rows = castOdds({
      magic: book.magic,
      learning: entry.learning,
      modifier: value,
      reading: book.reading,
    });
    // One short line; every outcome's odds under « Toutes les issues ».
    odds.textContent = "Vos chances : " + castChanceLine(rows);
    summary.textContent =
      "Toutes les issues (magie " +
      book.magic +
      ", apprentissage " +
      entry.learning +
      (value ? ", modificateur " + (value > 0 ? "+" : "") + value : "") +
      ")";
    all.textContent = oddsLine(rows);
  };
  mod.addEventListener("input", showOdds);
  const result = el("p", "gr-cast__result");
  result.setAttribute("role", "status");
  result.setAttribute("data-cast-result", "");
  result.tabIndex = -1;
  const cast = (face, drawn) => {
    const value = modifier();
    if (value === null) {
      mod.focus();
      return;
    }
    let done = null;
    const ok = page.update((book) => {
      done = castSpell(book, entry.slug, { face, modifier: value, now: now() });
    }, false);
    if (!ok || !done) return;
    page.lastCast = {
      slug: entry.slug,
      id: done.id,
      text: (drawn ? "Dé lancé : " : "") + describe(done, () => name),
      replay: drawn ? replayUrl(done) : null,
    };
    page.render();
    // The result, and what to do next beside it, on screen; the focus on the result.
    const again = page
      .q("list")
      .querySelector(`[data-slug="${CSS.escape(entry.slug)}"] .gr-cast__outcome`);
    if (again) {
      again.querySelector(".gr-cast__result").focus({ preventScroll: true });
      again.scrollIntoView({ block: "nearest" });
    }
  };
  const { label: padLabel, pad } = diePad(id + "-pad", "Face du dé du MJ :", (face) =>
    cast(face, false),
  );
  const actions = el("div", "gr-cast__actions");
  const roll = el("button", "md-button md-button--primary", "Lancer le dé");
  roll.type = "button";
  roll.addEventListener("click", () => cast(drawFace(), true));
  const closeButton = el("button", "md-button", "Fermer");
  closeButton.type = "button";
  closeButton.addEventListener("click", close);
  actions.append(roll, closeButton);
  const outcome = el("div", "gr-cast__outcome");
  outcome.appendChild(result);
  panel.append(title, modRow, odds, allOdds, padLabel, pad, actions, outcome);
  if (page.lastCast && page.lastCast.slug === entry.slug) {
    result.textContent = page.lastCast.text;
    if (page.lastCast.replay) {
      const link = el("a", "gr-cast__replay", "Lien qui rejoue ce lancer");
      link.href = page.lastCast.replay;
      link.setAttribute("data-cast-replay", "");
      outcome.appendChild(link);
    }
    outcome.appendChild(nextActions(page, entry, spell));
  }
  showOdds();
  return panel;
}

/** The entry's table buttons (« Lancer », level-ups) and its cast panel, added to ``item``. */
export function castControls(page, item, entry, spell, name) {
  const row = el("div", "gr-book__play");
  const offer = spell ? levelUpOffer(entry, spell.difficulty) : null;
  if (!castable(entry.learning) && entry.learning === BOOK_LEARNING.min) {
    const learn = el("button", "md-button", "Passer à l’apprentissage " + (entry.learning + 1));
    learn.type = "button";
    learn.setAttribute("aria-describedby", "gr-book-learn-note");
    learn.addEventListener("click", () => {
      page.update((book) => setSpell(book, entry.slug, entry.learning + 1, entry.xp, now()));
    });
    row.append(learn, el("span", "gr-book__help", "Ce sort ne peut pas être lancé avant."));
  } else if (spell) {
    const open = el("button", "md-button md-button--primary gr-book__cast", "Lancer");
    open.type = "button";
    open.setAttribute("aria-label", "Lancer " + name);
    open.setAttribute("aria-expanded", String(page.openCast === entry.slug));
    open.addEventListener("click", () => {
      page.openCast = page.openCast === entry.slug ? null : entry.slug;
      page.lastCast = null;
      page.render();
      const again = page
        .q("list")
        .querySelector(`[data-slug="${CSS.escape(entry.slug)}"] .gr-cast__face`);
      if (again) again.focus();
    });
    row.appendChild(open);
  }
  if (spell) {
    const study = el("button", "md-button", "Étudier");
    study.type = "button";
    study.setAttribute("aria-label", "Étudier " + name);
    study.setAttribute("aria-expanded", String(page.openStudy === entry.slug));
    study.addEventListener("click", () => {
      page.openStudy = page.openStudy === entry.slug ? null : entry.slug;
      page.lastStudy = null;
      page.render();
      page.focusIn(entry.slug, ".gr-study select");
    });
    row.appendChild(study);
  }
  if (spell && castable(entry.learning)) {
    const duel = el("button", "md-button", "Duel");
    duel.type = "button";
    duel.setAttribute("aria-label", "Duel avec " + name);
    duel.setAttribute("aria-expanded", String(page.openDuel === entry.slug));
    duel.addEventListener("click", () => {
      page.openDuel = page.openDuel === entry.slug ? null : entry.slug;
      page.lastDuel = null;
      if (page.duel && page.duel.slug !== page.openDuel) page.duel = null;
      page.render();
      page.focusIn(entry.slug, ".gr-duel input");
    });
    row.appendChild(duel);
  }
  // With the cast panel open, the level is offered beside the cast's result (nextActions).
  if (offer && page.openCast !== entry.slug) {
    const up = el(
      "button",
      "md-button md-button--primary gr-book__level-up",
      "Passer à l’apprentissage " + offer.to,
    );
    up.type = "button";
    up.setAttribute("aria-describedby", "gr-book-" + entry.slug + "-up");
    up.addEventListener("click", () => {
      page.update((book) => levelUp(book, entry.slug, spell.difficulty, now()));
    });
    const why = el(
      "span",
      "gr-book__help",
      "coûte " + offer.cost + " XP sur " + entry.xp + " (le MJ peut en décider autrement)",
    );
    why.id = "gr-book-" + entry.slug + "-up";
    row.append(up, why);
  }
  item.appendChild(row);
  if (page.openStudy === entry.slug && spell) item.appendChild(studyPanel(page, entry, name));
  if (page.openDuel === entry.slug && spell && castable(entry.learning)) {
    item.appendChild(duelPanel(page, entry, name, spell.element));
  }
  if (page.openCast === entry.slug && spell && castable(entry.learning)) {
    item.appendChild(
      castPanel(page, entry, spell, name, () => {
        page.openCast = null;
        page.render();
      }),
    );
  }
}
