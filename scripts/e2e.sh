#!/usr/bin/env bash
# Browser journeys: builds the web app and the api, starts the real server on
# a fresh database with a demo tenant, and drives Chromium through the three
# logins (web/e2e). Needs TEST_DATABASE_URL (set by scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true

(cd web && npm run build --silent >/dev/null)
cargo build -q -p api

db="rf_e2e_$(date +%s)_$$"
psql "$TEST_DATABASE_URL" -qc "CREATE DATABASE $db" >/dev/null
base_url="${TEST_DATABASE_URL%/*}"
port=$((18000 + RANDOM % 2000))
log=$(mktemp)
cleanup() {
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  psql "$TEST_DATABASE_URL" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT

export DATABASE_URL="$base_url/$db" DATABASE_APP_ROLE=roboforge_test_app PORT=$port WEB_DIST="$PWD/web/dist"
export ADMIN_USERNAME=admin ADMIN_PASSWORD=admin-e2e-123 RUST_LOG=warn
"$CARGO_TARGET_DIR/debug/api" seed-demo >/dev/null
"$CARGO_TARGET_DIR/debug/api" serve >"$log" 2>&1 &
server=$!
for _ in $(seq 1 60); do
  curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$log"; exit 1; }
  sleep 0.5
done

export E2E_BASE_URL="http://127.0.0.1:$port"
export E2E_ADMIN_USER=admin E2E_ADMIN_PASSWORD=admin-e2e-123
export E2E_OWNER_EMAIL=owner@demo.localhost E2E_OWNER_PASSWORD=demo123456
export E2E_TENANT_SECRET=demo0000000000000000000000000000000000000000000000000000000000ff
export E2E_TENANT=demo.localhost E2E_TENANT_NAME="Demo Robôs"
export E2E_CLIENT_EMAIL=cliente@demo.localhost E2E_CLIENT_PASSWORD=demo123456 E2E_PURCHASE_ID=HP-DEMO-0001
(cd web && npm run e2e --silent)
