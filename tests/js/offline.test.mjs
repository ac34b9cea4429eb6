// The offline copy's pure parts: what the panel says, when a page counts as idle. The modules are
// imported as the site serves them (assets/site/ beside assets/widgets/), from the served copy.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { servedModule } from "./served.mjs";

let text, idle;

before(async () => {
  text = await servedModule("assets/site/offline-text.js");
  idle = await servedModule("assets/site/offline-idle.js");
});

const SUMMARY = {
  background: { bytes: 2_400_000, spells: 150 },
  all: { bytes: 11_800_000, spells: 1100 },
};
const ENGINE_ABSENT = { cached: 0, total: 5, bytes: 13_400_000, cachedBytes: 0 };
const PARTIAL = {
  cached: 210,
  total: 1150,
  background: 210,
  cachedBytes: 2_400_000,
  bytes: 11_800_000,
  spells: 1100,
  cachedSpells: 150,
};

function view(changes) {
  return {
    phase: "ready",
    summary: SUMMARY,
    pages: null,
    pagesJob: null,
    engine: null,
    engineBytes: 13_400_000,
    engineJob: null,
    online: true,
    ...changes,
  };
}

test("saving data: nothing downloaded, the copy's size said, a button to get it anyway", () => {
  const shown = text.describe(view({ phase: "saving" }));
  assert.equal(shown.state, "saving");
  assert.match(shown.status, /^Économie de données activée/);
  assert.match(shown.status, /environ 2,4\u00a0Mo/);
  assert.equal(shown.pagesButton, "Télécharger pour hors ligne (2,4\u00a0Mo)");
  assert.equal(shown.engineButton, null);
});

test("before the page is idle, the panel says when the copy comes", () => {
  const shown = text.describe(view({ phase: "waiting" }));
  assert.equal(shown.state, "waiting");
  assert.match(shown.status, /quand la page sera au repos/);
  assert.equal(shown.pagesButton, null);
});

test("part of the spells kept: the rest offered with its size, then its progress", () => {
  const shown = text.describe(view({ pages: PARTIAL, engine: ENGINE_ABSENT }));
  assert.equal(shown.state, "ready");
  assert.equal(shown.complete, false);
  assert.match(shown.status, /150 fiches de sorts sur 1100/);
  assert.equal(shown.pagesButton, "Tout télécharger pour hors ligne (9,4\u00a0Mo)");
  const running = text.describe(view({ pages: PARTIAL, pagesJob: { loaded: 5e6, total: 11.8e6 } }));
  assert.deepEqual(running.pagesProgress, { value: 5e6, max: 11.8e6 });
  assert.equal(running.pagesButton, null);
  assert.match(running.status, /5,0\u00a0Mo sur 11,8\u00a0Mo/);
  const failed = text.describe(view({ pages: PARTIAL, pagesJob: "error" }));
  assert.match(failed.status, /^Téléchargement interrompu/);
  assert.ok(failed.pagesButton);
});

test("every page kept: said with the copy's size, nothing more offered", () => {
  const all = { ...PARTIAL, cached: 1150, cachedBytes: PARTIAL.bytes, cachedSpells: 1100 };
  const shown = text.describe(view({ pages: all, engine: { ...ENGINE_ABSENT, cached: 5 } }));
  assert.equal(shown.complete, true);
  assert.match(shown.status, /^Toutes les pages du Grimoire sont enregistrées .*11,8\u00a0Mo/);
  assert.equal(shown.pagesButton, null);
  assert.equal(shown.engine, "cached");
  assert.equal(shown.engineText, "Les calculateurs fonctionnent aussi hors ligne.");
});

test("offline without the engine: said, pointing to « Disponible hors ligne »", () => {
  const shown = text.describe(view({ pages: PARTIAL, engine: ENGINE_ABSENT, online: false }));
  assert.equal(shown.engine, "absent");
  assert.match(shown.engineText, /^Hors ligne, sans le moteur de calcul/);
  assert.match(shown.engineText, /« Disponible hors ligne \(13,4\u00a0Mo\) »/);
  assert.equal(shown.engineButton, "Disponible hors ligne (13,4\u00a0Mo)");
});

test("no message names a file or an address", () => {
  const views = [
    view({ phase: "saving" }),
    view({ phase: "waiting" }),
    view({ phase: "installing" }),
    view({ pages: PARTIAL, engine: ENGINE_ABSENT }),
    view({ pages: PARTIAL, pagesJob: "error" }),
    view({ pages: PARTIAL, engine: ENGINE_ABSENT, engineJob: "error" }),
    view({ pages: PARTIAL, engine: ENGINE_ABSENT, online: false }),
  ];
  for (const shown of views.map(text.describe)) {
    for (const words of [shown.status, shown.engineText, shown.pagesButton, shown.engineButton]) {
      assert.doesNotMatch(String(words), /\.(js|json|wasm|zip|mjs|html)\b|\/|https?:/);
    }
  }
});

test("a calculator counts as in view when whole, or over half the viewport's height", () => {
  const box = (top, height) => ({
    top,
    bottom: top + height,
    left: 16,
    right: 344,
    width: 328,
    height,
  });
  assert.equal(idle.inView(box(100, 300), 360, 740), true);
  assert.equal(idle.inView(box(635, 890), 360, 740), false); // peeking at the bottom
  assert.equal(idle.inView(box(300, 1300), 360, 740), true);
  assert.equal(idle.inView(box(800, 100), 360, 740), false);
  assert.equal(idle.inView(box(-900, 1000), 360, 740), false);
  assert.equal(
    idle.inView({ top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 }, 360, 740),
    false,
  );
});

// A window and document standing in for the page's: events and idle callbacks run when told.
function fakePage({ readyState = "loading", sections = [] } = {}) {
  const listeners = {};
  const idleCallbacks = [];
  const timers = [];
  const observers = [];
  const win = {
    innerWidth: 360,
    innerHeight: 740,
    addEventListener: (name, fn) => {
      listeners[name] = listeners[name] || [];
      listeners[name].push(fn);
    },
    requestIdleCallback: (fn) => idleCallbacks.push(fn),
    setTimeout: (fn) => timers.push(fn),
    clearTimeout: () => {},
    MutationObserver: class {
      constructor(fn) {
        this.fn = fn;
        observers.push(this);
      }
      observe() {}
      disconnect() {
        this.fn = () => {};
      }
    },
  };
  const doc = { readyState, querySelectorAll: () => sections };
  return { win, doc, listeners, idleCallbacks, timers, observers };
}

function section(top) {
  const attributes = new Set();
  return {
    attributes,
    hasAttribute: (name) => attributes.has(name),
    getBoundingClientRect: () => ({
      top,
      bottom: top + 400,
      left: 0,
      right: 360,
      width: 360,
      height: 400,
    }),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

test("idle waits for the load event, then for the browser to be idle", async () => {
  const page = fakePage();
  let done = false;
  idle.whenIdle(page.doc, page.win).then(() => {
    done = true;
  });
  await turn();
  assert.equal(page.idleCallbacks.length, 0); // not before the load event
  for (const fn of page.listeners.load) fn();
  await turn();
  assert.equal(done, false);
  assert.equal(page.idleCallbacks.length, 1);
  page.idleCallbacks[0]();
  await turn();
  assert.equal(done, true);
});

test("idle waits for the first answers of the calculators in view, within a bound", async () => {
  const shown = section(100);
  const below = section(2000);
  const page = fakePage({ readyState: "complete", sections: [shown, below] });
  idle.whenIdle(page.doc, page.win);
  await turn();
  assert.equal(page.idleCallbacks.length, 0); // the calculator in view has not answered
  shown.attributes.add("data-result");
  page.observers[0].fn();
  await turn();
  assert.equal(page.idleCallbacks.length, 1); // the one below the fold is not waited for

  const silent = fakePage({ readyState: "complete", sections: [section(0)] });
  idle.whenIdle(silent.doc, silent.win);
  await turn();
  assert.equal(silent.idleCallbacks.length, 0);
  assert.equal(silent.timers.length, 1); // the bound
  silent.timers[0]();
  await turn();
  assert.equal(silent.idleCallbacks.length, 1);
});
