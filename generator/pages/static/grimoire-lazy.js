/* Grimoire — « Mon grimoire » on a spell page, loaded when needed.
 *
 * The page holds the « Ajouter à Mon grimoire » button and the « Carte à imprimer » link
 * ([data-book-lazy], so nothing moves when the scripts arrive); for a reader without a spellbook
 * the spellbook's scripts (grimoire-config.js, grimoire.js) load on the first tap of the button,
 * then open the dialog. A reader who already keeps a spellbook in this browser
 * gets them right away (the button then tells whether the spell is in it).
 */
(function () {
  "use strict";

  var SCRIPT = document.currentScript;
  if (!SCRIPT) return;
  var HERE = new URL("./", SCRIPT.src);
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
    var box = document.querySelector("[data-book-lazy]");
    if (!box) return;
    if (hasBook()) {
      load();
      return;
    }
    var add = box.querySelector(".gr-book-add");
    var status = box.querySelector(".gr-book-status");
    add.addEventListener("click", function () {
      if (box.hasAttribute("data-book-clicked")) return;
      box.setAttribute("data-book-clicked", "");
      load().catch(function () {
        loading = null;
        box.removeAttribute("data-book-clicked");
        if (status) status.textContent = "Mon grimoire n’a pas pu être chargé : réessayez.";
      });
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
