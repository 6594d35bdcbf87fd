#!/usr/bin/env bash
# Sets up everything the tests need on a Debian 12 machine and runs every test
# against the real PostgreSQL and Redis, each test module in a fresh database.
# Ends with a line "tests: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup_system.sh --with-browser
deno=$(scripts/ensure_deno.sh)
"$deno" install --quiet
# Databases left by an interrupted run.
psql -h 127.0.0.1 -U postgres -d postgres -qAt -c \
  "select 'drop database if exists ' || quote_ident(datname) || ' with (force);' from pg_database where datname like 'backbone\_t\_%'" \
  | psql -h 127.0.0.1 -U postgres -d postgres -q >/dev/null
mkdir -p tests/.out
rm -f tests/.out/junit.xml
set +e
"$deno" test -A --parallel --junit-path=tests/.out/junit.xml tests/ "$@"
status=$?
set -e
"$deno" run --allow-read scripts/test_summary.ts tests/.out/junit.xml
exit $status
