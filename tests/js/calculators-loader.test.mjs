import assert from "node:assert/strict";
import test from "node:test";

import { mountCalculators, wantedNow } from "../../widgets/static/calculators-loader.js";

test("a shared calculator, a roll or a jump link asks for the calculators at once", () => {
  assert.equal(wantedNow("?lancer-magie=4", ""), true);
  assert.equal(wantedNow("", "#calc-duel"), true);
  assert.equal(wantedNow("", ""), false);
  assert.equal(wantedNow("?", "#niveau-2"), false);
});

test("a page without calculators loads nothing and observes nothing", () => {
  let observed = 0;
  const doc = { querySelectorAll: () => [], addEventListener: () => {} };
  const win = {
    location: { search: "?x=1", hash: "" },
    IntersectionObserver: class {
      observe() {
        observed += 1;
      }
    },
  };
  assert.equal(typeof mountCalculators(doc, win), "function");
  assert.equal(observed, 0);
});

test("calculators far from the screen are only observed, a margin ahead", () => {
  const seen = [];
  let options = null;
  const section = { dataset: {}, addEventListener: (name) => seen.push(name) };
  const doc = {
    querySelectorAll: () => [section],
    addEventListener: (name) => seen.push(`doc:${name}`),
  };
  const win = {
    location: { search: "", hash: "" },
    IntersectionObserver: class {
      constructor(_callback, opts) {
        options = opts;
      }
      observe(target) {
        seen.push(target === section ? "observe" : "?");
      }
    },
  };
  mountCalculators(doc, win);
  assert.deepEqual(seen.sort(), ["doc:submit", "focusin", "observe", "pointerdown"]);
  assert.match(options.rootMargin, /^\d+px/);
  assert.equal(section.dataset.state, "dormant");
});
