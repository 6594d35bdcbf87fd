#!/usr/bin/env bash
# Sets up everything the tests need on a Debian 12 machine and runs every test
# against the real PostgreSQL and Redis, each test module in a fresh database.
# Ends with a line "tests: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup_system.sh --with-browser
deno=$(scripts/ensure_deno.sh)
"$deno" install --quiet
# Databases left by an interrupted run (named backbone_t_<pid>_...); those of a run still going stay.
for db in $(psql -h 127.0.0.1 -U postgres -d postgres -qAt -c "select datname from pg_database where datname like 'backbone\_t\_%'"); do
  pid=$(echo "$db" | cut -d_ -f3)
  if ! [[ "$pid" =~ ^[0-9]+$ ]] || ! kill -0 "$pid" 2>/dev/null; then
    psql -h 127.0.0.1 -U postgres -d postgres -q -c "drop database if exists \"$db\" with (force)" >/dev/null
  fi
done
mkdir -p tests/.out
rm -f tests/.out/junit.xml
set +e
"$deno" test -A --parallel --junit-path=tests/.out/junit.xml tests/ "$@"
status=$?
set -e
"$deno" run --allow-read scripts/test_summary.ts tests/.out/junit.xml
exit $status
