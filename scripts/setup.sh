#!/usr/bin/env bash
# Installs everything the build and the tests need; fast when nothing changed.
# Runs as root without a terminal (CI) or as a developer with sudo.
set -euo pipefail
cd "$(dirname "$0")/.."
# Several test runs may start at once in one tree: one installs, the others wait.
exec 9<"$0"
flock 9

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Debian's Chromium: Playwright cannot download browsers here.
if [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing chromium (apt)"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -q
  as_root apt-get install -y -q chromium fonts-dejavu-core
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
