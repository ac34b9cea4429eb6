/* Grimoire — « Mon grimoire »: the reader's own spellbook, kept in this browser (no account).
 *
 * - On a spell page and in the index: « Ajouter à Mon grimoire » (with the apprentissage and the
 *   XP of the caster for that spell), « Carte à imprimer », « Cartes à imprimer ».
 * - On /grimoire/: the list (levels, element and difficulty from api/sorts.json), the progression
 *   figures asked to the rules engine through the page's single worker
 *   (calculatorsApi.request of widgets' calculators.js, widgets/bridge.py « progression »), editing, removal,
 *   sharing as a link (?livre=…), export and import as a JSON file.
 *
 * No game rule lives here: the range of apprentissage and the names of the elements come from
 * the generated grimoire-config.js (a module whose default export comes from the rules engine: also the cost of
 * each level, which bounds the XP a reader types), every figure from the engine. Spell text is
 * data: the DOM is built with textContent only.
 *
 * Storage: localStorage[STORAGE_KEY] = {"version": 1, "magie": <int ≥ 0>,
 *   "sorts": [{"slug": …, "apprentissage": <int>, "xp": <int ≥ 0>}, …]}.
 * Share link: ?livre=1.<magie>.<slug>_<apprentissage>_<xp>.<slug>_… (unreserved characters only).
 * Export file: {"format": "grimoire-livre", "version": 1, "magie": …, "sorts": [{slug, nom,
 *   apprentissage, xp}]}. Everything read (link, file, storage) is validated completely before
 *   anything is written: a refused link or file never touches the stored spellbook.
 * An unreadable stored spellbook is never erased silently: the page says so, offers its raw text
 * as a download, and lets an import or a share link replace it once the reader confirms.
 */
import CONFIG from "./grimoire-config.js";
import { collator, copyText, el, megabytes } from "./common.js";

/* The site root: this module is served from assets/site/. */
var ROOT = new URL("../../", import.meta.url);
var STORAGE_KEY = "grimoire.livre.v1";
var FORMAT = "grimoire-livre";
var VERSION = 1;
var LINK_PARAM = "livre";
var MAX_FILE_BYTES = 1000000;
function quoted(value) {
  var text = typeof value === "string" ? value : JSON.stringify(value);
  if (text === undefined) text = String(value);
  if (text.length > 40) text = text.slice(0, 40) + "\u2026";
  return "« " + text + " »";
}

// ---------------------------------------------------------------- the model

/* The most XP a spell can hold at ``learning``: the engine's cost of the next level minus one
   (grimoire-config.js); null at the last apprentissage, where the XP is not bounded. */
function xpMax(learning, difficulty) {
  var costs = CONFIG.level_up_cost && CONFIG.level_up_cost[String(difficulty)];
  var cost = costs ? costs[String(learning)] : undefined;
  return typeof cost === "number" ? cost - 1 : null;
}

// What is wrong with ``xp`` at ``learning`` for a spell of ``difficulty`` (null: nothing).
function xpProblem(xp, learning, difficulty) {
  var max = xpMax(learning, difficulty);
  if (max === null || xp <= max) return null;
  return "attendu un entier de 0 à " + max + " à l’apprentissage " + learning + " (" + (max + 1) +
         " XP font passer à l’apprentissage " + (learning + 1) + "), reçu " + quoted(xp);
}

function emptyBook() {
  return { magic: 0, spells: [] };
}

function BookError(problems) {
  this.problems = problems;
  this.message = problems.join(" ; ");
}

function isCount(value) {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/* Validates a spellbook read from the outside (stored, linked or imported) and returns it as
   {magic, spells: [{slug, learning, xp}]}; throws a BookError naming every problem.
   ``known`` maps the slugs of the compendium to their spell (null: slugs not checked). */
function validate(data, known, options) {
  var problems = [];
  var learning = CONFIG.learning;
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new BookError(["ce n’est pas un grimoire (objet JSON attendu)"]);
  }
  if (options.file && data.format !== FORMAT) {
    throw new BookError([
      "ce fichier n’est pas un grimoire exporté par le Grimoire (champ « format » " +
        (data.format === undefined ? "absent" : "égal à " + quoted(data.format)) + ")",
    ]);
  }
  if (data.version !== VERSION) {
    throw new BookError([
      "version de format " + (data.version === undefined ? "absente" : quoted(data.version)) +
        " non prise en charge (attendue : " + VERSION + ")",
    ]);
  }
  var magic = data.magie === undefined ? 0 : data.magie;
  if (!isCount(magic)) {
    problems.push("magie : attendu un entier positif ou nul, reçu " + quoted(magic));
  }
  if (!Array.isArray(data.sorts)) {
    throw new BookError(problems.concat(["liste « sorts » absente"]));
  }
  var seen = Object.create(null);
  var spells = [];
  data.sorts.forEach(function (entry, index) {
    var where = "sort n° " + (index + 1);
    if (!entry || typeof entry !== "object" || Array.isArray(entry)) {
      problems.push(where + " : objet attendu");
      return;
    }
    var slug = entry.slug;
    if (typeof slug !== "string" || !slug) {
      problems.push(where + " : identifiant (« slug ») absent");
      return;
    }
    if (known && !(slug in known)) {
      problems.push("sort inconnu : " + quoted(slug));
      return;
    }
    var name = known ? "« " + known[slug].name + " »" : quoted(slug);
    if (seen[slug]) {
      problems.push("sort en double : " + name);
      return;
    }
    seen[slug] = true;
    var level = entry.apprentissage;
    var ok = true;
    if (!(typeof level === "number" && Number.isSafeInteger(level) &&
          level >= learning.min && level <= learning.max)) {
      problems.push("apprentissage de " + name + " : attendu un entier de " + learning.min +
                    " à " + learning.max + ", reçu " + quoted(level));
      ok = false;
    }
    if (!isCount(entry.xp)) {
      problems.push("XP de " + name + " : attendu un entier positif ou nul, reçu " +
                    quoted(entry.xp));
      ok = false;
    } else if (ok && known) {
      var tooMuch = xpProblem(entry.xp, level, known[slug].difficulty);
      if (tooMuch) {
        problems.push("XP de " + name + " : " + tooMuch);
        ok = false;
      }
    }
    if (ok) spells.push({ slug: slug, learning: level, xp: entry.xp });
  });
  if (problems.length) throw new BookError(problems);
  return { magic: magic, spells: spells };
}

function serialise(book) {
  return {
    version: VERSION,
    magie: book.magic,
    sorts: book.spells.map(function (s) {
      return { slug: s.slug, apprentissage: s.learning, xp: s.xp };
    }),
  };
}

var store = {
  /* {book}, or {book: empty, broken: reason (French), raw: the stored text or null} when what
     is stored cannot be read. */
  read: function () {
    var raw;
    try {
      raw = window.localStorage.getItem(STORAGE_KEY);
    } catch (error) {
      return { book: emptyBook(), broken: "stockage du navigateur inaccessible", raw: null };
    }
    if (raw === null) return { book: emptyBook() };
    var data;
    try {
      data = JSON.parse(raw);
    } catch (error) {
      return { book: emptyBook(), broken: "ce n’est pas du JSON", raw: raw };
    }
    try {
      return { book: validate(data, null, {}) };
    } catch (error) {
      return { book: emptyBook(), broken: error.message || "contenu illisible", raw: raw };
    }
  },
  write: function (book) {
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(serialise(book)));
      return true;
    } catch (error) {
      return false;
    }
  },
};

function find(book, slug) {
  for (var i = 0; i < book.spells.length; i++) {
    if (book.spells[i].slug === slug) return book.spells[i];
  }
  return null;
}

// Adds or updates one spell; false when the browser refused to store it.
function putSpell(slug, learning, xp) {
  var read = store.read();
  if (read.broken) return false;
  var book = read.book;
  var entry = find(book, slug);
  if (entry) {
    entry.learning = learning;
    entry.xp = xp;
  } else {
    book.spells.push({ slug: slug, learning: learning, xp: xp });
  }
  return store.write(book);
}

// ---------------------------------------------------------------- link and file formats

function encodeLink(book) {
  var parts = [String(VERSION), String(book.magic)];
  book.spells.forEach(function (s) {
    parts.push(s.slug + "_" + s.learning + "_" + s.xp);
  });
  return parts.join(".");
}

function linkNumber(text) {
  return /^-?[0-9]{1,15}$/.test(text) ? Number(text) : text;
}

// The link's text as the object validate() reads; structural problems throw a BookError.
function decodeLink(text) {
  if (!/^[A-Za-z0-9._-]*$/.test(text)) {
    throw new BookError(["caractères inattendus dans le lien (lien abîmé ?)"]);
  }
  var parts = text.split(".");
  if (parts.length < 2 || parts[0] === "") {
    throw new BookError(["lien incomplet (version ou magie absente)"]);
  }
  var data = { version: linkNumber(parts[0]), magie: linkNumber(parts[1]), sorts: [] };
  if (data.version !== VERSION) return data; // validate() names the version
  parts.slice(2).forEach(function (part, index) {
    var fields = part.split("_");
    if (fields.length !== 3) {
      throw new BookError(["sort n° " + (index + 1) + " du lien illisible : " + quoted(part)]);
    }
    data.sorts.push({
      slug: fields[0],
      apprentissage: linkNumber(fields[1]),
      xp: linkNumber(fields[2]),
    });
  });
  return data;
}

function exportData(book, known) {
  return {
    format: FORMAT,
    version: VERSION,
    magie: book.magic,
    sorts: book.spells.map(function (s) {
      return {
        slug: s.slug,
        nom: known && known[s.slug] ? known[s.slug].name : s.slug,
        apprentissage: s.learning,
        xp: s.xp,
      };
    }),
  };
}

// ---------------------------------------------------------------- the add dialog

var dialog = null;

function learningOptions(select) {
  for (var n = CONFIG.learning.min; n <= CONFIG.learning.max; n++) {
    var option = el("option", null, String(n));
    option.value = String(n);
    select.appendChild(option);
  }
}

function buildDialog() {
  var node = el("dialog", "gr-book-dialog md-typeset");
  node.setAttribute("aria-labelledby", "gr-book-dialog-title");
  var form = el("form");
  form.method = "dialog";
  form.noValidate = true;
  var title = el("h2", "gr-book-dialog__title");
  title.id = "gr-book-dialog-title";
  var intro = el("p", "gr-book-dialog__intro",
                 "Votre apprentissage de ce sort et l’XP déjà gagnée à ce niveau d’apprentissage.");
  var learningRow = el("div", "gr-book-dialog__field");
  var learningLabel = el("label", null, "Apprentissage");
  learningLabel.htmlFor = "gr-book-dialog-learning";
  var learning = el("select");
  learning.id = "gr-book-dialog-learning";
  learningOptions(learning);
  learningRow.appendChild(learningLabel);
  learningRow.appendChild(learning);
  var xpRow = el("div", "gr-book-dialog__field");
  var xpLabel = el("label", null, "XP pour ce sort");
  xpLabel.htmlFor = "gr-book-dialog-xp";
  var xp = el("input");
  xp.id = "gr-book-dialog-xp";
  xp.type = "number";
  xp.min = "0";
  xp.step = "1";
  xp.inputMode = "numeric";
  xpRow.appendChild(xpLabel);
  xpRow.appendChild(xp);
  var error = el("p", "gr-book-dialog__error");
  error.setAttribute("role", "alert");
  var buttons = el("div", "gr-book-dialog__buttons");
  var cancel = el("button", "md-button", "Annuler");
  cancel.type = "button";
  var ok = el("button", "md-button md-button--primary", "Ajouter");
  ok.type = "submit";
  buttons.appendChild(cancel);
  buttons.appendChild(ok);
  [title, intro, learningRow, xpRow, error, buttons].forEach(function (child) {
    form.appendChild(child);
  });
  node.appendChild(form);
  document.body.appendChild(node);
  cancel.addEventListener("click", function () {
    node.close("cancel");
  });
  dialog = { node: node, form: form, title: title, learning: learning, xp: xp, error: error,
             ok: ok, onDone: null, slug: null, difficulty: null };
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var value = parseCount(xp.value);
    if (value === null) {
      error.textContent = "XP : attendu un entier positif ou nul, reçu " + quoted(xp.value) + ".";
      xp.setAttribute("aria-invalid", "true");
      xp.focus();
      return;
    }
    var tooMuch = xpProblem(value, Number(learning.value), dialog.difficulty);
    if (tooMuch) {
      error.textContent = "XP : " + tooMuch + ".";
      xp.setAttribute("aria-invalid", "true");
      xp.focus();
      return;
    }
    if (!putSpell(dialog.slug, Number(learning.value), value)) {
      error.textContent = "Le navigateur refuse d’enregistrer Mon grimoire (stockage plein, " +
                          "désactivé ou grimoire enregistré illisible : voyez la page Mon grimoire).";
      return;
    }
    node.close("ok");
    if (dialog.onDone) dialog.onDone();
  });
  return dialog;
}

function parseCount(text) {
  var trimmed = String(text).trim();
  if (!/^[0-9]{1,15}$/.test(trimmed)) return null;
  var value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

function openDialog(slug, name, difficulty, onDone) {
  var d = dialog || buildDialog();
  var entry = find(store.read().book, slug);
  d.slug = slug;
  d.difficulty = difficulty;
  d.onDone = onDone;
  d.title.textContent = (entry ? "Modifier « " : "Ajouter « ") + name + " »" +
                        (entry ? " dans Mon grimoire" : " à Mon grimoire");
  d.ok.textContent = entry ? "Enregistrer" : "Ajouter";
  d.learning.value = String(entry ? entry.learning : CONFIG.learning.min);
  d.xp.value = String(entry ? entry.xp : 0);
  d.xp.removeAttribute("aria-invalid");
  d.error.textContent = "";
  if (typeof d.node.showModal === "function") d.node.showModal();
  else d.node.setAttribute("open", "");
  d.learning.focus();
}

// ---------------------------------------------------------------- spell page and index

function bookUrl() {
  return new URL("grimoire/", ROOT).href;
}

function cardsUrl(slugs) {
  var url = new URL("cartes/", ROOT);
  if (slugs) url.search = "?sorts=" + slugs.join(",");
  return url.href;
}

function setupSpellPage(article) {
  var tools = article.querySelector(".gr-spell-tools");
  var slug = article.getAttribute("data-slug");
  if (!tools || !slug) return;
  var heading = document.querySelector(".md-content h1");
  var name = heading ? heading.textContent.trim() : slug;
  var box = el("div", "gr-book-tools");
  var add = el("button", "md-button gr-book-add");
  add.type = "button";
  var cards = el("a", "md-button gr-book-card", "Carte à imprimer");
  cards.href = cardsUrl([slug]);
  var status = el("p", "gr-book-status");
  status.setAttribute("role", "status");
  box.appendChild(add);
  box.appendChild(cards);
  box.appendChild(status);
  var placeholder = document.querySelector("[data-book-lazy]");
  tools.parentNode.insertBefore(box, placeholder ? placeholder.nextSibling : tools.nextSibling);

  function refresh(announce) {
    var read = store.read();
    var entry = find(read.book, slug);
    add.textContent = entry ? "Dans Mon grimoire : modifier" : "Ajouter à Mon grimoire";
    add.setAttribute("data-in-book", entry ? "true" : "false");
    status.replaceChildren();
    if (entry) {
      status.appendChild(document.createTextNode(
        (announce ? "Enregistré dans Mon grimoire : " : "Dans Mon grimoire : ") +
        "apprentissage " + entry.learning + ", " + entry.xp + " XP. "));
      var link = el("a", null, "Voir Mon grimoire");
      link.href = bookUrl();
      status.appendChild(link);
    }
  }
  add.addEventListener("click", function () {
    openDialog(slug, name, article.getAttribute("data-difficulty"), function () {
      refresh(true);
    });
  });
  window.addEventListener("storage", function (event) {
    if (event.key === STORAGE_KEY) refresh(false);
  });
  refresh(false);
  // The page's own button (grimoire-lazy.js) stood here until this script came: take its
  // place, and open the dialog if it was tapped.
  var waiting = document.querySelector("[data-book-lazy]");
  if (waiting) {
    var tapped = waiting.hasAttribute("data-book-clicked");
    var focused = waiting.contains(document.activeElement);
    waiting.remove();
    if (focused || tapped) add.focus();
    if (tapped) add.click();
  }
}

function setupIndex(index) {
  var rows = Array.prototype.slice.call(index.querySelectorAll(".gr-index-table tbody tr[data-slug]"));
  if (!rows.length) return;
  var buttons = Object.create(null);
  rows.forEach(function (row) {
    var slug = row.getAttribute("data-slug");
    var cell = row.querySelector("th");
    var link = cell && cell.querySelector("a");
    if (!cell || !link) return;
    var name = link.textContent.trim();
    var button = el("button", "gr-book-row");
    button.type = "button";
    button.setAttribute("data-name", name);
    button.addEventListener("click", function () {
      openDialog(slug, name, row.getAttribute("data-difficulty"), refresh);
    });
    cell.appendChild(button);
    buttons[slug] = button;
  });

  function refresh() {
    var book = store.read().book;
    Object.keys(buttons).forEach(function (slug) {
      var button = buttons[slug];
      var entry = find(book, slug);
      var name = button.getAttribute("data-name");
      button.setAttribute("data-in-book", entry ? "true" : "false");
      button.setAttribute("aria-label", entry
        ? name + " est dans Mon grimoire (apprentissage " + entry.learning + ", " + entry.xp +
          " XP) : modifier"
        : "Ajouter " + name + " à Mon grimoire");
      button.title = entry ? "Dans Mon grimoire : modifier" : "Ajouter à Mon grimoire";
    });
  }
  window.addEventListener("storage", function (event) {
    if (event.key === STORAGE_KEY) refresh();
  });
  refresh();

  // « Cartes à imprimer »: the rows the reader sees, in the order shown.
  var actions = index.querySelector(".gr-filter-actions");
  if (actions) {
    // The index page holds the link already (nothing moves when this script comes).
    var cards = actions.querySelector(".gr-book-cards-link");
    if (!cards) {
      cards = el("a", "md-button gr-book-cards-link", "Cartes à imprimer");
      actions.appendChild(document.createTextNode(" "));
      actions.appendChild(cards);
    }
    cards.href = cardsUrl(null);
    var update = function () {
      var shown = Array.prototype.filter.call(
        index.querySelectorAll(".gr-index-table tbody tr[data-slug]"),
        function (row) {
          return typeof row.checkVisibility === "function" ? row.checkVisibility() : !row.hidden;
        });
      var first = index.querySelector(".gr-index-table thead th");
      var defaultView = shown.length === rows.length &&
        (!first || first.getAttribute("aria-sort") === "ascending");
      // Every spell in the default order: the cards page shows them all without a list.
      cards.href = defaultView ? cardsUrl(null) : cardsUrl(shown.map(function (row) {
        return row.getAttribute("data-slug");
      }));
    };
    ["pointerdown", "focus", "click", "mouseenter"].forEach(function (type) {
      cards.addEventListener(type, update);
    });
  }
}

// ---------------------------------------------------------------- the spellbook page

function download(blob, name) {
  var link = el("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  setTimeout(function () {
    URL.revokeObjectURL(link.href);
    link.remove();
  }, 1000);
}

function BookPage(root) {
  this.root = root;
  this.q = function (name) {
    return root.querySelector("[data-book-" + name + "]");
  };
  this.known = null;
  this.entries = Object.create(null);
  this.seq = 0;
  this.pending = null; // the spellbook a link or a file offers, validated
  this.pendingBroken = false; // the offer replaces an unreadable stored spellbook
}

BookPage.prototype.say = function (text, kind) {
  var message = this.q("message");
  message.textContent = text;
  message.hidden = !text;
  message.setAttribute("data-kind", kind || "info");
};

BookPage.prototype.start = function () {
  var self_ = this;
  this.q("nojs").hidden = true;
  if (!CONFIG) {
    this.say("Mon grimoire est indisponible : configuration du site absente (grimoire-config.js).", "error");
    return;
  }
  fetch(this.root.getAttribute("data-api") || new URL("api/sorts.json", ROOT).href)
    .then(function (response) {
      if (!response.ok) throw new Error("réponse " + response.status);
      return response.json();
    })
    .then(function (api) {
      self_.known = Object.create(null);
      (api.spells || []).forEach(function (spell) {
        self_.known[spell.slug] = spell;
      });
      self_.bind();
      self_.render();
      self_.readLink();
    })
    .catch(function (error) {
      var why = /^réponse /.test(error && error.message) ? error.message : "réseau indisponible";
      self_.say("La liste des sorts n’a pas pu être chargée (" + why + ") : " +
                "rechargez la page une fois connecté.", "error");
    });
};

BookPage.prototype.bind = function () {
  var self_ = this;
  this.q("main").hidden = false;
  var magic = this.q("magic");
  magic.addEventListener("change", function () {
    var value = parseCount(magic.value);
    var error = self_.q("magic-error");
    if (value === null) {
      error.textContent = "Magie : attendu un entier positif ou nul, reçu " + quoted(magic.value) + ".";
      magic.setAttribute("aria-invalid", "true");
      return;
    }
    error.textContent = "";
    magic.removeAttribute("aria-invalid");
    self_.update(function (book) {
      book.magic = value;
    });
  });
  this.q("share").addEventListener("click", function () {
    var book = store.read().book;
    var url = new URL("grimoire/", ROOT);
    url.search = "?" + LINK_PARAM + "=" + encodeLink(book);
    var box = self_.q("share-box");
    box.hidden = false;
    self_.q("link").value = url.href;
    self_.q("copy-status").textContent = "";
    self_.q("link").select();
  });
  this.q("copy").addEventListener("click", function () {
    var input = self_.q("link");
    var status = self_.q("copy-status");
    copyText(input.value).then(function () { status.textContent = "Lien copié."; }, function () {
      input.select();
      status.textContent = "Copie impossible : sélectionnez le lien et copiez-le.";
    });
  });
  this.q("export").addEventListener("click", function () {
    var data = exportData(store.read().book, self_.known);
    var blob = new Blob([JSON.stringify(data, null, 1) + "\n"], { type: "application/json" });
    download(blob, "mon-grimoire.json");
  });
  var file = this.q("file");
  file.addEventListener("change", function () {
    var chosen = file.files && file.files[0];
    file.value = "";
    if (chosen) self_.readFile(chosen);
  });
  this.q("broken-download").addEventListener("click", function () {
    var read = store.read();
    if (read.raw === null || read.raw === undefined) return;
    download(new Blob([read.raw], { type: "text/plain" }), "grimoire-illisible.txt");
  });
  this.q("replace").addEventListener("click", function () {
    self_.accept("replace");
  });
  this.q("merge").addEventListener("click", function () {
    self_.accept("merge");
  });
  this.q("dismiss").addEventListener("click", function () {
    self_.closeOffer();
    self_.say("Rien n’a été importé ; votre grimoire n’a pas changé.", "info");
  });
  window.addEventListener("storage", function (event) {
    if (event.key === STORAGE_KEY) self_.render();
  });
};

/* Applies a change to the stored spellbook, then redraws. An unreadable stored spellbook is
   only replaced when ``replaceBroken`` says the reader confirmed it. */
BookPage.prototype.update = function (change, redraw, replaceBroken) {
  var read = store.read();
  if (read.broken && !replaceBroken) {
    this.say("Le grimoire enregistré est illisible (" + read.broken + ") : importez une sauvegarde " +
             "ou ouvrez un lien de partage pour le remplacer.", "error");
    return false;
  }
  change(read.book);
  if (!store.write(read.book)) {
    this.say("Le navigateur refuse d’enregistrer Mon grimoire (stockage plein ou désactivé).", "error");
    return false;
  }
  if (redraw !== false) this.render();
  return true;
};

BookPage.prototype.render = function () {
  var self_ = this;
  var read = store.read();
  var book = read.book;
  this.q("broken").hidden = !read.broken;
  if (read.broken) {
    var kept = read.raw !== null && read.raw !== undefined;
    this.q("broken-text").textContent =
      "Le grimoire enregistré dans ce navigateur est illisible (" + read.broken + "). " +
      "Il n’a pas été effacé" + (kept ? " : téléchargez-le tel quel pour le garder. " : ". ") +
      "Pour le remplacer, importez une sauvegarde (« Importer un fichier ») ou ouvrez un lien " +
      "de partage : le grimoire proposé ne sera enregistré qu’après votre confirmation.";
    this.q("broken-download").hidden = !kept;
  }
  var magic = this.q("magic");
  if (document.activeElement !== magic) magic.value = String(book.magic);
  this.q("empty").hidden = book.spells.length > 0 || !!read.broken;
  this.q("cards").href = new URL("cartes/?grimoire=1", ROOT).href;
  var list = this.q("list");
  var spells = book.spells.slice().sort(function (a, b) {
    return collator.compare(self_.nameOf(a.slug), self_.nameOf(b.slug));
  });
  var items = spells.map(function (entry) {
    return self_.renderEntry(entry, book);
  });
  list.replaceChildren.apply(list, items);
  this.compute(book);
};

BookPage.prototype.nameOf = function (slug) {
  return this.known && this.known[slug] ? this.known[slug].name : slug;
};

BookPage.prototype.renderEntry = function (entry, book) {
  var self_ = this;
  var spell = this.known[entry.slug];
  var item = el("li", "gr-book__entry");
  item.setAttribute("data-slug", entry.slug);
  var head = el("h2", "gr-book__name");
  if (spell) {
    var link = el("a", null, spell.name);
    link.href = new URL(spell.url, ROOT).href;
    head.appendChild(link);
  } else {
    head.textContent = entry.slug;
  }
  item.appendChild(head);
  if (spell) {
    var facts = el("ul", "gr-book__facts");
    [["Niveaux", spell.levels.raw],
     ["Élément", CONFIG.elements[spell.element] || spell.element],
     ["Difficulté", spell.difficulty + " / " + CONFIG.difficulty.max]].forEach(function (pair) {
      var li = el("li");
      li.appendChild(el("span", "gr-book__label", pair[0] + " : "));
      li.appendChild(document.createTextNode(String(pair[1])));
      facts.appendChild(li);
    });
    item.appendChild(facts);
  } else {
    item.appendChild(el("p", "gr-book__error",
                        "Ce sort n’existe plus dans le compendium : retirez-le de votre grimoire."));
  }

  var inputs = el("div", "gr-book__inputs");
  var id = "gr-book-" + entry.slug;
  var learningLabel = el("label", null, "Apprentissage");
  learningLabel.htmlFor = id + "-learning";
  var learning = el("select");
  learning.id = id + "-learning";
  learningOptions(learning);
  learning.value = String(entry.learning);
  var xpLabel = el("label", null, "XP");
  xpLabel.htmlFor = id + "-xp";
  var xp = el("input");
  xp.id = id + "-xp";
  xp.type = "number";
  xp.min = "0";
  xp.step = "1";
  xp.inputMode = "numeric";
  xp.value = String(entry.xp);
  [[learningLabel, learning], [xpLabel, xp]].forEach(function (pair) {
    var group = el("span", "gr-book__pair");
    group.appendChild(pair[0]);
    group.appendChild(pair[1]);
    inputs.appendChild(group);
  });
  item.appendChild(inputs);
  var error = el("p", "gr-book__error");
  error.setAttribute("role", "alert");
  item.appendChild(error);

  var figures = el("dl", "gr-book__figures");
  var slots = {};
  [["next", "XP jusqu’au niveau suivant"], ["casts", "Lancers attendus pour l’atteindre"]]
    .forEach(function (pair) {
      var row = el("div");
      row.appendChild(el("dt", null, pair[1]));
      slots[pair[0]] = el("dd", null, "\u2014");
      row.appendChild(slots[pair[0]]);
      figures.appendChild(row);
    });
  item.appendChild(figures);

  var actions = el("div", "gr-book__row-actions");
  var card = el("a", "md-button", "Carte à imprimer");
  card.href = cardsUrl([entry.slug]);
  card.setAttribute("aria-label", "Carte à imprimer : " + this.nameOf(entry.slug));
  var remove = el("button", "md-button gr-book__remove", "Retirer");
  remove.type = "button";
  remove.setAttribute("aria-label", "Retirer " + this.nameOf(entry.slug) + " de Mon grimoire");
  actions.appendChild(card);
  actions.appendChild(remove);
  item.appendChild(actions);

  function save() {
    var value = parseCount(xp.value);
    var tooMuch = value !== null && spell ? xpProblem(value, Number(learning.value), spell.difficulty) : null;
    if (value === null || tooMuch) {
      error.textContent = "XP : " + (tooMuch || "attendu un entier positif ou nul, reçu " + quoted(xp.value)) + ".";
      xp.setAttribute("aria-invalid", "true");
      return;
    }
    xp.removeAttribute("aria-invalid");
    error.textContent = "";
    var changed = self_.update(function (book_) {
      var stored = find(book_, entry.slug);
      if (stored) {
        stored.learning = Number(learning.value);
        stored.xp = value;
      }
    }, false);
    if (changed) {
      entry.learning = Number(learning.value);
      entry.xp = value;
      self_.computeEntry(entry, store.read().book);
    }
  }
  learning.addEventListener("change", save);
  xp.addEventListener("change", save);
  remove.addEventListener("click", function () {
    var name = self_.nameOf(entry.slug);
    if (self_.update(function (book_) {
      book_.spells = book_.spells.filter(function (s) { return s.slug !== entry.slug; });
    })) {
      self_.say(name + " a été retiré de Mon grimoire.", "info");
    }
  });
  this.entries[entry.slug] = { slots: slots, error: error, seq: 0, spell: spell };
  return item;
};

BookPage.prototype.engineStatus = function (text) {
  var status = this.q("engine");
  if (status.textContent !== text) status.textContent = text;
};

BookPage.prototype.compute = function (book) {
  var self_ = this;
  book.spells.forEach(function (entry) {
    self_.computeEntry(entry, book);
  });
};

/* The page's calculators module, if the page loads one (same address: the same instance),
   and the engine's configuration: {calculators, engine}, or null. */
var calculatorsFound = null;
function pageCalculators() {
  if (!calculatorsFound) {
    var script = document.querySelector('script[type="module"][src*="widgets/calculators.js"]');
    calculatorsFound = !script ? Promise.resolve(null) : Promise.all([
      import(script.src),
      import(new URL("engine-config.js", script.src).href).catch(function () { return {}; }),
    ]).then(function (modules) {
      return { calculators: modules[0].calculatorsApi, engine: modules[1].default || null };
    }, function () { return null; });
  }
  return calculatorsFound;
}

// Asks the engine (the page's single worker) for the progression figures of one spell.
BookPage.prototype.computeEntry = function (entry, book) {
  var self_ = this;
  var view = this.entries[entry.slug];
  if (!view || !view.spell) return;
  pageCalculators().then(function (found) {
    self_.requestEntry(entry, book, view, found);
  });
};

BookPage.prototype.requestEntry = function (entry, book, view, found) {
  var self_ = this;
  var calculators = found && found.calculators;
  if (!calculators || typeof calculators.request !== "function") {
    this.engineStatus("Les calculs de progression ne sont pas disponibles : le moteur de " +
                      "calcul n’est pas chargé sur cette page.");
    return;
  }
  var seq = ++this.seq;
  view.seq = seq;
  view.slots.next.textContent = "calcul\u2026";
  view.slots.casts.textContent = "calcul\u2026";
  var state = typeof calculators.engineState === "function" ? calculators.engineState() : "";
  if (state === "idle" || state === "loading") {
    var cfg = found.engine;
    var size = cfg && cfg.downloadBytes ? " (" + megabytes(cfg.downloadBytes) + ")" : "";
    this.engineStatus("Chargement du moteur de calcul" + size + "\u2026");
  }
  calculators.request({
    calc: "progression",
    magic: String(book.magic),
    learning: String(entry.learning),
    difficulty: String(view.spell.difficulty),
    xp: String(entry.xp),
  }).then(function (response) {
    if (view.seq !== seq) return; // a newer request was sent for this spell
    self_.show(view, response);
  }, function () {
    if (view.seq === seq) self_.show(view, null);
  });
};

BookPage.prototype.show = function (view, response) {
  if (!response) {
    this.engineStatus("Le moteur de calcul n’a pas pu être chargé : les figures de progression " +
                      "sont indisponibles (le reste du grimoire fonctionne).");
    view.slots.next.textContent = "\u2014";
    view.slots.casts.textContent = "\u2014";
    return;
  }
  this.engineStatus("");
  if (!response.ok) {
    view.error.textContent = "Le moteur de règles refuse ces valeurs : " +
      (response.errors || []).map(function (e) { return e.message; }).join(" ; ") + ".";
    view.slots.next.textContent = "\u2014";
    view.slots.casts.textContent = "\u2014";
    return;
  }
  view.error.textContent = "";
  if (response.max_level) {
    view.slots.next.textContent = "apprentissage maximal atteint";
    view.slots.casts.textContent = "\u2014";
  } else {
    view.slots.next.textContent = response.xp_needed + " XP sur " + response.cost +
                                  " (apprentissage " + response.next_level + ")";
    view.slots.casts.textContent = response.expected_casts ? response.expected_casts.decimal : "\u2014";
  }
};

// ---------------------------------------------------------------- importing

BookPage.prototype.readLink = function () {
  var params = new URLSearchParams(window.location.search);
  if (!params.has(LINK_PARAM)) return;
  var incoming;
  try {
    incoming = validate(decodeLink(params.get(LINK_PARAM) || ""), this.known, {});
  } catch (error) {
    this.refuse("Lien refusé", error);
    return;
  }
  this.offer(incoming, "lien");
};

BookPage.prototype.readFile = function (file) {
  var self_ = this;
  if (file.size > MAX_FILE_BYTES) {
    this.refuse("Fichier refusé", new BookError(["fichier trop volumineux pour un grimoire (" +
                Math.round(file.size / 1000) + " ko)"]));
    return;
  }
  var reader = new FileReader();
  reader.onload = function () {
    var data;
    try {
      data = JSON.parse(String(reader.result));
    } catch (error) {
      // The browser's own parse message is English and cryptic: say what the reader can act on.
      self_.refuse("Fichier refusé", new BookError([
        "ce n’est pas du JSON valide (fichier incomplet, abîmé ou d’un autre format)"]));
      return;
    }
    try {
      self_.offer(validate(data, self_.known, { file: true }), "fichier");
    } catch (error) {
      self_.refuse("Fichier refusé", error);
    }
  };
  reader.onerror = function () {
    self_.refuse("Fichier refusé", new BookError(["lecture du fichier impossible"]));
  };
  reader.readAsText(file);
};

BookPage.prototype.refuse = function (what, error) {
  this.closeOffer();
  var problems = error && error.problems ? error.problems : [String((error && error.message) || error)];
  this.say(what + " : " + problems.slice(0, 6).join(" ; ") +
           (problems.length > 6 ? " ; et " + (problems.length - 6) + " autres problèmes" : "") +
           ". Votre grimoire n’a pas été modifié.", "error");
};

BookPage.prototype.offer = function (incoming, source) {
  var self_ = this;
  this.pending = incoming;
  this.say("", "info");
  var read = store.read();
  var current = read.book;
  this.pendingBroken = !!read.broken;
  var box = this.q("offer");
  this.q("offer-title").textContent = source === "lien"
    ? "Importer le grimoire de ce lien ?" : "Importer le grimoire de ce fichier ?";
  var magicNote = incoming.magic === current.magic
    ? "" : " ; votre magie (" + current.magic + ") est gardée si vous ajoutez, remplacée par " +
           incoming.magic + " si vous remplacez";
  this.q("offer-text").textContent =
    incoming.spells.length + (incoming.spells.length > 1 ? " sorts" : " sort") +
    ", magie " + incoming.magic + ". " +
    (read.broken
      ? "Votre grimoire enregistré est illisible (" + read.broken + ") : l’importer le remplacera " +
        "et son contenu illisible sera perdu (téléchargez-le d’abord pour le garder)."
      : current.spells.length
      ? "Votre grimoire compte déjà " + current.spells.length +
        (current.spells.length > 1 ? " sorts" : " sort") +
        " : le remplacer, ou n’y ajouter que les sorts qu’il n’a pas (ceux qu’il a gardent votre apprentissage et votre XP" +
        magicNote + ") ?"
      : "Votre grimoire est vide.");
  var list = this.q("offer-list");
  list.replaceChildren.apply(list, incoming.spells.map(function (s) {
    return el("li", null, self_.nameOf(s.slug) + " — apprentissage " + s.learning + ", " + s.xp + " XP");
  }));
  this.q("replace").textContent = read.broken ? "Remplacer le grimoire illisible"
    : current.spells.length ? "Remplacer mon grimoire" : "Importer";
  this.q("merge").hidden = !current.spells.length || !!read.broken;
  box.hidden = false;
  box.focus();
};

BookPage.prototype.closeOffer = function () {
  this.pending = null;
  this.q("offer").hidden = true;
  var params = new URLSearchParams(window.location.search);
  if (params.has(LINK_PARAM)) {
    params.delete(LINK_PARAM);
    var query = params.toString();
    try {
      history.replaceState(history.state, "", window.location.pathname + (query ? "?" + query : "") +
                           window.location.hash);
    } catch (error) {
      /* the address keeps the link: harmless */
    }
  }
};

BookPage.prototype.accept = function (mode) {
  var incoming = this.pending;
  if (!incoming) return;
  var added = 0;
  var kept = [];
  var magic = null;
  var self_ = this;
  var ok = this.update(function (book) {
    if (mode === "replace") {
      book.magic = incoming.magic;
      book.spells = incoming.spells.map(function (s) {
        return { slug: s.slug, learning: s.learning, xp: s.xp };
      });
      added = book.spells.length;
      return;
    }
    magic = book.magic;
    incoming.spells.forEach(function (s) {
      if (find(book, s.slug)) {
        kept.push(self_.nameOf(s.slug));
      } else {
        book.spells.push({ slug: s.slug, learning: s.learning, xp: s.xp });
        added += 1;
      }
    });
  }, undefined, mode === "replace" && this.pendingBroken);
  if (!ok) return;
  this.closeOffer();
  var text = mode === "replace"
    ? "Grimoire importé : " + added + (added > 1 ? " sorts." : " sort.")
    : added + (added > 1 ? " sorts ajoutés" : " sort ajouté") + " à votre grimoire" +
      (kept.length
        ? (kept.length > 1 ? " ; déjà présents, gardés tels quels : " : " ; déjà présent, gardé tel quel : ") +
          kept.join(", ") + "."
        : ".") +
      (magic === incoming.magic ? ""
        : " Magie gardée : la vôtre (" + magic + "), pas celle du grimoire importé (" +
          incoming.magic + ").");
  this.say(text, "success");
};

// ---------------------------------------------------------------- start

/** Mount « Mon grimoire » on what ``root`` holds: a spell page, the index, the spellbook page. */
export function mountBook(root) {
  if (!CONFIG) return;
  var article = root.querySelector("article.gr-spell[data-slug]");
  if (article) setupSpellPage(article);
  var index = root.querySelector(".gr-index");
  if (index) setupIndex(index);
  var page = root.querySelector(".gr-book");
  if (page) new BookPage(page).start();
}

/** The stored spellbook, read-only: {magic, spells, broken} (the cards page reads it). */
export function readBook() {
  var read = store.read();
  return { magic: read.book.magic, spells: read.book.spells.slice(), broken: read.broken || null };
}

export { STORAGE_KEY, BookError, validate, encodeLink, decodeLink, exportData, xpMax };

if (typeof document !== "undefined") {
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { mountBook(document); });
  } else {
    mountBook(document);
  }
}
