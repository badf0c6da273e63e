#!/usr/bin/env bash
# Benchmark of the path every signed-in request takes: session cookie →
# session lookup (platform scope) → narrowing the same transaction to the
# tenant → loading the principal (and, for owners, the constant-time security
# key check). /api/health (one trivial query) is the floor to compare with.
#
#   bench/session-auth.sh            # 10 s per endpoint, 32 connections
#   DURATION=30s CONNECTIONS=64 bench/session-auth.sh
#
# Runs the release build against a throw-away database on the local cluster;
# wrk and the server share this machine's cores, so read the numbers as a
# comparison between runs of the same machine, not as capacity.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true
duration="${DURATION:-10s}"
connections="${CONNECTIONS:-32}"

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
pg_port=$(scripts/ensure-postgres.sh | tail -n 1)
admin_url="postgres://roboforge:roboforge@127.0.0.1:${pg_port}/postgres"
cargo build -q --release -p api

db="rf_bench_$(date +%s)"
psql "$admin_url" -qc "CREATE DATABASE $db" >/dev/null
port=$((18500 + RANDOM % 500))
cleanup() {
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  psql "$admin_url" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT

export DATABASE_URL="postgres://roboforge:roboforge@127.0.0.1:${pg_port}/$db" DATABASE_APP_ROLE=roboforge_app
export PORT=$port ADMIN_USERNAME=admin ADMIN_PASSWORD=bench-admin-1 RUST_LOG=error WEB_DIST=/nonexistent
"$CARGO_TARGET_DIR/release/api" seed-demo >/dev/null
"$CARGO_TARGET_DIR/release/api" serve --no-workers >/dev/null 2>&1 &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 60); do curl -fs "$base/api/health" >/dev/null && break; sleep 0.5; done

secret=demo0000000000000000000000000000000000000000000000000000000000ff
cookie_of() { grep -o "$1=[0-9a-f]*" | head -n 1; }
client_cookie=$(curl -s -D - -o /dev/null -H 'content-type: application/json' \
  -d '{"email":"cliente@demo.localhost","password":"demo123456"}' "$base/api/client-auth/login?tenant=demo.localhost" | cookie_of rf_client_session)
owner_cookie=$(curl -s -D - -o /dev/null -H 'content-type: application/json' -H "x-tenant-secret: $secret" \
  -d '{"email":"owner@demo.localhost","password":"demo123456"}' "$base/api/tenant-auth/login" | cookie_of rf_tenant_session)
[ -n "$client_cookie" ] && [ -n "$owner_cookie" ] || { echo "login failed" >&2; exit 1; }

run() {
  local name=$1; shift
  echo "== $name"
  wrk -t2 -c"$connections" -d"$duration" --latency "$@" | grep -E "Requests/sec|Non-2xx|  50%|  99%|Latency "
}
run "GET /api/health (floor: one trivial query)" "$base/api/health"
run "GET /api/client-auth/me (client session)" -H "Cookie: $client_cookie" "$base/api/client-auth/me"
run "GET /api/tenant-auth/me (owner session + security key)" -H "Cookie: $owner_cookie" -H "X-Tenant-Secret: $secret" "$base/api/tenant-auth/me"
