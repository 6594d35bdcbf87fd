#!/usr/bin/env bash
# Installs Deno 2 from the npm registry into .tools/ (its own npm prefix, so Deno's
# node_modules and npm's never prune each other) and prints the binary's path.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.tools/node_modules/.bin/deno
if ! [ -x "$bin" ] || ! "$bin" --version 2>/dev/null | grep -q '^deno 2\.'; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "ensure_deno: npm is required (apt-get install nodejs npm)" >&2
    exit 1
  fi
  npm install --prefix .tools --no-save --no-package-lock --no-audit --no-fund --loglevel=error deno@2 >&2
fi
echo "$PWD/$bin"
