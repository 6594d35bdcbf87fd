#!/usr/bin/env bash
# Sets up everything on a Debian 12 machine (PostgreSQL 15 with pgvector, Redis,
# Deno, database roles, migrations, a demo company), starts the embedding component,
# the job consumers and the API as separate processes (a document that takes a
# worker down never takes the routes with it), and points the service at the
# component once it is up.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup_system.sh
deno=$(scripts/ensure_deno.sh)
# The README writes `deno task ...`: put Deno on the path when nothing else is there and we may.
if ! command -v deno >/dev/null 2>&1 && [ -w /usr/local/bin ]; then
  ln -sf "$deno" /usr/local/bin/deno
fi
"$deno" install --quiet
"$deno" run -A scripts/cli.ts setup --demo

# The embedding component serves EMBEDDING_MODEL_PATH, or else the generated test model.
model="${EMBEDDING_MODEL_PATH:-}"
if [ -z "$model" ]; then
  model=.data/models/test-embedding
  [ -f "$model/tokenizer.json" ] || "$deno" run -A scripts/cli.ts make-test-model "$model" >/dev/null
fi
EMBEDDING_MODEL_PATH="$model" LOG_LEVEL=warn "$deno" run -P=embedding embedding/main.ts &
embedding=$!
# The demo's own OpenID provider holds the demo company's people for the consoles' sign-in (README: Sign-in);
# an installation pointed at its own provider starts none.
idp=
if grep -q "^CONSOLE_OIDC_ISSUER='http://127.0.0.1:8090'" .env.local; then
  "$deno" run -A --env-file=.env.local scripts/demo/oidc_provider.ts 2>/dev/null &
  idp=$!
fi
"$deno" run -P=service --env-file=.env.local main.ts --workers-only &
worker=$!
RUN_WORKERS=false "$deno" run -P=service --env-file=.env.local main.ts &
service=$!
trap 'kill $service $worker $embedding $idp 2>/dev/null || true' EXIT INT TERM

"$deno" run -A --env-file=.env.local scripts/cli.ts configure-embedding
# A few Korean company rules, so that the first search and ask answer from something (README: Quick start).
"$deno" run -A --env-file=.env.local scripts/cli.ts demo-documents || echo "up: the demo documents were not ingested" >&2
if [ -z "${EMBEDDING_MODEL_PATH:-}" ]; then
  cat <<'NOTE'
              This is the generated test model: a plumbing model that lets ingestion and search run
              end to end offline, not a quality model. Set EMBEDDING_MODEL_PATH to a real ONNX model
              (bge-m3 or multilingual-e5-large with its tokenizer) for real search quality; see the README.

NOTE
fi
wait $service
