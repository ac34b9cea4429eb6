// Grimoire: when the offline copy may download: after the load event, the first answers of the
// calculators in view, and an idle moment. Every wait is bounded.

/** Longest wait for the calculators in view to show their first answers. */
export const FIRST_ANSWERS_MS = 10000;
/** Longest wait for the browser to be idle once the rest is done. */
export const IDLE_MS = 5000;

/**
 * True when a box (from getBoundingClientRect) is in plain view in a viewport: whole, or over
 * half the viewport's height (a calculator only peeking at the bottom is not waited for).
 */
export function inView(rect, width, height) {
  if (rect.width <= 0 || rect.height <= 0 || rect.right <= 0 || rect.left >= width) return false;
  const visible = Math.min(rect.bottom, height) - Math.max(rect.top, 0);
  return visible > 0 && visible >= Math.min(rect.height, height / 2);
}

/** The calculators the reader can see that have not answered yet. */
export function unanswered(doc, win) {
  return [...doc.querySelectorAll(".gr-calc[data-calc]")].filter(
    (section) =>
      !section.hasAttribute("data-result") &&
      inView(section.getBoundingClientRect(), win.innerWidth, win.innerHeight),
  );
}

/** Resolves once the page's load event has fired. */
export function loaded(doc, win) {
  if (doc.readyState === "complete") return Promise.resolve();
  return new Promise((resolve) => win.addEventListener("load", () => resolve(), { once: true }));
}

/** Resolves once every calculator in view has answered, or after ``timeoutMs``. */
export function firstAnswers(doc, win, timeoutMs = FIRST_ANSWERS_MS) {
  const waiting = unanswered(doc, win);
  if (!waiting.length) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new win.MutationObserver(() => {
      if (waiting.every((section) => section.hasAttribute("data-result"))) done();
    });
    const timer = win.setTimeout(done, timeoutMs);
    function done() {
      observer.disconnect();
      win.clearTimeout(timer);
      resolve();
    }
    for (const section of waiting) {
      observer.observe(section, { attributes: true, attributeFilter: ["data-result"] });
    }
  });
}

/** Resolves when the browser is idle (requestIdleCallback), at the latest after ``timeoutMs``. */
export function idle(win, timeoutMs = IDLE_MS) {
  return new Promise((resolve) => {
    if (typeof win.requestIdleCallback === "function") {
      win.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    } else {
      win.setTimeout(resolve, 0);
    }
  });
}

/** The page, then what it needs, then this: load, the first answers in view, an idle moment. */
export async function whenIdle(doc, win) {
  await loaded(doc, win);
  await firstAnswers(doc, win);
  await idle(win);
}
