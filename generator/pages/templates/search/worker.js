// Grimoire — the theme's search, started on the first query (written by generator/search.py).
//
// The page starts this worker on load and sends it the search configuration (the index it
// fetched, search/search_index.json, holds no documents). The worker answers « ready » at once
// and loads nothing more until the reader types: then it loads the theme's search engine and
// the documents (search/documents.json), and answers. Matching ignores case and accents: the
// indexed words and the query are folded (« Éclair », « eclair » → « eclair ») by the site's one
// browser folding (assets/shared/common.js, imported on the first query), while the results keep
// the text as written.

var SEARCH = /*@SEARCH@*/ null;

var nativePost = self.postMessage.bind(self);
var nativeListen = self.addEventListener.bind(self);
var engine = null; // the theme's message handler, once its script is loaded
var ready = false; // the engine holds the documents
var pending = []; // queries received while the engine was loading
var setup = null; // the page's setup message
var starting = null;
var onEngineReady = null;

var folding = null; // common.js: {fold, foldMarks}, once imported

// A title as words only: « L'Œil de mage » → « l oeil de mage ».
function words(text) {
  return folding.fold(String(text).replace(/<[^>]*>/g, ""));
}

// The page whose title is exactly the query comes first (the theme's scores tie when a name
// is part of a longer one: « Invisibilité », « Détection de l'invisibilité »).
var asked = []; // the queries sent to the engine, oldest first
function exactTitleFirst(result) {
  var query = words(asked.shift() || "");
  var groups = result?.data?.items;
  if (!query || !Array.isArray(groups)) return result;
  var exact = groups.filter((group) => group[0] && words(group[0].title) === query);
  if (!exact.length) return result;
  result.data.items = exact.concat(groups.filter((group) => exact.indexOf(group) < 0));
  return result;
}

function ask(message) {
  if (message.type === 2) {
    message = { type: 2, data: folding.foldMarks(message.data) };
    asked.push(message.data);
  }
  engine({ data: message });
}

// The theme's script registers its handler and posts its answers through these globals.
self.addEventListener = (type, listener, options) => {
  if (type === "message") engine = listener;
  else nativeListen(type, listener, options);
};
self.postMessage = (message) => {
  if (message && message.type === 1 && onEngineReady) {
    const done = onEngineReady;
    onEngineReady = null;
    done();
    return;
  }
  if (message && message.type === 3) message = exactTitleFirst(message);
  nativePost(message);
};

function foldIndexedWords() {
  var lunr = self.lunr;
  function foldToken(token) {
    return token.update((text) => folding.foldMarks(text));
  }
  lunr.Pipeline.registerFunction(foldToken, "grimoireFold");
  var add = lunr.Builder.prototype.add;
  lunr.Builder.prototype.add = function (...args) {
    if (this.pipeline._stack.indexOf(foldToken) < 0) this.pipeline.add(foldToken);
    if (this.searchPipeline._stack.indexOf(foldToken) < 0) this.searchPipeline.add(foldToken);
    return add.apply(this, args);
  };
}

function start() {
  return import(new URL(SEARCH.fold, self.location.href).href)
    .then((module) => {
      folding = module;
      if (!engine) {
        importScripts(SEARCH.worker);
        foldIndexedWords();
      }
      return fetch(new URL(SEARCH.documents, self.location.href).href);
    })
    .then((response) => {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    })
    .then(
      (index) =>
        new Promise((resolve) => {
          onEngineReady = resolve;
          var options = setup?.data ? setup.data.options : {};
          engine({
            data: { type: 0, data: { config: index.config, docs: index.docs, options: options } },
          });
        }),
    )
    .then(() => {
      ready = true;
      pending.splice(0).forEach(ask);
    })
    .catch(() => {
      starting = null;
      pending.splice(0);
      nativePost({ type: 3, data: { items: [] } });
    });
}

nativeListen("message", (event) => {
  var message = event.data;
  if (!message) return;
  if (message.type === 0) {
    setup = message;
    nativePost({ type: 1 });
    return;
  }
  if (message.type === 2) {
    // The page asks for its empty query on load: nothing to load for it.
    if (!ready && !String(message.data).trim()) {
      nativePost({ type: 3, data: { items: [] } });
      return;
    }
  }
  if (ready) {
    ask(message);
    return;
  }
  pending.push(message);
  if (!starting) starting = start();
});
