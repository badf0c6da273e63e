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

source scripts/throwaway-server.sh
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
admin_url="postgres://roboforge:roboforge@127.0.0.1:$(scripts/ensure-postgres.sh | tail -n 1)/postgres"
cargo build -q --release -p api

export ADMIN_USERNAME=admin ADMIN_PASSWORD=bench-admin-1 RUST_LOG=error
start_throwaway_server release --no-workers

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
