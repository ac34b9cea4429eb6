import { test } from "node:test";
import assert from "node:assert/strict";
import { Engine, REQUEST_TIMEOUT_MESSAGE } from "../../widgets/shared/engine.js";

// A stand-in for the engine's Web Worker: records what it is sent; the test
// plays the worker's part by calling emit().
const created = [];
class FakeWorker {
  constructor(url, options) {
    this.url = url;
    this.options = options;
    this.sent = [];
    this.terminated = false;
    created.push(this);
  }
  postMessage(message) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  emit(data) {
    this.onmessage({ data });
  }
}
globalThis.Worker = FakeWorker;

const CONFIG = {
  pyodide: "../pyodide/1/",
  archive: "engine-x.zip",
  downloadBytes: 2e6,
  stdlib: "python_stdlib-abc.zip",
  pyodideFiles: ["pyodide.mjs", "python_stdlib-abc.zip"],
  timeoutMs: 20000,
  bootTimeoutMs: 60000,
  requestTimeoutMs: 15000,
  deadlineMs: 240000,
};

function engine(extra) {
  created.length = 0;
  return new Engine({ ...CONFIG, ...extra }, "http://site.test/assets/shared/");
}

function stateReached(e, wanted) {
  return new Promise((resolve) => {
    if (e.state === wanted) resolve(e.reason);
    e.subscribe((state, reason) => state === wanted && resolve(reason));
  });
}

test("a module worker with the Pyodide and archive locations", () => {
  const e = engine();
  e.start();
  assert.equal(created.length, 1);
  assert.deepEqual(created[0].options, { type: "module" });
  const url = new URL(created[0].url);
  assert.equal(url.pathname, "/assets/shared/engine-worker.js");
  assert.equal(url.searchParams.get("pyodide"), "http://site.test/assets/pyodide/1/");
  assert.equal(url.searchParams.get("archive"), "http://site.test/assets/shared/engine-x.zip");
  assert.equal(url.searchParams.get("stdlib"), "python_stdlib-abc.zip");
  assert.equal(url.searchParams.get("files"), "pyodide.mjs,python_stdlib-abc.zip");
  e.fail("fin du test");
});

test("a configuration without its standard library is refused before any download", () => {
  const e = engine({ stdlib: "" });
  e.start();
  assert.equal(created.length, 0);
  assert.equal(e.state, "failed");
  assert.equal(e.reason, "configuration du moteur absente");
});

test("a download that trickles forever meets the overall deadline, said in French", async () => {
  const e = engine({ timeoutMs: 40, deadlineMs: 120 });
  e.start();
  // One byte every 20 ms: never a stall, never done.
  let bytes = 0;
  const trickle = setInterval(
    () => created[0].emit({ type: "progress", stage: "download", bytes: ++bytes, pending: 1 }),
    20,
  );
  const reason = await stateReached(e, "failed");
  clearInterval(trickle);
  assert.equal(reason, "téléchargement trop lent : moteur pas prêt après 0 min");
  assert.equal(created[0].terminated, true);
});

test("without a complete configuration the engine does not start", () => {
  const e = engine({ deadlineMs: undefined });
  e.start();
  assert.equal(created.length, 0);
  assert.equal(e.state, "failed");
});

test("progress is shown in French with the bytes received", () => {
  const e = engine();
  e.start();
  created[0].emit({ type: "progress", stage: "download", bytes: 500000, pending: 2 });
  assert.equal(
    e.loadingText(),
    "Chargement du moteur de calcul (0,5\u00a0Mo sur 2,0\u00a0Mo)\u2026",
  );
  created[0].emit({ type: "progress", stage: "engine", bytes: 2e6, pending: 0 });
  assert.equal(e.loadingText(), "Préparation du moteur de calcul\u2026");
  e.fail("fin du test");
});

test("a stalled download fails with a French reason", async () => {
  const e = engine({ timeoutMs: 30, bootTimeoutMs: 5000 });
  const pending = e.request({ calc: "duel" });
  created[0].emit({ type: "progress", stage: "download", bytes: 10, pending: 1 });
  const reason = await stateReached(e, "failed");
  assert.match(reason, /^téléchargement interrompu : rien reçu depuis \d+ s$/);
  assert.equal(await pending, null); // the waiting request is released
  assert.equal(created[0].terminated, true);
});

test("nothing left to download: the engine's own start has the longer budget", async () => {
  const e = engine({ timeoutMs: 20, bootTimeoutMs: 60 });
  e.start();
  created[0].emit({ type: "progress", stage: "download", bytes: 10, pending: 0 });
  const started = Date.now();
  const reason = await stateReached(e, "failed");
  assert.equal(reason, "moteur pas prêt après 0 s");
  assert.ok(Date.now() - started >= 50);
});

test("a request that never returns restarts the engine and says so", async () => {
  const e = engine({ requestTimeoutMs: 30 });
  const answer = e.request({ calc: "duel" }); // sent while booting: its clock starts at ready
  created[0].emit({ type: "ready", ms: 1, pyodideMs: 1, engineMs: 0 });
  assert.deepEqual(await answer, {
    ok: false,
    errors: [{ field: null, message: REQUEST_TIMEOUT_MESSAGE }],
  });
  assert.equal(created[0].terminated, true);
  assert.equal(created.length, 2); // a fresh worker boots
  assert.equal(e.restarts, 1);
  assert.equal(e.state, "loading");
  e.fail("fin du test");
});

test("answers reach the request they belong to", async () => {
  const e = engine({ requestTimeoutMs: 1000 });
  e.start();
  created[0].emit({ type: "ready", ms: 1 });
  const first = e.request({ calc: "cast" });
  const second = e.request({ calc: "study" });
  const [a, b] = created[0].sent;
  created[0].emit({ id: b.id, response: { ok: true, calc: "study" } });
  created[0].emit({ id: a.id, response: { ok: true, calc: "cast" } });
  assert.equal((await first).calc, "cast");
  assert.equal((await second).calc, "study");
  e.fail("fin du test");
});

test("without configuration the engine fails at once", async () => {
  const e = new Engine(null, "http://site.test/");
  assert.equal(await e.request({ calc: "cast" }), null);
  assert.equal(e.state, "failed");
  assert.equal(e.reason, "configuration du moteur absente");
});
