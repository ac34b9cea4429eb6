// Grimoire: the page's entry for its calculators. calculators.js (the lookup, the drawing and
// the engine's door) is fetched only when a reader may use it: a calculator approaching the
// screen, a calculator state or roll in the address, or a calculator touched. A reader who only
// reads the top of the spell never downloads it.
//
// When it is fetched, everything a first answer needs from the build's data is asked for at
// once, in parallel: every module of calculators.js (not one after another as each names the
// next), instant.js, the bridge's reading of the fields and each calculator's data document.
// Only the shared answers-data.js (which names those documents) comes with the page. The engine is not
// among them: it starts at the first request the build's data does not answer.

import { prefetch } from "../shared/answers-data.js";

/** Distance from the screen at which a calculator's scripts and data are fetched once the reader
 * scrolls: three screens ahead, about one fling of a phone's scroll, so that they are there when
 * it arrives. Before the first scroll, only a calculator on the screen is. */
export const APPROACH_MARGIN = "300% 0px";

/** Every module calculators.js imports, itself included: imported together, so that the
 * browser asks for them all at once. tests/js/calculators-loader.test.mjs keeps it whole. */
export const MODULES = [
  "./calculators.js",
  "./calculators-calculator.js",
  "../shared/answers.js",
  "../shared/answers-data.js",
  "../shared/answers-documents.js",
  "./calculators-draw.js",
  "../shared/engine-on-demand.js",
  "../shared/engine-config.js",
  "../shared/engine-status.js",
  "../shared/instant-integer.js",
  "./url-state.js",
];

/** True when the address asks for a calculator at once (shared link, roll, jump link). */
export function wantedNow(search, hash) {
  return Boolean(search && search.length > 1) || /^#calc/.test(hash || "");
}

/** The request a calculator's fields make as the page drew them: {calc, field: value, …}. */
export function sectionRequest(section) {
  const request = { calc: section.getAttribute("data-calc") };
  for (const el of section.querySelectorAll("[data-field]")) {
    if (!el.hasAttribute("data-noauto")) request[el.getAttribute("data-field")] = el.value;
  }
  return request;
}

/** Starts every fetch a first answer needs, in parallel: the modules, instant.js, the fields
 * and each calculator's data document (unless the reader's connection asks to save data).
 * Resolves with calculators.js. ``importer``: the page's import(), given by the caller. */
export function fetchAll(sections, win, importer, getData = prefetch) {
  const saveData = Boolean(win.navigator?.connection?.saveData);
  if (!saveData) getData(sections.map(sectionRequest));
  const modules = MODULES.map((name) => importer(name));
  return modules[0];
}

/** Mounts the loader on a document: returns a function that loads the calculators (once). */
export function mountCalculators(doc, win, importer = (name) => import(name)) {
  const sections = Array.from(doc.querySelectorAll(".gr-calc[data-calc]"));
  let loading = null;
  let loaded = false;
  const load = () => {
    if (!loading) {
      // The entry mounts the calculators once their module is there (importing mounts nothing).
      loading = fetchAll(sections, win, importer).then((calculators) => {
        calculators.mountCalculatorsPage?.();
        loaded = true;
        return calculators;
      });
    }
    return loading;
  };
  if (!sections.length) return load;
  if (
    wantedNow(win.location.search, win.location.hash) ||
    typeof win.IntersectionObserver !== "function"
  ) {
    load();
    return load;
  }
  // Before the reader scrolls, only a calculator on the screen is fetched for: the first visit
  // reads the spell first. From the first scroll on, one approaching is (APPROACH_MARGIN).
  let observer = null;
  const watch = (rootMargin) => {
    if (observer) observer.disconnect();
    if (loading) return;
    observer = new win.IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin },
    );
    // A spell page lays its rules out only near the screen (content-visibility): the rules'
    // box is there before their calculators', so it is the one watched.
    for (const section of sections) observer.observe(section.closest(".gr-spell-rules") || section);
  };
  watch("0px");
  win.addEventListener("scroll", () => watch(APPROACH_MARGIN), { once: true, passive: true });
  for (const section of sections) {
    // Until calculators.js binds it (then « idle »), a calculator says it waits for its script.
    if (!section.dataset.state) section.dataset.state = "dormant";
    section.addEventListener("focusin", load, { once: true });
    section.addEventListener("pointerdown", load, { once: true });
  }
  // A form sent before its script arrived is sent again once the calculators listen.
  doc.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (loaded || !form.closest?.(".gr-calc")) return;
      event.preventDefault();
      load().then(() => form.requestSubmit(event.submitter || undefined));
    },
    true,
  );
  return load;
}

if (typeof document !== "undefined") mountCalculators(document, window);
