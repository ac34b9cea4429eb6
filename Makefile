# Grimoire — every entry point of the project. `make serve` and `make test` are all a newcomer needs.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
HOST   ?= 127.0.0.1
PORT   ?= 8000
SITE_URL ?=
# The publishing address reaches the build through the environment, never through a shell
# command line ($(value …) keeps it as written); the build checks it is an http(s) address.
override SITE_URL := $(value SITE_URL)
export SITE_URL

.PHONY: setup check generate build serve lint format test bench clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

node_modules/.installed: package.json package-lock.json
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
	$(PY) -m generator serve --host $(HOST) --port $(PORT)

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
	$(PY) -m pytest -n 2 --dist loadfile --no-loadscope-reorder

bench: setup
	$(PY) bench/bench_rules.py
	$(PY) bench/bench_build.py
	sh tools/ensure-test-tools
	$(PY) bench/bench_instant.py
	$(PY) bench/bench_lighthouse.py

clean:
	rm -rf build site .site.* .pytest_cache .hypothesis .mypy_cache .ruff_cache
