#!/usr/bin/env bash
# Installs everything the build and the tests need; fast when nothing changed.
# Runs as root without a terminal (CI) or as a developer with sudo.
set -euo pipefail
cd "$(dirname "$0")/.."
# Several test runs may start at once in one tree: one installs, the others wait.
exec 9<"$0"
flock 9

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# `setup.sh --fast`: only what `make test-fast` needs (no browser, no C compiler), for a
# machine without Debian's packages, such as the Pages workflow's.
fast=false
[ "${1:-}" = --fast ] && fast=true

# Debian's Chromium: Playwright cannot download browsers here. The tests drive its headless
# shell (scripts/chromium.py says why); the benchmarks and Lighthouse the whole browser.
if ! $fast && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; }; then
  echo "setup: installing chromium and chromium-headless-shell (apt)"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -q
  as_root apt-get install -y -q chromium chromium-headless-shell fonts-dejavu-core
fi

# A C compiler: tests/test_solve.py builds the exact solver in tools/solver/.
if ! $fast && ! command -v cc >/dev/null; then
  echo "setup: installing gcc (apt)"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -q
  as_root apt-get install -y -q gcc libc6-dev
fi

# The project itself, editable, with its pinned dev tools in .venv; reinstalled only when
# pyproject.toml's [project] or [build-system] tables change.
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  python3 -m venv .venv
fi
stamp=$(.venv/bin/python -c '
import json, tomllib
config = tomllib.load(open("pyproject.toml", "rb"))
print(json.dumps([config["project"], config["build-system"]], sort_keys=True))')
if [ "$stamp" != "$(cat .venv/install.stamp 2>/dev/null)" ]; then
  echo "setup: installing the project (editable) and its dev tools"
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[dev]"
  printf '%s' "$stamp" > .venv/install.stamp
fi

# Pyodide and axe-core from the lockfile, reinstalled only when it changes.
if ! cmp -s package-lock.json node_modules/.package-lock.json.stamp; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.package-lock.json.stamp
fi
