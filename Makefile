# make serve: set up, build the site into dist/ and serve it on http://127.0.0.1:8000/
# make test:  set up, lint, and run the whole test suite (what CI runs)
# make lint:  ruff (lint + format check), mypy and biome (JavaScript lint); make format rewrites what ruff can fix
PYTHON := .venv/bin/python
PORT ?= 8000

.PHONY: setup build serve test lint format

setup:
	bash scripts/setup.sh

build: setup
	$(PYTHON) -m site_builder build --out dist

serve: build
	$(PYTHON) scripts/serve.py dist --port $(PORT)

test: lint
	$(PYTHON) -m pytest

lint: setup
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .
	$(PYTHON) -m mypy
	node_modules/.bin/biome lint --error-on-warnings

format: setup
	$(PYTHON) -m ruff check --fix .
	$(PYTHON) -m ruff format .
