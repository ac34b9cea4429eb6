/* Grimoire — « Mon grimoire » on a spell page, loaded when needed.
 *
 * A reader without a spellbook gets the « Ajouter à Mon grimoire » button and the « Carte à
 * imprimer » link at once; the spellbook's scripts (grimoire-config.js, grimoire.js) load on
 * the first tap, then open the dialog. A reader who already keeps a spellbook in this browser
 * gets them right away (the button then tells whether the spell is in it).
 */
(function () {
  "use strict";

  var SCRIPT = document.currentScript;
  if (!SCRIPT) return;
  var HERE = new URL("./", SCRIPT.src);
  var ROOT = new URL("../../", SCRIPT.src);
  var STORAGE_KEY = "grimoire.livre.v1"; // grimoire.js keeps the spellbook under this key
  var FILES = ["grimoire-config.js", "grimoire.js"];
  var loading = null;

  function script(name) {
    return new Promise(function (resolve, reject) {
      var node = document.createElement("script");
      node.src = new URL(name, HERE).href;
      node.async = false;
      node.addEventListener("load", resolve);
      node.addEventListener("error", reject);
      document.head.appendChild(node);
    });
  }

  function load() {
    if (!loading) {
      loading = FILES.reduce(function (chain, name) {
        return chain.then(function () { return script(name); });
      }, Promise.resolve());
    }
    return loading;
  }

  function hasBook() {
    try {
      return window.localStorage.getItem(STORAGE_KEY) !== null;
    } catch (error) {
      return false;
    }
  }

  function start() {
    var article = document.querySelector("article.gr-spell[data-slug]");
    var tools = article && article.querySelector(".gr-spell-tools");
    if (!tools) return;
    if (hasBook()) {
      load();
      return;
    }
    var slug = article.getAttribute("data-slug");
    var box = document.createElement("div");
    box.className = "gr-book-tools";
    box.setAttribute("data-book-lazy", "");
    var add = document.createElement("button");
    add.type = "button";
    add.className = "md-button gr-book-add";
    add.textContent = "Ajouter à Mon grimoire";
    var cards = document.createElement("a");
    cards.className = "md-button gr-book-card";
    cards.textContent = "Carte à imprimer";
    cards.href = new URL("cartes/?sorts=" + slug, ROOT).href;
    var status = document.createElement("p");
    status.className = "gr-book-status";
    status.setAttribute("role", "status");
    box.appendChild(add);
    box.appendChild(cards);
    box.appendChild(status);
    tools.parentNode.insertBefore(box, tools.nextSibling);
    add.addEventListener("click", function () {
      box.setAttribute("data-book-clicked", "");
      add.disabled = true;
      load().catch(function () {
        loading = null;
        add.disabled = false;
        status.textContent = "Mon grimoire n’a pas pu être chargé : réessayez.";
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
