#!/usr/bin/env bash
# Run every test of scorpion-solitaire on a fresh machine.
#
# Installs what the tests need first: the package with its test extras in a virtual
# environment (.venv), Debian's Chromium for the browser tests when it is missing, and
# Debian's PostgreSQL, started as a private cluster on localhost, for the store and API
# tests (as root, or through sudo). Then: ruff, mypy (strict on engine and solver),
# pytest. The store and API tests run on SQLite and on PostgreSQL; to use a PostgreSQL
# server of your own instead, set SCORPION_TEST_POSTGRES to an URL whose user may
# create databases. Extra arguments go to pytest, e.g. `bash scripts/test.sh tests/engine -x`.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests..."
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

if [ -z "${SCORPION_TEST_POSTGRES:-}" ]; then
  SCORPION_TEST_POSTGRES="$(bash scripts/postgres-for-tests.sh)"
fi
export SCORPION_TEST_POSTGRES

echo "== ruff"
.venv/bin/ruff check .
echo "== mypy"
.venv/bin/mypy
echo "== pytest"
.venv/bin/python -m pytest "$@"
