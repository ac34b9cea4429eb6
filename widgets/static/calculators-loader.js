// Grimoire: the page's entry for its calculators. calculators.js (the lookup, the drawing and
// the engine's door) is fetched only when a reader may use it: a calculator near the screen,
// a calculator state or roll in the address, or a calculator touched. A reader who only reads
// the spell never downloads it.

/** Distance from the screen at which a calculator's script is fetched (one screen ahead). */
export const APPROACH_MARGIN = "800px 0px";

/** True when the address asks for a calculator at once (shared link, roll, jump link). */
export function wantedNow(search, hash) {
  return Boolean(search && search.length > 1) || /^#calc/.test(hash || "");
}

/** Mounts the loader on a document: returns a function that loads the calculators (once). */
export function mountCalculators(doc, win) {
  const sections = Array.from(doc.querySelectorAll(".gr-calc[data-calc]"));
  let loading = null;
  let loaded = false;
  const load = () => {
    if (!loading) {
      loading = import("./calculators.js");
      loading.then(() => {
        loaded = true;
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
  const observer = new win.IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load();
    },
    { rootMargin: APPROACH_MARGIN },
  );
  for (const section of sections) {
    // Until calculators.js binds it (then « idle »), a calculator says it waits for its script.
    if (!section.dataset.state) section.dataset.state = "dormant";
    observer.observe(section);
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
