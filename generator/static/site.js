/* Grimoire — page behaviour that is not a game rule: copy a link, filter and sort the index.
   Everything works without this script: the index is the full table, links are plain links. */
(function () {
  "use strict";

  /* Same folding as generator.site.fold: lower case, no accents, œ → oe, words split on
     anything that is not a letter or digit (so « l'invisibilité » gives « l invisibilite »). */
  function fold(text) {
    return String(text)
      .replace(/œ/g, "oe").replace(/Œ/g, "oe").replace(/æ/g, "ae").replace(/Æ/g, "ae")
      .normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
  }

  function setupCopyLinks() {
    document.querySelectorAll("[data-copy-link]").forEach(function (button) {
      var status = button.parentElement.querySelector(".gr-copy-status");
      button.hidden = false;
      button.addEventListener("click", function () {
        var url = location.href;
        var done = function () { if (status) status.textContent = "Lien copié : " + url; };
        var fail = function () { if (status) status.textContent = "Copie impossible : " + url; };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(url).then(done, fail);
        } else {
          fail();
        }
      });
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

    function cellKey(row, column) {
      var cell = row.cells[column];
      return cell.getAttribute("data-value") || cell.textContent.trim();
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

    var loading = false;
    function loadSearchText() {
      if (loading) return;
      loading = true;
      fetch(root.getAttribute("data-search-url"))
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) { if (data) { searchText = data; apply(false); } })
        .catch(function () { /* names and aliases are still searched */ });
    }

    form.querySelectorAll(".gr-toggle").forEach(function (button) {
      button.addEventListener("click", function () {
        var next = STATES[(STATES.indexOf(button.getAttribute("data-state") || "") + 1) % STATES.length];
        setToggle(button, next);
        apply(false);
      });
    });
    query.addEventListener("input", function () { apply(false); });
    form.addEventListener("submit", function (event) { event.preventDefault(); });
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
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
