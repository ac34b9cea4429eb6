/* Grimoire — page behaviour that is not a game rule: copy a link, filter and sort the index.
   Everything works without this script: the index is the full table, links are plain links. */
(function () {
  "use strict";

  /* Where this script was loaded from: the search text (recherche.json) sits beside it. */
  var SCRIPT_SRC = document.currentScript ? document.currentScript.src : "";

  /* Same folding as generator.pages.site.fold: lower case, no accents, œ → oe, words split on
     anything that is not a letter or digit (so « l'invisibilité » gives « l invisibilite »). */
  function fold(text) {
    return String(text)
      .replace(/œ/g, "oe").replace(/Œ/g, "oe").replace(/æ/g, "ae").replace(/Æ/g, "ae")
      .normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
  }

  /* Copy without the Clipboard API too: it only exists in secure contexts (https or
     localhost), and a game master may serve the site over plain http on a local network. */
  function copyText(text) {
    if (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () {
        return legacyCopy(text) ? undefined : Promise.reject(new Error("copy"));
      });
    }
    return legacyCopy(text) ? Promise.resolve() : Promise.reject(new Error("copy"));
  }

  function legacyCopy(text) {
    var focused = document.activeElement;
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.top = "0";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    if (focused && focused.focus) focused.focus();
    return ok;
  }

  function setupCopyLinks() {
    document.querySelectorAll("[data-copy-link]").forEach(function (button) {
      var status = button.parentElement.querySelector(".gr-copy-status");
      button.hidden = false;
      button.addEventListener("click", function () {
        var url = location.href;
        var say = function (text) { if (status) status.textContent = text + url; };
        copyText(url).then(function () { say("Lien copié : "); },
                           function () { say("Copie impossible, voici le lien : "); });
      });
    });
  }

  /* A table wider than the screen scrolls sideways inside its wrapper; a keyboard user must be
     able to reach and scroll it too, so a scrolling wrapper becomes a focusable, named region. */
  /* A table's name: its caption, else a heading just before it, else its first headers. */
  function tableName(wrap, table) {
    if (table && table.caption) return table.caption.textContent.trim();
    var node = wrap.previousElementSibling;
    for (var i = 0; node && i < 4; i++, node = node.previousElementSibling) {
      if (/^H[1-6]$/.test(node.tagName)) return node.textContent.trim();
    }
    var heads = table && table.tHead ? Array.prototype.map.call(table.tHead.rows[0].cells,
      function (cell) { return cell.textContent.trim(); }) : [];
    return heads.slice(0, 3).join(", ") + (heads.length > 3 ? "…" : "");
  }

  function setupScrollableTables() {
    var wraps = Array.prototype.slice.call(document.querySelectorAll(".md-typeset .gr-table-wrap"));
    if (!wraps.length) return;
    function update() {
      wraps.forEach(function (wrap) {
        var table = wrap.querySelector("table");
        var scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
        if (scrolls && !wrap.hasAttribute("tabindex")) {
          var name = tableName(wrap, table);
          wrap.setAttribute("tabindex", "0");
          wrap.setAttribute("role", "region");
          wrap.setAttribute("aria-label", name ? "Tableau défilant : " + name : "Tableau défilant");
          wrap.classList.add("gr-scrolls");
        } else if (!scrolls && wrap.classList.contains("gr-scrolls")) {
          wrap.removeAttribute("tabindex");
          wrap.removeAttribute("role");
          wrap.removeAttribute("aria-label");
          wrap.classList.remove("gr-scrolls");
        }
      });
    }
    update();
    var timer = null;
    window.addEventListener("resize", function () {
      clearTimeout(timer);
      timer = setTimeout(update, 150);
    });
  }

  var STATES = ["", "include", "exclude"];
  var STATE_LABELS = { "": "", include: "inclus", exclude: "exclu" };

  function setupIndex(root) {
    var form = root.querySelector(".gr-filters");
    var table = root.querySelector(".gr-index-table");
    var tbody = table.tBodies[0];
    var rows = Array.prototype.slice.call(tbody.rows);
    var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
    var query = form.querySelector("input[name=q]");
    var count = form.querySelector(".gr-count");
    var empty = root.querySelector(".gr-empty");
    var collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });
    var searchText = null;
    var sortState = { column: 0, descending: false };

    /* Phone layout (site.css): each row becomes a card whose cells carry their column's name,
       and the header row becomes a row of sort buttons. Explicit roles keep the table's
       semantics whatever display the stylesheet gives its parts. */
    table.classList.add("gr-cards");
    table.setAttribute("role", "table");
    table.tHead.rows[0].setAttribute("data-label", "Trier par :");
    [table.tHead, tbody].forEach(function (group) { group.setAttribute("role", "rowgroup"); });
    Array.prototype.forEach.call(table.rows, function (row) {
      row.setAttribute("role", "row");
      Array.prototype.forEach.call(row.cells, function (cell, column) {
        if (row.parentNode === table.tHead) {
          cell.setAttribute("role", "columnheader");
        } else {
          cell.setAttribute("role", cell.tagName === "TH" ? "rowheader" : "cell");
          cell.setAttribute("data-label", headers[column].textContent.trim());
        }
      });
    });

    headers.forEach(function (th, column) {
      var label = th.textContent;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "gr-sort";
      button.textContent = label;
      button.setAttribute("aria-label", "Trier par " + label.toLowerCase());
      th.textContent = "";
      th.appendChild(button);
      button.addEventListener("click", function () {
        var descending = sortState.column === column ? !sortState.descending : false;
        sortState = { column: column, descending: descending };
        apply(true);
      });
    });

    /* The sort key of a cell: its data-value, else the spell name for the row header (not
       the aliases shown after it), else its text. */
    function cellKey(row, column) {
      var cell = row.cells[column];
      var value = cell.getAttribute("data-value");
      if (value !== null) return value;
      var link = cell.tagName === "TH" ? cell.querySelector("a") : null;
      return (link || cell).textContent.trim();
    }

    function sortRows() {
      var kind = headers[sortState.column].getAttribute("data-sort");
      var sign = sortState.descending ? -1 : 1;
      var sorted = rows.slice().sort(function (a, b) {
        var x = cellKey(a, sortState.column), y = cellKey(b, sortState.column);
        var order = kind === "text" ? collator.compare(x, y) : Number(x) - Number(y);
        if (order === 0) order = collator.compare(cellKey(a, 0), cellKey(b, 0));
        return sign * order;
      });
      sorted.forEach(function (row) { tbody.appendChild(row); });
      headers.forEach(function (th, column) {
        if (column === sortState.column) {
          th.setAttribute("aria-sort", sortState.descending ? "descending" : "ascending");
        } else {
          th.removeAttribute("aria-sort");
        }
      });
    }

    function facetState(facet) {
      var state = { include: [], exclude: [] };
      form.querySelectorAll('[data-facet="' + facet + '"] .gr-toggle').forEach(function (b) {
        var s = b.getAttribute("data-state") || "";
        if (s) state[s].push(b.getAttribute("data-value"));
      });
      return state;
    }

    function setToggle(button, state) {
      button.setAttribute("data-state", state);
      button.setAttribute("aria-pressed", state ? "true" : "false");
      var base = button.getAttribute("aria-label").replace(/ : (inclus|exclu)$/, "");
      button.setAttribute("aria-label", state ? base + " : " + STATE_LABELS[state] : base);
    }

    function matchesFacet(values, state) {
      var hit = function (v) { return values.indexOf(v) >= 0; };
      if (state.include.length && !state.include.some(hit)) return false;
      return !state.exclude.some(hit);
    }

    function levelsOf(row) {
      var out = [];
      for (var n = Number(row.dataset.min); n <= Number(row.dataset.max); n++) out.push(String(n));
      return out;
    }

    function visible(row, words) {
      if (!matchesFacet(levelsOf(row), facetState("niveau"))) return false;
      if (!matchesFacet([row.dataset.element], facetState("element"))) return false;
      if (!matchesFacet([row.dataset.difficulty], facetState("difficulte"))) return false;
      if (!words.length) return true;
      var text = " " + row.dataset.text + " " + (searchText ? searchText[row.dataset.slug] || "" : "") + " ";
      return words.every(function (w) { return text.indexOf(w) >= 0; });
    }

    function writeUrl() {
      var params = new URLSearchParams(location.search);
      ["q", "niveau", "element", "difficulte", "tri"].forEach(function (k) { params.delete(k); });
      if (query.value.trim()) params.set("q", query.value.trim());
      ["niveau", "element", "difficulte"].forEach(function (facet) {
        var state = facetState(facet);
        var values = state.include.concat(state.exclude.map(function (v) { return "-" + v; }));
        if (values.length) params.set(facet, values.join(","));
      });
      if (sortState.column !== 0 || sortState.descending) {
        params.set("tri", sortState.column + (sortState.descending ? "-desc" : ""));
      }
      var search = params.toString();
      history.replaceState(null, "", location.pathname + (search ? "?" + search : "") + location.hash);
    }

    function readUrl() {
      var params = new URLSearchParams(location.search);
      query.value = params.get("q") || "";
      ["niveau", "element", "difficulte"].forEach(function (facet) {
        var values = (params.get(facet) || "").split(",").filter(Boolean);
        form.querySelectorAll('[data-facet="' + facet + '"] .gr-toggle').forEach(function (b) {
          var v = b.getAttribute("data-value");
          setToggle(b, values.indexOf(v) >= 0 ? "include" : values.indexOf("-" + v) >= 0 ? "exclude" : "");
        });
      });
      var tri = /^(\d+)(-desc)?$/.exec(params.get("tri") || "");
      if (tri && Number(tri[1]) < headers.length) {
        sortState = { column: Number(tri[1]), descending: !!tri[2] };
      }
    }

    function apply(resort) {
      var words = fold(query.value).split(" ").filter(Boolean);
      if (words.length && searchText === null) loadSearchText();
      if (resort) sortRows();
      var shown = 0;
      rows.forEach(function (row) {
        var ok = visible(row, words);
        row.hidden = !ok;
        if (ok) shown++;
      });
      count.textContent = shown + (shown > 1 ? " sorts affichés" : " sort affiché") + " sur " + rows.length;
      empty.hidden = shown !== 0;
      writeUrl();
    }

    /* mkdocs-material's search plugin deletes every data-search-* attribute from the pages, so
       the template's data-search-url never reaches the browser: prefer data-recherche-url, then
       the file beside this script. */
    function searchUrl() {
      var given = root.getAttribute("data-recherche-url") || root.getAttribute("data-search-url");
      if (given) return given;
      return SCRIPT_SRC ? new URL("recherche.json", SCRIPT_SRC).href : "../assets/site/recherche.json";
    }

    var loading = false;
    function loadSearchText() {
      if (loading) return;
      loading = true;
      fetch(searchUrl())
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) { if (data) { searchText = data; apply(false); } })
        .catch(function () { loading = false; /* names and aliases are still searched */ });
    }

    form.querySelectorAll(".gr-toggle").forEach(function (button) {
      button.addEventListener("click", function () {
        var next = STATES[(STATES.indexOf(button.getAttribute("data-state") || "") + 1) % STATES.length];
        setToggle(button, next);
        apply(false);
      });
    });
    query.addEventListener("input", function () { apply(false); });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      query.blur(); /* « OK » on a phone keyboard: close it and show the results */
    });
    form.querySelector("[data-reset]").addEventListener("click", function () {
      query.value = "";
      form.querySelectorAll(".gr-toggle").forEach(function (b) { setToggle(b, ""); });
      sortState = { column: 0, descending: false };
      apply(true);
    });
    form.querySelector("[data-print]").addEventListener("click", function () { window.print(); });
    form.hidden = false;
    readUrl();
    apply(true);
  }

  function start() {
    setupCopyLinks();
    var index = document.querySelector(".gr-index");
    if (index) setupIndex(index);
    setupScrollableTables();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
