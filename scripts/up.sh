#!/usr/bin/env bash
# Sets up everything on a Debian 12 machine (PostgreSQL 15 with pgvector, Redis,
# Deno, database roles, migrations, a demo company) and starts the service.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup_system.sh
deno=$(scripts/ensure_deno.sh)
"$deno" install --quiet
"$deno" run -A scripts/setup.ts --demo
exec "$deno" run -A --env-file=.env.local main.ts
