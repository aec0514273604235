#!/usr/bin/env bash
# Run every test of scorpion-solitaire on a fresh machine.
#
# Installs what the tests need first: a C compiler and the Python headers when they are
# missing (so that the solver core is compiled with mypyc, as a user's `pip install .`
# does), the package with its test extras in a virtual environment (.venv; a regular
# install, so the tests run the wheel users get), Debian's Chromium for the browser tests,
# axe-core from the npm registry for the accessibility checks (into .cache/, git-ignored),
# and Debian's PostgreSQL, started as a private cluster on localhost, for the store and API
# tests (as root, or through sudo). Then: ruff, mypy (strict on engine, solver and advisor), pytest.
# The store and API tests run on SQLite and on PostgreSQL; to use a PostgreSQL server of
# your own instead, set SCORPION_TEST_POSTGRES to an URL whose user may create databases.
# Extra arguments go to pytest, e.g. `bash scripts/test.sh tests/engine -x` (`-n 0` runs the
# tests in one process).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then $sudo apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

headers="$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h"
if ! command -v cc >/dev/null || [ ! -f "$headers" ]; then
  echo "Installing a C compiler and the Python headers for the compiled solver core..."
  apt_install gcc python3-dev
fi

if [ ! -x .venv/bin/python ]; then
  if ! python3 -c "import ensurepip" 2>/dev/null; then
    echo "Installing Debian's python3-venv..."
    apt_install python3-venv
  fi
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check '.[test]'

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests..."
  apt_install chromium
fi

# axe-core (npm registry) for the accessibility checks of the browser tests, once; they
# are skipped, saying so, when it cannot be had.
axe=.cache/axe-core/axe.min.js
if [ ! -f "$axe" ]; then
  if ! command -v npm >/dev/null; then
    echo "Installing Debian's npm to fetch axe-core..."
    apt_install npm || true
  fi
  if command -v npm >/dev/null; then
    mkdir -p .cache/axe-core
    (
      cd .cache/axe-core
      tarball="$(npm pack --silent axe-core | tail -n 1)"
      tar -xzf "$tarball" package/axe.min.js package/LICENSE package/package.json
      mv package/axe.min.js package/LICENSE package/package.json .
      rm -rf package "$tarball"
    ) || echo "axe-core could not be fetched: the accessibility tests will be skipped"
  fi
fi

if [ -z "${SCORPION_TEST_POSTGRES:-}" ]; then
  SCORPION_TEST_POSTGRES="$(bash scripts/postgres-for-tests.sh)"
fi
export SCORPION_TEST_POSTGRES
# The compiler is there, so a pure-Python solver core would mean the build went wrong
# (unless SCORPION_PURE_PYTHON asked for one).
if [ "${SCORPION_PURE_PYTHON:-0}" = 0 ]; then
  export SCORPION_REQUIRE_COMPILED=1
fi

echo "== ruff"
.venv/bin/ruff check .
echo "== mypy"
.venv/bin/mypy
echo "== pytest"
# Test files run in parallel, one process per core (at most four): most tests wait on a
# browser, a server process or a database as often as they compute.
.venv/bin/python -m pytest --numprocesses auto --maxprocesses 4 --dist loadfile "$@"
