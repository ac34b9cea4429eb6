/* Grimoire: the in-page calculators.
 *
 * Loaded on every page (after config.js); does nothing on a page without
 * .gr-calc sections. No rule of the game lives here: this script reads the
 * form fields, sends their raw text to widgets/bridge.py running in a Web
 * Worker (engine-worker.js, Pyodide), and draws the figures it gets back
 * into the slots the server-side HTML declares:
 *   data-out="a.b"        text of that value
 *   data-rows="path"      <tbody> rows, one cell per key of data-cols
 *   data-bar="path"       stacked bar sized by each item's "share"
 *   data-list="path"      one <li> per string
 *   data-show / data-hide element shown / hidden when the value is truthy
 *
 * Loading is lazy: the worker (one per page, shared by every calculator) is
 * created when a reader first uses a calculator or one scrolls into view, or
 * when the URL carries a calculator's state. If Pyodide cannot be loaded
 * within the timeout, each calculator says so and the page's precomputed
 * tables remain.
 */
(function () {
  "use strict";

  var SCRIPT = document.currentScript;
  var DEBOUNCE_MS = 250;
  var REQUEST_TIMEOUT_MS = 30000;
  var CONFIG_ERROR = "configuration du moteur absente";

  function scriptBase() {
    var src = SCRIPT && SCRIPT.src;
    if (!src) {
      var found = document.querySelector('script[src*="calculators.js"]');
      src = found && found.src;
    }
    return src ? new URL(".", src).href : null;
  }

  var BASE = scriptBase();

  // User Timing marks, for the benchmark and the browser's performance panel.
  function mark(name) {
    try {
      if (performance.getEntriesByName(name, "mark").length === 0) performance.mark(name);
    } catch (error) {
      /* no User Timing: nothing to record */
    }
  }

  function megabytes(bytes) {
    return (bytes / 1e6).toFixed(1).replace(".", ",") + "\u00a0Mo";
  }

  // ------------------------------------------------------------ the engine

  var engine = {
    state: "idle", // idle | loading | ready | failed
    reason: "",
    worker: null,
    nextId: 1,
    pending: new Map(),
    listeners: [],
    bootTimer: null,

    subscribe: function (listener) {
      this.listeners.push(listener);
    },

    setState: function (state, reason) {
      this.state = state;
      this.reason = reason || "";
      for (var i = 0; i < this.listeners.length; i++) {
        try {
          this.listeners[i](state, this.reason);
        } catch (error) {
          console.error(error);
        }
      }
    },

    loadingText: function () {
      var cfg = self.GRIMOIRE_ENGINE;
      var size = cfg && cfg.downloadBytes ? " (" + megabytes(cfg.downloadBytes) + ")" : "";
      return "Chargement du moteur de calcul" + size + "\u2026";
    },

    start: function () {
      if (this.state !== "idle") return;
      var cfg = self.GRIMOIRE_ENGINE;
      if (!cfg || !cfg.pyodide || !cfg.archive || !BASE || typeof Worker === "undefined") {
        this.fail(typeof Worker === "undefined" ? "navigateur sans Web Worker" : CONFIG_ERROR);
        return;
      }
      var url = new URL("engine-worker.js", BASE);
      url.searchParams.set("pyodide", new URL(cfg.pyodide, BASE).href);
      url.searchParams.set("archive", new URL(cfg.archive, BASE).href);
      mark("grimoire:engine-start");
      this.setState("loading");
      var self_ = this;
      try {
        this.worker = new Worker(url.href, { type: "module" });
      } catch (error) {
        this.fail("le script du moteur n'a pas pu démarrer");
        return;
      }
      this.worker.onmessage = function (event) {
        self_.onMessage(event.data || {});
      };
      this.worker.onerror = function (event) {
        if (event && event.preventDefault) event.preventDefault();
        self_.fail("le script du moteur a échoué");
      };
      this.bootTimer = setTimeout(function () {
        self_.fail("délai de " + Math.round((cfg.timeoutMs || 60000) / 1000) + " s dépassé");
      }, cfg.timeoutMs || 60000);
    },

    onMessage: function (data) {
      if (data.type === "progress") {
        if (data.stage === "engine" && this.state === "loading") {
          this.setState("loading", "engine");
        }
        return;
      }
      if (data.type === "ready") {
        mark("grimoire:engine-ready");
        this.timings = { ready: data.ms, pyodide: data.pyodideMs, engine: data.engineMs };
        clearTimeout(this.bootTimer);
        this.setState("ready");
        return;
      }
      if (data.type === "error") {
        this.fail(data.message || "erreur inconnue");
        return;
      }
      var entry = this.pending.get(data.id);
      if (!entry) return;
      this.pending.delete(data.id);
      clearTimeout(entry.timer);
      entry.resolve(data.response);
    },

    fail: function (reason) {
      clearTimeout(this.bootTimer);
      if (this.worker) {
        this.worker.terminate();
        this.worker = null;
      }
      this.pending.forEach(function (entry) {
        clearTimeout(entry.timer);
        entry.resolve(null);
      });
      this.pending.clear();
      console.warn("[Grimoire] moteur de calcul indisponible :", reason);
      this.setState("failed", reason);
    },

    // A request that ran far too long: restart the worker on the next request.
    abandon: function () {
      if (this.worker) this.worker.terminate();
      this.worker = null;
      this.pending.forEach(function (entry) {
        clearTimeout(entry.timer);
        entry.resolve({
          ok: false,
          errors: [{ field: null, message: "Le calcul a pris trop de temps ; le moteur a été relancé." }],
        });
      });
      this.pending.clear();
      this.setState("idle");
    },

    // Resolves with the bridge's response, or null when the engine failed.
    request: function (request) {
      this.start();
      if (this.state === "failed" || !this.worker) return Promise.resolve(null);
      var id = this.nextId++;
      var self_ = this;
      return new Promise(function (resolve) {
        var entry = { resolve: resolve, timer: null };
        if (self_.state === "ready") {
          entry.timer = setTimeout(function () {
            self_.abandon();
          }, REQUEST_TIMEOUT_MS);
        }
        self_.pending.set(id, entry);
        self_.worker.postMessage({ id: id, request: request });
      });
    },
  };

  // ------------------------------------------------------------ drawing

  function valueAt(data, path) {
    var parts = path.split(".");
    var value = data;
    for (var i = 0; i < parts.length; i++) {
      if (value === null || value === undefined) return undefined;
      value = value[parts[i]];
    }
    return value;
  }

  function text(value) {
    if (value === null || value === undefined || value === "") return "\u2014";
    return String(value);
  }

  function slotKey(item, index) {
    var key = item && item.key !== undefined ? String(item.key) : String(index);
    return key.replace(/[^a-z0-9_-]/gi, "");
  }

  function drawRows(tbody, items) {
    var cols = (tbody.getAttribute("data-cols") || "").split(/\s+/).filter(Boolean);
    // Column names, repeated on each cell for the narrow-screen (card) layout.
    var table = tbody.closest("table");
    var heads = table ? table.querySelectorAll("thead th") : [];
    var swatch = tbody.hasAttribute("data-swatch");
    var flag = tbody.getAttribute("data-flag");
    var flagText = tbody.getAttribute("data-flag-text") || "";
    var fragment = document.createDocumentFragment();
    (items || []).forEach(function (item, index) {
      var row = document.createElement("tr");
      row.setAttribute("role", "row");
      row.className = "gr-row gr-row--" + slotKey(item, index);
      if (flag && item[flag]) row.className += " gr-row--flagged";
      cols.forEach(function (col, i) {
        var cell = document.createElement(i === 0 ? "th" : "td");
        cell.setAttribute("role", i === 0 ? "rowheader" : "cell");
        if (heads[i]) cell.setAttribute("data-label", heads[i].textContent);
        if (i === 0) {
          cell.scope = "row";
          if (swatch) {
            var mark = document.createElement("span");
            mark.className = "gr-swatch gr-swatch--" + slotKey(item, index);
            mark.setAttribute("aria-hidden", "true");
            cell.appendChild(mark);
          }
        }
        cell.appendChild(document.createTextNode(text(valueAt(item, col))));
        if (i === 0 && flag && item[flag] && flagText) {
          var note = document.createElement("span");
          note.className = "gr-calc__flag";
          note.textContent = " (" + flagText + ")";
          cell.appendChild(note);
        }
        row.appendChild(cell);
      });
      fragment.appendChild(row);
    });
    tbody.replaceChildren(fragment);
  }

  function drawBar(bar, items) {
    var fragment = document.createDocumentFragment();
    (items || []).forEach(function (item, index) {
      if (!item || !(item.share > 0)) return;
      var segment = document.createElement("span");
      segment.className = "gr-bar__seg gr-bar__seg--" + slotKey(item, index);
      segment.style.width = (item.share * 100).toFixed(4) + "%";
      segment.title = text(item.label !== undefined ? item.label : item.xp + " XP") + " : " + text(item.percent);
      fragment.appendChild(segment);
    });
    bar.replaceChildren(fragment);
  }

  function drawList(list, items) {
    var fragment = document.createDocumentFragment();
    (items || []).forEach(function (item) {
      var li = document.createElement("li");
      li.textContent = text(item);
      fragment.appendChild(li);
    });
    list.replaceChildren(fragment);
  }

  function draw(root, data) {
    root.querySelectorAll("[data-out]").forEach(function (el) {
      el.textContent = text(valueAt(data, el.getAttribute("data-out")));
    });
    root.querySelectorAll("[data-rows]").forEach(function (el) {
      drawRows(el, valueAt(data, el.getAttribute("data-rows")));
    });
    root.querySelectorAll("[data-bar]").forEach(function (el) {
      drawBar(el, valueAt(data, el.getAttribute("data-bar")));
    });
    root.querySelectorAll("[data-list]").forEach(function (el) {
      drawList(el, valueAt(data, el.getAttribute("data-list")));
    });
    root.querySelectorAll("[data-show]").forEach(function (el) {
      el.hidden = !valueAt(data, el.getAttribute("data-show"));
    });
    root.querySelectorAll("[data-hide]").forEach(function (el) {
      el.hidden = !!valueAt(data, el.getAttribute("data-hide"));
    });
  }

  // ------------------------------------------------------------ URL state

  function readQuery() {
    return new URLSearchParams(window.location.search);
  }

  function writeQuery(update) {
    var params = readQuery();
    update(params);
    var query = params.toString();
    var url = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
    try {
      history.replaceState(history.state, "", url);
    } catch (error) {
      /* a sandboxed page may refuse: the calculator still works */
    }
  }

  // ------------------------------------------------------------ a calculator

  function Calculator(section) {
    this.section = section;
    this.calc = section.getAttribute("data-calc");
    this.prefix = section.getAttribute("data-prefix") || this.calc;
    this.form = section.querySelector("form");
    this.status = section.querySelector("[data-status]");
    this.formError = section.querySelector("[data-form-error]");
    this.output = section.querySelector("[data-output]");
    this.result = section.querySelector("[data-result]");
    this.fields = Array.prototype.slice.call(section.querySelectorAll("[data-field]"));
    this.params = Array.prototype.slice.call(section.querySelectorAll("[data-param]"));
    this.seq = 0;
    this.shown = 0;
    this.busy = false;
    this.queued = null;
    this.timer = null;
    this.used = false;
    section.setAttribute("data-state", "idle");
  }

  Calculator.prototype.key = function (el) {
    return this.prefix + "-" + el.getAttribute("data-param");
  };

  Calculator.prototype.field = function (name) {
    for (var i = 0; i < this.fields.length; i++) {
      if (this.fields[i].getAttribute("data-field") === name) return this.fields[i];
    }
    return null;
  };

  Calculator.prototype.request = function (calc, extra) {
    var request = { calc: calc };
    this.fields.forEach(function (el) {
      if (!el.hasAttribute("data-noauto")) request[el.getAttribute("data-field")] = el.value;
    });
    if (extra) {
      for (var k in extra) request[k] = extra[k];
    }
    return request;
  };

  Calculator.prototype.saveState = function (seed) {
    var self_ = this;
    writeQuery(function (params) {
      self_.params.forEach(function (el) {
        if (el.hasAttribute("data-noauto")) return;
        params.set(self_.key(el), el.value);
      });
      var seedField = self_.field("seed");
      if (seedField) {
        if (seed !== undefined && seed !== null) params.set(self_.key(seedField), String(seed));
        else params.delete(self_.key(seedField));
      }
    });
  };

  // Returns true when the URL holds a state for this calculator.
  Calculator.prototype.restore = function () {
    var query = readQuery();
    var found = false;
    var self_ = this;
    this.params.forEach(function (el) {
      var key = self_.key(el);
      if (!query.has(key)) return;
      found = true;
      var value = query.get(key);
      if (el.tagName === "SELECT") {
        var known = Array.prototype.some.call(el.options, function (o) {
          return o.value === value;
        });
        if (known) el.value = value;
      } else {
        el.value = value;
      }
    });
    return found;
  };

  Calculator.prototype.onEngine = function (state, reason) {
    if (!this.section.isConnected) return; // left behind by instant navigation
    this.section.setAttribute("data-state", state);
    if (!this.used) return;
    if (state === "loading") {
      this.setStatus(reason === "engine" ? "Préparation du moteur de calcul\u2026" : engine.loadingText());
    } else if (state === "ready") {
      this.setStatus("");
    } else if (state === "failed") {
      this.setStatus(
        "Le moteur de calcul n'a pas pu être chargé (" + reason + ") : " +
          "les tables précalculées restent valables."
      );
      this.section.classList.add("gr-calc--failed");
    }
  };

  Calculator.prototype.setStatus = function (message) {
    if (this.status && this.status.textContent !== message) this.status.textContent = message;
  };

  Calculator.prototype.activate = function () {
    if (!this.used) {
      this.used = true;
      this.onEngine(engine.state === "idle" ? "loading" : engine.state, engine.reason);
    }
    engine.start();
    this.onEngine(engine.state, engine.reason);
  };

  Calculator.prototype.schedule = function (delay) {
    var self_ = this;
    clearTimeout(this.timer);
    this.timer = setTimeout(function () {
      self_.compute(self_.request(self_.calc));
    }, delay);
  };

  // Sends one request; while one is in flight only the latest is kept.
  Calculator.prototype.compute = function (request) {
    clearTimeout(this.timer);
    this.activate();
    if (engine.state === "failed") return;
    if (this.busy) {
      this.queued = request;
      return;
    }
    this.busy = true;
    var seq = ++this.seq;
    var self_ = this;
    engine.request(request).then(function (response) {
      self_.busy = false;
      if (response && seq > self_.shown) {
        self_.shown = seq;
        self_.render(request, response);
      }
      if (self_.queued) {
        var next = self_.queued;
        self_.queued = null;
        self_.compute(next);
      }
    });
  };

  Calculator.prototype.clearErrors = function () {
    this.section.querySelectorAll("[data-error-for]").forEach(function (el) {
      el.textContent = "";
    });
    this.fields.forEach(function (el) {
      el.removeAttribute("aria-invalid");
    });
    if (this.formError) {
      this.formError.textContent = "";
      this.formError.hidden = true;
    }
  };

  Calculator.prototype.showErrors = function (errors) {
    var general = [];
    var self_ = this;
    errors.forEach(function (error) {
      var input = error.field ? self_.field(error.field) : null;
      var slot = input ? self_.section.querySelector('[data-error-for="' + error.field + '"]') : null;
      if (input && slot) {
        input.setAttribute("aria-invalid", "true");
        slot.textContent = error.message;
      } else {
        general.push(error.message);
      }
    });
    if (general.length && this.formError) {
      this.formError.textContent = general.join(" ");
      this.formError.hidden = false;
    }
  };

  Calculator.prototype.render = function (request, response) {
    this.clearErrors();
    if (!response.ok) {
      // The link keeps what the reader typed, so it reopens on the same message.
      if (this.wantsUrl) this.saveState(null);
      this.showErrors(response.errors || []);
      if (this.result) this.result.classList.add("is-stale");
      this.section.setAttribute("data-result", "error");
      return;
    }
    mark("grimoire:first-result");
    var seed = response.roll ? response.roll.seed : null;
    var seedField = this.field("seed");
    if (seedField && seed !== null) seedField.value = String(seed);
    if (this.wantsUrl) this.saveState(seed);
    draw(this.output, response);
    if (this.result) {
      this.result.hidden = false;
      this.result.classList.remove("is-stale");
    }
    this.section.setAttribute("data-result", response.roll ? "roll" : "ok");
  };

  Calculator.prototype.syncSpell = function (select) {
    var side = select.getAttribute("data-spell-for");
    var option = select.options[select.selectedIndex];
    var element = option && option.getAttribute("data-element");
    var target = this.field(side + "_element");
    if (element && target) target.value = element;
  };

  Calculator.prototype.bind = function () {
    var self_ = this;
    var section = this.section;
    var wake = function () {
      self_.activate();
      if (!self_.shown && !self_.busy) self_.compute(self_.request(self_.calc));
    };
    section.addEventListener("focusin", wake);
    section.addEventListener("pointerdown", wake);

    section.addEventListener("input", function (event) {
      var el = event.target;
      if (el.hasAttribute("data-noauto")) return;
      self_.wantsUrl = true;
      self_.schedule(DEBOUNCE_MS);
    });
    section.addEventListener("change", function (event) {
      var el = event.target;
      if (el.hasAttribute("data-noauto")) return;
      if (el.hasAttribute("data-spell-for")) self_.syncSpell(el);
      if (el.getAttribute("data-field") && /_element$/.test(el.getAttribute("data-field"))) {
        // An element chosen by hand no longer matches the chosen spell.
        var side = el.getAttribute("data-field").charAt(0);
        var spell = section.querySelector('[data-spell-for="' + side + '"]');
        if (spell) {
          var option = spell.options[spell.selectedIndex];
          if (option && option.getAttribute("data-element") && option.getAttribute("data-element") !== el.value) {
            spell.value = "";
          }
        }
      }
      self_.wantsUrl = true;
      self_.schedule(0);
    });
    if (this.form) {
      this.form.addEventListener("submit", function (event) {
        event.preventDefault();
        self_.wantsUrl = true;
        var active = document.activeElement;
        if (active && active.getAttribute && active.getAttribute("data-field") === "seed") {
          self_.compute(self_.request("roll", { seed: active.value }));
        } else {
          self_.compute(self_.request(self_.calc));
        }
      });
    }
    section.querySelectorAll("[data-action]").forEach(function (button) {
      button.addEventListener("click", function () {
        self_.wantsUrl = true;
        var action = button.getAttribute("data-action");
        if (action === "roll") {
          self_.compute(self_.request("roll", { seed: "" }));
        } else if (action === "replay") {
          var seedField = self_.field("seed");
          self_.compute(self_.request("roll", { seed: seedField ? seedField.value : "" }));
        }
      });
    });
  };

  // ------------------------------------------------------------ page set-up

  var observer = null;
  var calculators = [];

  function watchVisibility(calculator) {
    if (typeof IntersectionObserver === "undefined") return;
    var saveData = navigator.connection && navigator.connection.saveData;
    if (saveData) return; // on a metered connection, wait for the reader to use it
    if (!observer) {
      observer = new IntersectionObserver(
        function (entries) {
          entries.forEach(function (entry) {
            if (!entry.isIntersecting) return;
            observer.unobserve(entry.target);
            var calc = entry.target.__grCalculator;
            if (calc && !calc.shown && !calc.busy) calc.compute(calc.request(calc.calc));
          });
        },
        { threshold: 0.15 }
      );
    }
    observer.observe(calculator.section);
  }

  function init() {
    var sections = document.querySelectorAll(".gr-calc[data-calc]");
    Array.prototype.forEach.call(sections, function (section) {
      if (section.__grCalculator) return;
      var calculator = new Calculator(section);
      section.__grCalculator = calculator;
      calculators.push(calculator);
      engine.subscribe(function (state, reason) {
        calculator.onEngine(state, reason);
      });
      calculator.bind();
      if (calculator.restore()) {
        calculator.wantsUrl = true;
        var seedField = calculator.field("seed");
        var seed = seedField && readQuery().get(calculator.key(seedField));
        calculator.compute(
          seed ? calculator.request("roll", { seed: seed }) : calculator.request(calculator.calc)
        );
      } else {
        watchVisibility(calculator);
      }
    });
  }

  // The page's engine for other scripts (the spellbook) and for tests: one worker per page.
  window.GrimoireCalculators = {
    // Resolves with the bridge's response to a request such as {calc: "progression", ...},
    // or null when the engine could not be loaded.
    request: function (request) {
      return engine.request(request);
    },
    // Subscribe to engine state changes: listener(state, reason).
    onState: function (listener) {
      engine.subscribe(listener);
    },
    engineState: function () {
      return engine.state;
    },
    // Worker timings once ready: {ready, pyodide, engine} in ms.
    engineTimings: function () {
      return engine.timings || null;
    },
    calculators: calculators,
  };

  if (window.document$ && typeof window.document$.subscribe === "function") {
    // mkdocs-material instant navigation: run on every page swap.
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
