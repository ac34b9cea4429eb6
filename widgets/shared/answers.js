// Grimoire: the rules' answers in the browser, one reader for every room (the calculators, the
// spellbook, the offline panel). A request such as {calc: "progression", ...} is refused or
// answered from the build's data (answers-data.js, instant.js) when they hold it, else by the
// page's one engine (engine-on-demand.js), which starts only then. No rule of the game lives here.

import { documentWithin, fieldsDoc, instant, lookUp } from "./answers-data.js";
import config from "./engine-config.js";
import { engine } from "./engine-on-demand.js";

// Longest wait for a data document before the engine answers instead (the data keeps loading
// for the next requests): widgets/packaging.py, DATA_WAIT_MS.
export const DATA_WAIT_MS = config.dataWaitMs;

/** The bridge's answer to ``request``: a refusal or an answer from the build's data when it has
 * them, else the engine's (null when the engine could not be loaded). */
export async function answer(request) {
  const doc =
    request && typeof request.calc === "string"
      ? await documentWithin(request, DATA_WAIT_MS)
      : null;
  const fields = fieldsDoc();
  const errors = fields && instant ? instant.check(fields, request) : null;
  if (errors?.length) return { ok: false, errors };
  const found = errors ? lookUp(doc, request) : null;
  return found || engine.request(request);
}

/** For the rooms' modules: the answers and the engine's state. */
export const answers = {
  request: answer,
  // Subscribe to engine state changes: listener(state, reason).
  onState: (listener) => engine.subscribe(listener),
  engineState: () => engine.state,
  // Worker timings once ready: {ready, pyodide, engine} in ms.
  engineTimings: () => engine.timings,
  // How many times a computation that ran too long restarted the engine.
  engineRestarts: () => engine.restarts,
};
