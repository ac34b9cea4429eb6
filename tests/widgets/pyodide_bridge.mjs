// Boots the pinned Pyodide of node_modules in Node with a given standard library, unpacks the
// engine archive and imports the bridge as the calculators' worker does, then answers requests.
//
//   node pyodide_bridge.mjs STDLIB_ZIP ENGINE_ZIP REQUESTS_JSON
//
// REQUESTS_JSON: {"texts": [JSON texts given to bridge.handle_json], "failing": request}
// ("failing" is answered once more with rules.study_odds raising, the path of an unexpected
// error). Prints {"answers": [texts], "failing": text, "stderr": text, "files": [the files of
// the standard library archive that Python imported, sorted]}.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [stdlib, engine, requestsFile] = process.argv.slice(2);
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

let stderr = "";
const py = await loadPyodide({
  indexURL: join(root, "node_modules", "pyodide") + "/",
  stdLibURL: stdlib,
  stdout: () => {},
  stderr: (text) => {
    stderr += text + "\n";
  },
});
py.unpackArchive(new Uint8Array(readFileSync(engine)), "zip", { extractDir: "/grimoire" });
py.runPython("import sys\nif '/grimoire' not in sys.path: sys.path.insert(0, '/grimoire')");
const bridge = py.pyimport("widgets.bridge");
const { texts, failing } = JSON.parse(readFileSync(requestsFile, "utf8"));
const answers = texts.map((text) => bridge.handle_json(text));
py.globals.set("failing_text", JSON.stringify(failing));
const failed = py.runPython(`
import rules
from widgets import bridge

def _refuse(*args, **kwargs):
    raise ZeroDivisionError("oops")

_kept, rules.study_odds = rules.study_odds, _refuse
try:
    _answer = bridge.handle_json(failing_text)
finally:
    rules.study_odds = _kept
_answer
`);
const files = py
  .runPython(`
import json, sys
_archive = "/lib/python%d%d.zip/" % sys.version_info[:2]
json.dumps(sorted({
    module.__spec__.origin[len(_archive):]
    for module in list(sys.modules.values())
    if getattr(module, "__spec__", None) is not None
    and isinstance(module.__spec__.origin, str) and module.__spec__.origin.startswith(_archive)
}))
`);
process.stdout.write(
  JSON.stringify({ answers, failing: failed, stderr, files: JSON.parse(files) })
);
