/* Grimoire — the service worker: the compendium offline.
 *
 * Written into the site by generator/offline (generator/offline/__init__.py) from generator/offline/sw.js, after
 * MkDocs has built it: do not edit site/sw.js by hand. Every URL is relative to this file, whose
 * folder is the site root (the scope), so the site works under any sub-path.
 *
 * One build = one version = one cache, « grimoire-pages-<version> », holding the files the pages
 * of that build read (MANIFEST.precache: the shared files first, then the spell pages). Each file
 * is checked against the content hash the build wrote here before it is stored, so every stored
 * file belongs to this version. Installing a version downloads its background set (the first
 * MANIFEST.background files: every shared file, then the spell pages that fit the build's
 * budget), or every file when the reader asked for all of them (« Tout télécharger pour hors
 * ligne »); a file of the version fetched later from the network (a spell page opened online) is
 * kept too. The page registers this worker only once it is idle, and not at all when the browser
 * asks to save data (offline.js). Requests are answered from the cache of the version that
 * controls the page, never from another one. A new version waits until no page uses the old one,
 * or until the reader asks for it (« Nouvelle version disponible — recharger »): it then takes
 * over, deletes the old caches, and every open page reloads (offline.js).
 *
 * The Pyodide core files (large) are not precached: they go to « grimoire-moteur-<version> »
 * after the first successful boot of the engine, or when the reader asks for it
 * (« Disponible hors ligne »), with progress messages. HEAD requests (the engine checks its
 * files with HEAD before booting) are answered from the caches when possible, else go to the
 * network.
 *
 * Messages (postMessage, answered on the MessagePort given, else to the sender):
 *   {type: "status"}       → {type: "status", version,
 *                             pages: {cached, total, background, cachedBytes, bytes, spells, cachedSpells},
 *                             engine: {cached, total, bytes, cachedBytes}}
 *   {type: "cache-engine"} → {type: "engine", state: "progress", loaded, total} …
 *                             then {type: "engine", state: "done" | "error"}
 *   {type: "cache-all"}    → {type: "pages", state: "progress", loaded, total} …
 *                             then {type: "pages", state: "done" | "error"}
 *   {type: "skip-waiting"} → this (waiting) version takes over now.
 */

const MANIFEST = /*@MANIFEST@*/ null;
const PREFIX = "grimoire-";
const PAGES = PREFIX + "pages-" + MANIFEST.version;
const ENGINE = PREFIX + "moteur-" + MANIFEST.engine.version;
const SCOPE = self.registration.scope;
const PARALLEL = 6;

const PRECACHE = new Map(
  MANIFEST.precache.map((entry, index) => [entry[0], { hash: entry[1], size: entry[2], index }]),
);
const BACKGROUND = MANIFEST.precache.slice(0, MANIFEST.background);
const ENGINE_FILES = new Map(
  MANIFEST.engine.files.map((entry) => [entry[0], { hash: entry[1], size: entry[2] }]),
);
// Stored in the pages' cache once the reader asked for every file: the next versions keep them all.
const ALL_WANTED = "grimoire-hors-ligne-complet";

function absolute(key) {
  return new URL(key, SCOPE).href;
}

// The key of a URL in the lists above: relative to the scope, without query nor fragment;
// « …/index.html » is its folder's page. Null outside the scope.
function keyOf(url) {
  const href = url.origin + url.pathname;
  if (!href.startsWith(SCOPE)) return href + "/" === SCOPE ? "./" : null;
  let key = href.slice(SCOPE.length);
  if (key === "" || key === "index.html") return "./";
  if (key.endsWith("/index.html")) key = key.slice(0, -"index.html".length);
  return key;
}

// True when ``buffer``'s SHA-256 starts with the build's ``hash`` (hexadecimal).
async function matches(buffer, hash) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex.slice(0, hash.length) === hash;
}

function mismatch(key) {
  return new Error("contenu inattendu pour « " + key + " » (le site change en ce moment ?)");
}

// Fetches one file of this version and checks it; the HTTP cache is tried first, then, if it
// held an older copy, the server itself.
async function fetchChecked(key, hash, onChunk) {
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(absolute(key), { cache: mode, credentials: "same-origin" });
    if (!response.ok) throw new Error("« " + key + " » : réponse " + response.status);
    const body = await readBody(response, onChunk);
    if (await matches(body, hash)) {
      // A fresh response: never a redirected one, which a navigation may not use.
      return new Response(body, {
        status: 200,
        statusText: "OK",
        headers: response.headers,
      });
    }
  }
  throw mismatch(key);
}

async function readBody(response, onChunk) {
  if (!onChunk || !response.body) return response.arrayBuffer();
  const reader = response.body.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onChunk(value.byteLength);
  }
  return new Blob(chunks).arrayBuffer();
}

async function pool(items, worker) {
  let next = 0;
  async function lane() {
    while (next < items.length) {
      const item = items[next++];
      await worker(item);
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, lane));
}

function isSpellPage(key) {
  return key.startsWith(MANIFEST.spellPages) && key !== MANIFEST.spellPages && key.endsWith("/");
}

// The URLs a cache holds (none when there is no such cache: it is not made here).
async function storedUrls(name) {
  if (!(await caches.has(name))) return new Set();
  return new Set((await (await caches.open(name)).keys()).map((request) => request.url));
}

// Puts the missing ones of these files of this version in its cache (files there were checked);
// onProgress(loaded, total) in bytes.
async function fill(entries, onProgress) {
  const cache = await caches.open(PAGES);
  const have = await storedUrls(PAGES);
  const total = entries.reduce((sum, entry) => sum + entry[2], 0);
  let loaded = 0;
  const missing = [];
  for (const entry of entries) {
    if (have.has(absolute(entry[0]))) loaded += entry[2];
    else missing.push(entry);
  }
  if (onProgress) onProgress(loaded, total);
  await pool(missing, async (entry) => {
    const response = await fetchChecked(entry[0], entry[1]);
    await cache.put(absolute(entry[0]), response);
    loaded += entry[2];
    if (onProgress) onProgress(loaded, total);
  });
}

async function pagesStatus() {
  const have = await storedUrls(PAGES);
  const status = {
    cached: 0,
    total: PRECACHE.size,
    background: BACKGROUND.length,
    cachedBytes: 0,
    bytes: 0,
    spells: 0,
    cachedSpells: 0,
  };
  for (const [key, file] of PRECACHE) {
    const cached = have.has(absolute(key));
    const spell = isSpellPage(key);
    status.bytes += file.size;
    if (spell) status.spells += 1;
    if (!cached) continue;
    status.cached += 1;
    status.cachedBytes += file.size;
    if (spell) status.cachedSpells += 1;
  }
  return status;
}

async function allWanted(cacheName) {
  return Boolean(await (await caches.open(cacheName)).match(absolute(ALL_WANTED)));
}

// A download the pages may ask for at any time (every file, the engine's files): one at a time,
// each page that asks told of its progress, then of its end ({type: kind, state: "done" |
// "error"}). ``run(emit)`` does the work and resolves once it is done.
function sharedJob(kind, run) {
  let job = null;
  const listeners = new Set();
  const emit = (message) => {
    for (const listener of listeners) {
      try {
        listener(message);
      } catch {
        /* a page that went away */
      }
    }
  };
  return (listener) => {
    if (listener) listeners.add(listener);
    if (!job) {
      job = run(emit).then(
        () => ({ type: kind, state: "done" }),
        () => ({ type: kind, state: "error" }),
      );
      job.then((result) => {
        job = null;
        emit(result);
        listeners.clear();
      });
    }
    return job;
  };
}

// « Tout télécharger pour hors ligne »: every file of this version, with progress.
const cacheAll = sharedJob("pages", async (emit) => {
  await (await caches.open(PAGES)).put(absolute(ALL_WANTED), new Response("1"));
  await fill(MANIFEST.precache, (loaded, total) =>
    emit({ type: "pages", state: "progress", loaded, total }),
  );
});

// ------------------------------------------------------------------ the engine files

async function engineStatus() {
  const have = await storedUrls(ENGINE);
  let cached = 0;
  let cachedBytes = 0;
  for (const [key, file] of ENGINE_FILES) {
    if (have.has(absolute(key))) {
      cached += 1;
      cachedBytes += file.size;
    }
  }
  return { cached, total: ENGINE_FILES.size, bytes: MANIFEST.engine.bytes, cachedBytes };
}

async function downloadEngine(emitEngine) {
  const have = await storedUrls(ENGINE);
  const cache = await caches.open(ENGINE);
  const total = MANIFEST.engine.bytes;
  let loaded = 0;
  const missing = [];
  for (const [key, file] of ENGINE_FILES) {
    if (have.has(absolute(key))) loaded += file.size;
    else missing.push([key, file]);
  }
  emitEngine({ type: "engine", state: "progress", loaded, total });
  for (const [key, file] of missing) {
    let counted = 0;
    const response = await fetchChecked(key, file.hash, (bytes) => {
      counted += bytes;
      const now = loaded + Math.min(counted, file.size);
      emitEngine({ type: "engine", state: "progress", loaded: now, total });
    });
    await cache.put(absolute(key), response);
    loaded += file.size;
  }
  emitEngine({ type: "engine", state: "progress", loaded: total, total });
}

const cacheEngine = sharedJob("engine", downloadEngine);

// ------------------------------------------------------------------ life cycle

// What an older version kept offline (engine, every page): kept so, never blocking the update.
async function keptOffline() {
  const kept = { engine: false, all: false };
  for (const name of await caches.keys()) {
    const older = name !== ENGINE && name !== PAGES;
    if (older && name.startsWith(PREFIX + "moteur-"))
      kept.engine ||= (await (await caches.open(name)).keys()).length > 0;
    if (older && name.startsWith(PREFIX + "pages-")) kept.all ||= await allWanted(name);
  }
  return kept;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await fill(BACKGROUND); // a failure keeps the current version, and this one is retried later
      const kept = await keptOffline();
      if (kept.all) await cacheAll(null);
      if (kept.engine) await cacheEngine(null);
      if (!self.registration.active) await self.skipWaiting(); // a first visit: nothing to mix
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      try {
        await fill(BACKGROUND); // complete, if an older version's clean-up removed part of it
      } catch {
        /* offline: what is missing will come from the network */
      }
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== PAGES && name !== ENGINE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const port = event.ports?.[0];
  const reply = (message) => {
    if (port) port.postMessage(message);
    else if (event.source) event.source.postMessage(message);
  };
  if (data.type === "skip-waiting") {
    event.waitUntil(self.skipWaiting());
  } else if (data.type === "status") {
    event.waitUntil(
      (async () => {
        reply({
          type: "status",
          version: MANIFEST.version,
          pages: await pagesStatus(),
          engine: await engineStatus(),
        });
      })(),
    );
  } else if (data.type === "cache-engine") {
    event.waitUntil(cacheEngine(reply));
  } else if (data.type === "cache-all") {
    event.waitUntil(cacheAll(reply));
  }
});

// ------------------------------------------------------------------ answering requests

function headOnly(response) {
  return new Response(null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

async function fromCaches(key) {
  if (PRECACHE.has(key)) return (await caches.open(PAGES)).match(absolute(key));
  if (ENGINE_FILES.has(key) && (await caches.has(ENGINE))) {
    return (await caches.open(ENGINE)).match(absolute(key));
  }
  return undefined;
}

// A file of this version fetched from the network (a spell page opened online, say) is kept
// too, once checked against its hash: what is stored is always this version's file.
async function keep(key, response) {
  if (!response.ok || response.redirected || response.type !== "basic") return;
  const body = await response.arrayBuffer();
  if (!(await matches(body, PRECACHE.get(key).hash))) return;
  await (await caches.open(PAGES)).put(
    absolute(key),
    new Response(body, { status: 200, statusText: "OK", headers: response.headers }),
  );
}

// What a page not stored answers when the network does not: generator/offline/offline-page.html
// (the site's policy written in at build time), its links from the home (« {accueil} ») absolute.
const OFFLINE_PAGE = MANIFEST.offlinePage.replaceAll("{accueil}", () => SCOPE);

async function respond(event, key) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.mode === "navigate" && !key.endsWith("/") && PRECACHE.has(key + "/")) {
    // « sorts/vol » → « sorts/vol/ », as the server would: relative links need the slash.
    return Response.redirect(absolute(key + "/") + url.search + url.hash, 301);
  }
  const hit = await fromCaches(key);
  if (hit) return request.method === "HEAD" ? headOnly(hit) : hit;
  try {
    const response = await fetch(request);
    if (request.method === "GET" && PRECACHE.has(key)) {
      event.waitUntil(keep(key, response.clone()).catch(() => undefined));
    }
    return response;
  } catch (error) {
    if (request.mode === "navigate") {
      return new Response(OFFLINE_PAGE, {
        status: 503,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" && request.method !== "HEAD") return;
  if (request.headers.has("range")) return;
  const key = keyOf(new URL(request.url));
  if (key === null) return;
  event.respondWith(respond(event, key));
});
