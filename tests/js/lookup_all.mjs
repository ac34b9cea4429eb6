// Answers every request of a JSON file as the page would, without the engine:
// node tests/js/lookup_all.mjs <fields.json> <document.json|-> <requests.json>
// Prints a JSON list of {errors, answer}: check()'s errors (null when only the engine can say)
// and lookup()'s answer (null where the document has none; "-": no document). Used by
// tests/widgets/test_widgets_instant.py to compare with widgets/bridge.py.
import { readFileSync } from "node:fs";
import { check, lookup } from "../../widgets/shared/instant.js";

const read = (name) => JSON.parse(readFileSync(name, "utf8"));
const fields = read(process.argv[2]);
const doc = process.argv[3] === "-" ? null : read(process.argv[3]);
const requests = read(process.argv[4]);
const out = requests.map((request) => ({
  errors: check(fields, request),
  answer: doc ? lookup(doc, request, fields.integer) : null,
}));
process.stdout.write(
  JSON.stringify(out, (_key, value) => (typeof value === "bigint" ? value.toString() : value)),
);
