// Grimoire: the build's answers for the calculators (an ES module of calculators.js).
//
// instant.js (the look-up) with its modules (the bridge's judgement of every field, the duel from
// its parts, a roll's face), the fields document and each calculator's data document
// (widgets/instant) are fetched together, once, at the first need (or as the calculators
// approach the screen: prefetch); a document that arrives unreadable is remembered so the
// calculator can say so.

import config from "./engine-config.js";
import { documentName as nameOf } from "./answers-documents.js";

const BASE = new URL(".", import.meta.url);

const documents = new Map();
const ready = new Map(); // name -> document, once loaded and of the expected shape
const malformed = new Set(); // names of the documents that arrived unreadable
export let instant = null; // the instant.js module, once fetched
let instantLoading = null;

/** instant.js and every module it imports that calculators.js does not: imported together, so
 * that the browser asks for them all at once, not one after another as each names the next.
 * tests/js/calculators-loader.test.mjs keeps it whole. */
export const INSTANT_MODULES = [
  "./instant.js",
  "./instant-check.js",
  "./instant-duel.js",
  "./instant-face.js",
];

// Resolves with instant.js, or null when it (or one of its modules) could not be fetched.
function loadInstant() {
  if (!instantLoading) {
    instantLoading = Promise.all(INSTANT_MODULES.map((name) => import(name)))
      .then(([module]) => (instant = module))
      .catch(() => null);
  }
  return instantLoading;
}

const cfg = config?.instant || null;

// The name of the data document for a request, or null.
function documentName(request) {
  return nameOf(request, cfg);
}

// The fields document (how the bridge reads every field), once loaded.
export function fieldsDoc() {
  return cfg?.files ? ready.get(cfg.files.fields) || null : null;
}

// The build's answer to a request from its document, or null (not in it, or no document).
export function lookUp(doc, request) {
  const fields = fieldsDoc();
  return doc && instant && fields ? instant.lookup(doc, request, fields.integer) : null;
}

// Starts fetching, all at once, what answers a request without the engine: instant.js, the
// fields and the request's data document. Resolves with that document, or null (none,
// unreachable or unreadable); instant.js and the fields are there once it resolves, if they can be.
export function loadDocument(request) {
  if (!cfg?.files) return Promise.resolve(null);
  const name = documentName(request);
  const parts = [
    loadInstant(),
    cfg.files.fields ? fetchDocument(cfg.files.fields, "fields") : null,
  ];
  const doc = name ? fetchDocument(name, "answers") : null;
  return Promise.all([...parts, doc]).then((loaded) => loaded[2] || null);
}

// Starts fetching, all at once, what answers these requests without the engine (the
// calculators' loader calls it as they approach the screen, beside their modules).
export function prefetch(requests) {
  for (const request of requests) loadDocument(request);
}

// Resolves with the named data document, fetched once, or null (unreachable or unreadable:
// then listed in ``malformed``, and the calculator says so).
function fetchDocument(name, kind) {
  if (!documents.has(name)) {
    const loading = Promise.all([fetch(new URL(name, BASE)), loadInstant()])
      .then(([response, module]) => {
        if (!response.ok) return null;
        return response.json().then(
          (doc) => {
            const good =
              module && (kind === "fields" ? module.isFields(doc) : module.isDocument(doc));
            if (!good) throw new Error("malformed");
            ready.set(name, doc);
            return doc;
          },
          () => {
            throw new Error("malformed");
          },
        );
      })
      .catch((error) => {
        if (error && error.message === "malformed") {
          malformed.add(name);
          console.warn("[Grimoire] réponses précalculées illisibles :", name);
        }
        return null;
      });
    documents.set(name, loading);
  }
  return documents.get(name);
}

// True when the data this request would be answered from arrived unreadable.
export function dataMalformed(request) {
  const name = documentName(request);
  return Boolean((name && malformed.has(name)) || (cfg?.files && malformed.has(cfg.files.fields)));
}

// The data document, or null when it is not there within ``ms``.
export function documentWithin(request, ms) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([loadDocument(request), late]).finally(() => clearTimeout(timer));
}

// True when the data document for this request is already loaded.
export function documentReady(request) {
  const name = documentName(request);
  return Boolean(name && ready.has(name) && fieldsDoc() && instant);
}
