// Grimoire: the calculators' Web Worker (a module worker, as Pyodide requires).
//
// Boots the self-hosted Pyodide, unpacks the engine archive (rules/ and
// widgets/bridge, built from the sources at build time) and answers
// {id, request} messages with {id, response}, where response is what
// widgets/bridge's handle() returns. No rule lives here: this file only
// moves requests in and results out.
//
// Query string of the worker URL (absolute URLs, set by calculators.js):
//   pyodide  the versioned Pyodide directory, ending with "/"
//   archive  the engine archive
//   stdlib   the standard library given to Pyodide (stdLibURL), a file of the Pyodide directory
//   files    the Pyodide files to check, comma-separated (widgets/packaging.py's list)
// Messages posted besides answers: {type: "progress", stage, bytes, pending}
// (bytes downloaded so far, downloads under way: the main thread treats a long
// silence with downloads under way as a stalled download), {type: "ready", ms},
// {type: "error", message} (the main thread then shows its fallback).

const params = new URL(self.location.href).searchParams;
const indexURL = params.get("pyodide");
const archiveURL = params.get("archive");
const stdlibName = params.get("stdlib");

// Pyodide's loadPyodide() can wait forever when one of these is missing (a
// missing .wasm never settles), so each one is checked first, in parallel
// with the boot itself: a missing file is reported at once.
const CORE_FILES = (params.get("files") || "").split(",").filter(Boolean);

const started = performance.now();

function post(message) {
  self.postMessage(message);
}

// Count the bytes of every download (Pyodide's own fetches included) and the
// downloads under way, so the page can show progress and tell a stalled
// download (downloads under way, no byte for a long time) from the engine
// working (nothing left to download).
let received = 0;
let pending = 0;
let lastPost = 0;

function progress(force) {
  const now = performance.now();
  if (force || now - lastPost > 100) {
    lastPost = now;
    post({ type: "progress", stage: "download", bytes: received, pending });
  }
}

function settled() {
  pending -= 1;
  progress(true);
}

const realFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  pending += 1;
  progress(true);
  let response;
  try {
    response = await realFetch(input, init);
  } catch (error) {
    settled();
    throw error;
  }
  if (!response.body || (init && init.method === "HEAD")) {
    settled();
    return response;
  }
  const reader = response.body.getReader();
  let open = true;
  const close = () => {
    if (open) {
      open = false;
      settled();
    }
  };
  const body = new ReadableStream({
    async pull(controller) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (error) {
        close();
        throw error;
      }
      if (chunk.done) {
        close();
        controller.close();
        return;
      }
      received += chunk.value.byteLength;
      progress(false);
      controller.enqueue(chunk.value);
    },
    cancel(reason) {
      close();
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};

// A module import counts as a download under way (its bytes cannot be counted).
async function importCounted(url) {
  pending += 1;
  progress(true);
  try {
    return await import(url);
  } finally {
    settled();
  }
}

async function checkFile(url) {
  let response;
  try {
    response = await fetch(url, { method: "HEAD" });
  } catch {
    console.warn("[moteur] inaccessible :", url);
    throw new Error("fichier du moteur inaccessible");
  }
  // Some static hosts refuse HEAD; only a clear "not there" counts as missing.
  if (!response.ok && response.status !== 405 && response.status !== 501) {
    console.warn("[moteur] manquant (" + response.status + ") :", url);
    throw new Error("fichier du moteur manquant sur le site (" + response.status + ")");
  }
}

async function fetchArchive() {
  let response;
  try {
    response = await fetch(archiveURL);
  } catch {
    console.warn("[moteur] inaccessible :", archiveURL);
    throw new Error("archive du moteur inaccessible");
  }
  if (!response.ok) {
    console.warn("[moteur] manquant (" + response.status + ") :", archiveURL);
    throw new Error("archive du moteur manquante sur le site (" + response.status + ")");
  }
  return response.arrayBuffer();
}

async function boot() {
  // Pyodide imports its Emscripten module itself; importing it here too (the
  // same URL, so the same module) lets the page see that download under way.
  // loadPyodide is called as soon as its small loader arrives: it asks for the
  // WebAssembly binary, the standard library and the lock file at once, while
  // the Emscripten module still downloads (not after it).
  const emscripten = importCounted(indexURL + "pyodide.asm.mjs");
  emscripten.catch(() => {}); // loadPyodide reports the same failure
  const module = await importCounted(indexURL + "pyodide.mjs");
  return module.loadPyodide({
    indexURL: indexURL,
    // Only the modules the engine, the bridge and Pyodide's boot import (widgets/stdlib.py).
    stdLibURL: indexURL + stdlibName,
    // Quiet: the bridge prints only unexpected tracebacks, to the console.
    stdout: () => {},
    stderr: (text) => console.warn("[moteur]", text),
  });
}

const ready = (async () => {
  if (!indexURL || !archiveURL || !stdlibName || !CORE_FILES.length) {
    throw new Error("configuration du moteur incomplète");
  }
  progress(true);
  // The downloads first, the checks (small requests) after them.
  const pyodide = boot();
  const archive = fetchArchive();
  const checks = Promise.all(CORE_FILES.map((name) => checkFile(indexURL + name)));
  // Avoid "unhandled rejection" noise when a check fails first.
  archive.catch(() => {});
  pyodide.catch(() => {});
  await checks;
  const [py, buffer] = await Promise.all([pyodide, archive]);
  const booted = performance.now();
  post({ type: "progress", stage: "engine", bytes: received, pending: 0 });
  py.unpackArchive(buffer, "zip", { extractDir: "/grimoire" });
  py.runPython("import sys\nif '/grimoire' not in sys.path: sys.path.insert(0, '/grimoire')");
  const bridge = py.pyimport("widgets.bridge");
  const handleJson = bridge.handle_json;
  const now = performance.now();
  // Timings (ms since the worker started): Pyodide booted, then our own part
  // (unpacking the engine archive, importing rules/ and the bridge).
  post({
    type: "ready",
    ms: Math.round(now - started),
    pyodideMs: Math.round(booted - started),
    engineMs: Math.round(now - booted),
  });
  return handleJson;
})();

ready.catch((error) => {
  post({ type: "error", message: String(error?.message || error) });
});

self.onmessage = async (event) => {
  const data = event.data || {};
  const id = data.id;
  let handleJson;
  try {
    handleJson = await ready;
  } catch {
    return; // already reported by the "error" message
  }
  let response;
  try {
    response = JSON.parse(handleJson(JSON.stringify(data.request)));
  } catch (error) {
    console.error(error);
    response = {
      ok: false,
      errors: [
        { field: null, message: "Le calcul n'a pas pu être fait (erreur du moteur de calcul)." },
      ],
    };
  }
  post({ id: id, response: response });
};
