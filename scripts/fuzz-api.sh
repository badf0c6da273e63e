#!/usr/bin/env bash
# Property-based fuzzing of the whole API from its own OpenAPI document
# (schemathesis, from PyPI): thousands of generated requests, failing on any
# 5xx. Not part of `make test` (it takes minutes); run it before releases and
# after touching request parsing.
#
#   scripts/fuzz-api.sh [max-examples per operation, default 100]
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true
command -v st >/dev/null || pip install -q schemathesis
pg_port=$(scripts/ensure-postgres.sh | tail -n 1)
admin_url="postgres://roboforge:roboforge@127.0.0.1:${pg_port}/postgres"
cargo build -q -p api

db="rf_fuzz_$(date +%s)"
psql "$admin_url" -qc "CREATE DATABASE $db" >/dev/null
port=$((19000 + RANDOM % 500))
cleanup() {
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  psql "$admin_url" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
export DATABASE_URL="postgres://roboforge:roboforge@127.0.0.1:${pg_port}/$db" DATABASE_APP_ROLE=roboforge_app
export PORT=$port ADMIN_USERNAME=admin ADMIN_PASSWORD=fuzz-admin-1 RUST_LOG=warn WEB_DIST=/nonexistent
# The throttle would turn most generated logins into 429s.
export LOGIN_MAX_FAILURES_PER_ACCOUNT=1000000 LOGIN_MAX_FAILURES_PER_IP=1000000
"$CARGO_TARGET_DIR/debug/api" seed-demo >/dev/null
"$CARGO_TARGET_DIR/debug/api" serve >/dev/null 2>&1 &
server=$!
for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.5; done
st run "http://127.0.0.1:$port/api/openapi.json" --url "http://127.0.0.1:$port" \
  --checks not_a_server_error --max-examples "${1:-100}"
