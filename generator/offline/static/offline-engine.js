// Grimoire: once the calculators' engine has booted on a page, its Pyodide files are kept for
// offline use (the service worker stores them: « Disponible hors ligne » without a tap).

/** Calls ``onReady`` once, when the page's engine is ready; nothing on a page without one. */
export async function afterEngineBoot(root, onReady) {
  if (!root.querySelector(".gr-calc, .gr-book")) return; // no engine on this page
  // The rules' answers of the page's rooms (one address: the same instance, the same engine).
  let calculators;
  try {
    ({ answers: calculators } = await import("../shared/answers.js"));
  } catch {
    return; // no calculators, nothing to keep
  }
  let done = false;
  const check = (state) => {
    if (done || state !== "ready") return;
    done = true;
    onReady();
  };
  calculators.onState(check);
  check(calculators.engineState());
}
