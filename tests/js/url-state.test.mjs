import { test } from "node:test";
import assert from "node:assert/strict";
import {
  readState,
  writeState,
  stateKey,
  tooLongMessage,
  MAX_FIELD_CHARS,
  withoutOthers,
  calculatorLink,
} from "../../widgets/calculators/static/url-state.js";

test("keys are prefixed", () => {
  assert.equal(stateKey("lancer", "magie"), "lancer-magie");
});

test("a written state reads back, other keys kept", () => {
  const search = writeState("?autre=1", "lancer", { magie: "6", apprentissage: "3" }, [
    "graine",
    42,
  ]);
  assert.deepEqual(
    readState(search, "lancer", ["magie", "apprentissage", "graine", "modificateur"]),
    { magie: "6", apprentissage: "3", graine: "42" },
  );
  assert.equal(new URLSearchParams(search).get("autre"), "1");
});

test("a null seed removes the seed", () => {
  const search = writeState("?lancer-graine=7", "lancer", { magie: "1" }, ["graine", null]);
  assert.equal(new URLSearchParams(search).has("lancer-graine"), false);
});

test("values are encoded, never interpreted", () => {
  const search = writeState("", "etude", { p: "3/4 & <b>" }, null);
  assert.deepEqual(readState(search, "etude", ["p"]), { p: "3/4 & <b>" });
});

test("an empty state gives an empty query", () => {
  assert.equal(writeState("", "x", {}, null), "");
});

test("the too-long message is French and names the limit", () => {
  assert.match(
    tooLongMessage("Chance"),
    new RegExp("^Chance : valeur trop longue \\(plus de " + MAX_FIELD_CHARS + " caractères\\)\\.$"),
  );
});

test("a calculator's link carries its values only, and whatever else the address held", () => {
  const search = "?lancer-magie=6&progression-xp=4&etude-p=1%2F2&texte=vol&lancer-de=3";
  assert.equal(
    withoutOthers(search, "lancer", ["lancer", "progression", "etude", "duel"]),
    "?lancer-magie=6&texte=vol&lancer-de=3",
  );
  assert.equal(withoutOthers("?etude-p=1", "lancer", ["lancer", "etude"]), "");
});

test("a calculator's link: its values and seeds, no other calculator's, its heading", () => {
  const location = {
    pathname: "/calculateurs/",
    search: "?duel-magie=2&lancer-graine=9",
    hash: "",
  };
  assert.equal(
    calculatorLink(
      location,
      "lancer",
      { magie: "6" },
      [
        ["de", 4],
        ["graine", null],
      ],
      {
        prefixes: ["lancer", "duel"],
        heading: "lancer-titre",
      },
    ),
    "/calculateurs/?lancer-magie=6&lancer-de=4#lancer-titre",
  );
});
