#!/usr/bin/env bash
# Start a PostgreSQL server for the tests and print its SQLAlchemy URL on stdout.
#
# Installs Debian's postgresql when it is missing (as root, or through sudo), creates a
# private cluster "scorpiontest" on port 54329 (listening on localhost only) if there is
# none, starts it, and makes a superuser role "scorpion" for the tests, which create and
# drop their own databases. Messages go to stderr.
set -euo pipefail
PORT="${SCORPION_TEST_POSTGRES_PORT:-54329}"
if [ "$(id -u)" = 0 ]; then sudo=""; as_postgres="runuser -u postgres --"; else
  sudo="sudo"; as_postgres="sudo -u postgres"; fi

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  echo "Installing Debian's postgresql for the database tests..." >&2
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
fi
version="$(ls /usr/lib/postgresql | sort -V | tail -1)"

if ! pg_lsclusters -h | awk '{print $2}' | grep -qx scorpiontest; then
  $sudo pg_createcluster "$version" scorpiontest -p "$PORT" \
    -o listen_addresses=localhost -o fsync=off -o max_connections=200 >&2
fi
if ! pg_lsclusters -h | awk '$2 == "scorpiontest" {print $4}' | grep -qx online; then
  $sudo pg_ctlcluster "$version" scorpiontest start >&2
fi
for _ in $(seq 50); do
  $as_postgres psql -p "$PORT" -qAtc "SELECT 1" >/dev/null 2>&1 && break
  sleep 0.2
done
$as_postgres psql -p "$PORT" -qAt >/dev/null <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'scorpion') THEN
    CREATE ROLE scorpion LOGIN SUPERUSER PASSWORD 'scorpion';
  END IF;
END $$;
SQL
echo "postgresql+psycopg://scorpion:scorpion@127.0.0.1:$PORT/postgres"
