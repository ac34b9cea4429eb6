// Answers every request of a JSON file from an instant data document, as the
// page would: node tests/js/lookup_all.mjs <document.json> <requests.json> [no-random]
// (no-random: without pyrandom.js, as before the page's first roll).
// Prints a JSON list (null where the document has no answer). Used by
// tests/widgets/test_widgets_instant.py to compare with widgets/bridge.py.
import { readFileSync } from "node:fs";
import { lookup } from "../../widgets/static/instant.js";
import * as random from "../../widgets/static/pyrandom.js";

const doc = JSON.parse(readFileSync(process.argv[2], "utf8"));
const requests = JSON.parse(readFileSync(process.argv[3], "utf8"));
const draw = () => {
  throw new Error("a seed was drawn");
};
process.stdout.write(JSON.stringify(requests.map((request) => lookup(doc, request, draw, process.argv[4] === "no-random" ? null : random))));
