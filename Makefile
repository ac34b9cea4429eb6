# Grimoire — every entry point of the project. `make serve` and `make test` are all a newcomer needs.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
SITE_URL ?=
# The publishing address reaches the build through the environment, never through a shell
# command line ($(value …) keeps it as written); the build checks it is an http(s) address.
override SITE_URL := $(value SITE_URL)
export SITE_URL
# Where `make serve` listens: HOST and PORT given on make's command line (make serve HOST=… PORT=…),
# else GRIMOIRE_HOST and GRIMOIRE_PORT, else 127.0.0.1:8000; never a HOST or PORT inherited from
# the environment (shells and Node set-ups export HOST, even 0.0.0.0). They reach the server as
# written ($(value …)), through the environment, and it checks them before building anything; a
# HOST or PORT of the command line goes no further (make would expand it to export it).
GRIMOIRE_HOST ?= 127.0.0.1
GRIMOIRE_PORT ?= 8000
override GRIMOIRE_HOST := $(value GRIMOIRE_HOST)
override GRIMOIRE_PORT := $(value GRIMOIRE_PORT)
ifeq ($(origin HOST),command line)
override HOST := $(value HOST)
override GRIMOIRE_HOST := $(HOST)
endif
ifeq ($(origin PORT),command line)
override PORT := $(value PORT)
override GRIMOIRE_PORT := $(PORT)
endif
export GRIMOIRE_HOST GRIMOIRE_PORT

.PHONY: setup check generate build serve lint format test bench clean

# A first install takes minutes: each step says what it does before it starts.
$(VENV)/.installed: pyproject.toml
	@echo "Installation 1/4 : environnement Python ($(VENV))…"
	$(PYTHON) -m venv $(VENV)
	@echo "Installation 2/4 : mise à jour de pip…"
	$(PY) -m pip install --quiet --upgrade pip
	@echo "Installation 3/4 : paquets Python (MkDocs, Material, outils de test ; une à deux minutes)…"
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

node_modules/.installed: package.json package-lock.json
	@echo "Installation 4/4 : paquets npm (moteur Pyodide hébergé avec le site, axe-core, Lighthouse, Biome)…"
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

node_modules/.bin/biome:
	$(MAKE) node_modules/.installed

setup: $(VENV)/.installed node_modules/.installed

check: setup
	$(PY) -m generator check spells

generate: setup
	$(PY) -m generator generate

build: setup
	$(PY) -m generator build

serve: setup
	$(PY) -m generator serve --host="$$GRIMOIRE_HOST" --port="$$GRIMOIRE_PORT"

# Linters and type checks: a few seconds, first in `make test`, any finding fails it.
lint: $(VENV)/.installed node_modules/.bin/biome
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	node_modules/.bin/biome lint --error-on-warnings --diagnostic-level=warn
	node_modules/.bin/biome format

# Rewrites the code in the project's layout (Ruff for Python, Biome for JavaScript).
format: $(VENV)/.installed node_modules/.bin/biome
	$(VENV)/bin/ruff format .
	node_modules/.bin/biome format --write

test: setup lint
	node --test tests/js/*.test.mjs
	sh tools/ensure-test-tools
	$(PY) -m pytest -n 2 --dist loadfile --no-loadscope-reorder --durations=25

bench: setup
	$(PY) bench/bench_rules.py
	$(PY) bench/bench_build.py
	sh tools/ensure-test-tools
	$(PY) bench/bench_instant.py
	$(PY) bench/bench_lighthouse.py

clean:
	rm -rf build site .site.* .pytest_cache .hypothesis .mypy_cache .ruff_cache
