/* Grimoire — « Étudier » a spell of /grimoire/: the hours planned with the planner's odds (the
 * engine's study calculator, through the page's calculators), then each test as the MJ calls it
 * (réussi / échoué); the session's XP comes from the rules' data (grimoire-table.js) and is
 * credited through the journal when the session ends. */
import { el } from "../shared/common.js";
import { field } from "./grimoire-controls.js";
import { studySession } from "./grimoire-journal.js";
import { STUDY, studyXp } from "./grimoire-table.js";

const now = () => new Date().toISOString();

function plan(page, entry, panel) {
  const id = "gr-study-" + entry.slug;
  const hours = el("select");
  for (const h of STUDY.hours) {
    const option = el("option", null, String(h));
    option.value = String(h);
    hours.appendChild(option);
  }
  hours.value = String(page.studyHours || STUDY.hours[0]);
  const p = el("input");
  Object.assign(p, {
    type: "text",
    value: page.studyChance || "1/2",
    autocomplete: "off",
  });
  const odds = el("p", "gr-cast__odds");
  odds.setAttribute("data-study-odds", "");
  odds.setAttribute("role", "status");
  const ask = () => {
    page.studyHours = Number(hours.value);
    page.studyChance = p.value;
    odds.textContent =
      "XP de la séance réussie : " +
      studyXp(Number(hours.value), null) +
      " ; calcul des chances\u2026";
    page.askEngine({ calc: "study", hours: hours.value, p: p.value }).then((answer) => {
      if (!odds.isConnected) return;
      if (!answer) {
        odds.textContent =
          "XP de la séance réussie : " +
          studyXp(Number(hours.value), null) +
          " (chances indisponibles : moteur de calcul non chargé).";
      } else if (!answer.ok) {
        odds.textContent = (answer.errors || []).map((e) => e.message).join(" ; ") + ".";
      } else {
        odds.textContent =
          "XP attendue " +
          answer.expected.decimal +
          " · " +
          answer.distribution.map((d) => d.xp + " XP " + d.percent).join(" · ");
      }
    });
  };
  hours.addEventListener("change", ask);
  p.addEventListener("change", ask);
  const start = el("button", "md-button md-button--primary", "Commencer la séance");
  start.type = "button";
  start.addEventListener("click", () => {
    page.study = { slug: entry.slug, hours: Number(hours.value), hour: 1, test: 1 };
    page.render();
    page.focusIn(entry.slug, "[data-study-pass]");
  });
  panel.append(
    field(id + "-hours", "Heures prévues", hours),
    field(id + "-p", "Chance de réussir un test", p),
    odds,
    start,
  );
  ask();
}

function session(page, entry, panel) {
  const study = page.study;
  const tests = STUDY.tests[String(study.hour)];
  const where = el(
    "p",
    "gr-study__where",
    "Heure " +
      study.hour +
      " sur " +
      study.hours +
      ", test " +
      study.test +
      " sur " +
      tests +
      " : le MJ dit…",
  );
  where.setAttribute("data-study-where", "");
  const end = (failedAt) => {
    let done = null;
    page.study = null;
    page.update((book) => {
      done = studySession(book, entry.slug, study.hours, failedAt, now());
    }, false);
    if (done) page.lastStudy = { slug: entry.slug, entry: done };
    page.render();
    page.focusIn(entry.slug, "[data-study-result]");
  };
  const pass = el("button", "md-button md-button--primary", "Test réussi");
  pass.type = "button";
  pass.setAttribute("data-study-pass", "");
  pass.addEventListener("click", () => {
    if (study.test < tests) study.test += 1;
    else if (study.hour < study.hours) Object.assign(study, { hour: study.hour + 1, test: 1 });
    else return end(null);
    page.render();
    page.focusIn(entry.slug, "[data-study-pass]");
  });
  const fail = el("button", "md-button", "Test échoué");
  fail.type = "button";
  fail.addEventListener("click", () => end(study.hour));
  const stop = el("button", "md-button", "Abandonner (rien n’est compté)");
  stop.type = "button";
  stop.addEventListener("click", () => {
    page.study = null;
    page.render();
  });
  const row = el("div", "gr-cast__actions");
  row.append(pass, fail, stop);
  panel.append(where, row);
}

/** The study panel of an entry, open while ``page.openStudy`` names it. */
export function studyPanel(page, entry, name) {
  const panel = el("section", "gr-cast gr-study");
  panel.setAttribute("aria-labelledby", "gr-study-" + entry.slug + "-title");
  const title = el("h3", "gr-cast__title", "Étudier « " + name + " »");
  title.id = "gr-study-" + entry.slug + "-title";
  panel.appendChild(title);
  if (page.study && page.study.slug === entry.slug) session(page, entry, panel);
  else plan(page, entry, panel);
  const result = el("p", "gr-cast__result");
  result.setAttribute("role", "status");
  result.setAttribute("data-study-result", "");
  result.tabIndex = -1;
  if (page.lastStudy && page.lastStudy.slug === entry.slug)
    result.textContent = page.describe(page.lastStudy.entry);
  panel.appendChild(result);
  return panel;
}
