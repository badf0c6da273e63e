#!/usr/bin/env bash
# The license check robots call at start-up, against the release server with
# 10,000 licenses, next to a trivial axum handler measured in the same run
# (same machine, same load generator). Every check is a valid, already bound
# license picked at random, as in steady state.
#
#   bench/license-check.sh               # 10 s each, 32 connections
#   DURATION=30s CONNECTIONS=64 bench/license-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true
duration="${DURATION:-10s}"
connections="${CONNECTIONS:-32}"
licenses="${LICENSES:-10000}"
# 2: Ed25519 answers (robots built now); 1: HMAC (robots built before protocol v2).
protocol="${PROTOCOL:-2}"

source scripts/throwaway-server.sh
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
port=$(scripts/ensure-postgres.sh | tail -n 1)
admin_url="postgres://roboforge:roboforge@127.0.0.1:${port}/postgres"
cargo build -q --release -p api --bin api --example trivial_server
export ADMIN_USERNAME=admin ADMIN_PASSWORD=bench-admin-1 RUST_LOG=error LICENSE_CHECKS_PER_MINUTE_PER_IP=1000000000
start_throwaway_server release --no-workers

# Seeding past RLS needs the cluster's superuser.
sql() { runuser -u postgres -- psql -p "$port" -d "$throwaway_db" -v ON_ERROR_STOP=1 -tAc "$1"; }
tenant=$(sql "SELECT id FROM tenants LIMIT 1")
robot=$(sql "SELECT id FROM tenant_robots LIMIT 1")
sql "INSERT INTO tenant_clients (id, tenant_id, name, email)
     SELECT gen_random_uuid(), '$tenant', 'Cliente ' || i, 'bench' || i || '@example.com' FROM generate_series(1, $licenses) i;
     INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, status, account_number, activation_date)
     SELECT gen_random_uuid(), c.tenant_id, c.id, '$robot', 'active', substr(c.email, 6, strpos(c.email, '@') - 6), now()
       FROM tenant_clients c WHERE c.email LIKE 'bench%';
     ANALYZE;" >/dev/null
echo "seeded $(sql "SELECT count(*) FROM tenant_client_robots") licenses"

lua=$(mktemp --suffix .lua)
cat >"$lua" <<LUA
math.randomseed(os.time())
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  local i = math.random(1, $licenses)
  local body = string.format('{"email":"bench%d@example.com","mtAccount":%d,"robotId":"$robot","tenantId":"$tenant","nonce":"n%d","protocol":$protocol}', i, i, i)
  return wrk.format(nil, nil, nil, body)
end
LUA
# Answers must be valid: a sample before measuring.
curl -s -H 'content-type: application/json' \
  -d "{\"email\":\"bench7@example.com\",\"mtAccount\":7,\"robotId\":\"$robot\",\"tenantId\":\"$tenant\",\"nonce\":\"x\",\"protocol\":2}" \
  "$base/api/webhooks/validate-license"; echo

trivial_port=$((port + 13000))
"$CARGO_TARGET_DIR/release/examples/trivial_server" "$trivial_port" &
trivial=$!
trap 'kill $trivial 2>/dev/null; stop_throwaway_server' EXIT
sleep 0.5
run() {
  echo "== $1"
  wrk -t2 -c"$connections" -d"$duration" --latency -s "$lua" "$2" | grep -E "Requests/sec|Non-2xx|  50%|  90%|  99%"
}
# Steady state: every robot has checked once since the instance started.
wrk -t2 -c"$connections" -d5s -s "$lua" "$base/api/webhooks/validate-license" >/dev/null
run "trivial axum handler (floor)" "http://127.0.0.1:$trivial_port/"
run "POST /api/webhooks/validate-license" "$base/api/webhooks/validate-license"
sleep 2 # the writer's last batch and the installations
echo "check log rows written: $(sql "SELECT count(*) FROM license_checks")"
curl -s "$base/metrics" | grep '^roboforge_license_check_log_rows'
echo "installations: $(sql "SELECT count(*), sum(checks) FROM license_installations")"
