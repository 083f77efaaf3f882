# make serve: set up, build the site into dist/ and serve it on http://127.0.0.1:8000/
# make test:  set up, lint, and run the whole test suite on two workers (what CI runs)
# make test-fast: the tests that need no site build, no browser, no Pyodide and no C solver,
#             less the slow rest of the big sweeps (no lint either), on two workers; it installs
#             no browser and no compiler
# make lint:  ruff (lint + format check), mypy and biome (JavaScript lint); make format rewrites what ruff can fix
PYTHON := .venv/bin/python
PORT ?= 8000
# pytest-xdist workers for `make test`; e.g. `make test WORKERS=3` to compare (benchmarks/README.md).
WORKERS ?= 2

LIGHTHOUSE := build/lighthouse/node_modules/.bin/lighthouse

.PHONY: setup build serve test test-fast lint format lighthouse

setup:
	bash scripts/setup.sh

build: setup
	$(PYTHON) -m site_builder build --out dist

serve: build
	$(PYTHON) scripts/serve.py dist --port $(PORT)

test: lint
	$(PYTHON) -m pytest -n $(WORKERS) --dist loadfile

test-fast:
	bash scripts/setup.sh --fast
	$(PYTHON) -m pytest -m "not (e2e or build or pyodide or solver or slow)" -n 2

lint: setup
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .
	$(PYTHON) -m mypy
	node_modules/.bin/biome lint --error-on-warnings

format: setup
	$(PYTHON) -m ruff check --fix .
	$(PYTHON) -m ruff format .

# Lighthouse (mobile preset) on a rules page and a play page; slow, so not part of `make test`.
lighthouse: setup
	test -x $(LIGHTHOUSE) || npm install --no-save --no-audit --no-fund --loglevel=error \
		--prefix build/lighthouse lighthouse@12.2.3
	$(PYTHON) scripts/lighthouse.py
