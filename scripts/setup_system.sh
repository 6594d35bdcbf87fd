#!/usr/bin/env bash
# Makes a Debian 12 machine ready to run the service: PostgreSQL 15 with pgvector
# (built from Debian trixie's source package, never its binaries), Redis, and the
# packages the end-to-end tests need. Idempotent: a ready machine takes a second.
set -euo pipefail

need_root() { if [ "$(id -u)" -ne 0 ]; then echo "setup_system: run as root (or with sudo)" >&2; exit 1; fi; }
log() { echo "setup: $*" >&2; }

apt_updated=""
apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  need_root
  if [ -z "$apt_updated" ]; then apt-get update -qq; apt_updated=1; fi
  log "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

pg_major=15
ensure_postgres() {
  apt_install postgresql-$pg_major postgresql-client-$pg_major
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    log "starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect $pg_major main start || pg_ctlcluster $pg_major main start
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 0.5; done
  fi
}

ensure_pgvector() {
  local ext_dir
  ext_dir=$(/usr/lib/postgresql/$pg_major/bin/pg_config --sharedir 2>/dev/null || echo /usr/share/postgresql/$pg_major)/extension
  [ -f "$ext_dir/vector.control" ] && return 0
  need_root
  local list=/etc/apt/sources.list.d/trixie-src.sources
  if [ ! -f "$list" ]; then
    # Source entries only: trixie's binaries must never mix into bookworm.
    local uri
    uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
    uri=${uri:-http://deb.debian.org/debian}
    printf 'Types: deb-src\nURIs: %s\nSuites: trixie\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$uri" >"$list"
    apt_updated=""
  fi
  apt_install dpkg-dev postgresql-server-dev-$pg_major make gcc
  [ -z "$apt_updated" ] && { apt-get update -qq; apt_updated=1; }
  local build
  build=$(mktemp -d)
  log "building pgvector from trixie's source package in $build"
  (cd "$build" && apt-get source -qq pgvector >/dev/null 2>&1 && cd pgvector-*/ \
    && make -s PG_CONFIG=/usr/lib/postgresql/$pg_major/bin/pg_config >/dev/null \
    && make -s install PG_CONFIG=/usr/lib/postgresql/$pg_major/bin/pg_config >/dev/null)
  rm -rf "$build"
  [ -f "$ext_dir/vector.control" ] || { echo "setup_system: pgvector build failed" >&2; exit 1; }
}

ensure_redis() {
  apt_install redis-server
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    log "starting Redis"
    mkdir -p /var/lib/redis /var/log/redis
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log
    for _ in $(seq 1 30); do redis-cli ping >/dev/null 2>&1 && break; sleep 0.2; done
  fi
}

ensure_browser() {
  apt_install chromium fonts-nanum
}

main() {
  ensure_postgres
  ensure_pgvector
  ensure_redis
  if [ "${1:-}" = "--with-browser" ]; then ensure_browser; fi
}

main "$@"
