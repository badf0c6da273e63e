#!/usr/bin/env bash
# The license check robots call at start-up, against the release server with
# 10,000 licenses, next to a trivial axum handler measured in the same run
# (same machine, same load generator). Every check is a valid, already bound
# license picked at random, as in steady state.
#
# Then the check log: once the server's writer has written (and loaded from its
# spill) every row, the rows in license_checks must equal the checks the server
# answered, or the bench fails. wrk's own count is printed beside them: it
# leaves out the requests in flight when it stops (at most one per connection
# per wrk run), which the server still answered and logged.
#
#   bench/license-check.sh               # 10 s each, 32 connections
#   DURATION=30s CONNECTIONS=8 bench/license-check.sh
#   BLOCK_LOG_SECONDS=5 bench/license-check.sh   # the log's table locked for the
#       first 5 s of the measured run: the writer falls behind, rows spill to disk
#       and are loaded afterwards; the counts must still match
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true
duration="${DURATION:-10s}"
# The load p99 is measured at (target < 10 ms): 32 connections saturate two
# cores shared by wrk, the api and PostgreSQL. On a quiet machine p99 stays
# under 10 ms there (and at 8); other processes compiling beside it push it
# past 20 ms at any level (docs/benchmarks.md).
connections="${CONNECTIONS:-32}"
block_log="${BLOCK_LOG_SECONDS:-0}"
licenses="${LICENSES:-10000}"
# 3: the account as MetaTrader knows it (robots built now); 2: Ed25519 answers by
# login alone (robots built before protocol v3); 1: HMAC (before protocol v2).
protocol="${PROTOCOL:-3}"

source scripts/throwaway-server.sh
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
port=$(scripts/ensure-postgres.sh | tail -n 1)
admin_url="postgres://roboforge:roboforge@127.0.0.1:${port}/postgres"
cargo build -q --release -p api --bin api --example trivial_server
export ADMIN_USERNAME=admin ADMIN_PASSWORD=bench-admin-1 RUST_LOG=error LICENSE_CHECKS_PER_MINUTE_PER_IP=1000000000
LICENSE_LOG_SPILL_DIR=$(mktemp -d)
export LICENSE_LOG_SPILL_DIR
start_throwaway_server release --no-workers

# Seeding past RLS needs the cluster's superuser.
sql() { runuser -u postgres -- psql -p "$port" -d "$throwaway_db" -v ON_ERROR_STOP=1 -tAc "$1"; }
source bench/lib/license-load.sh
seed_bench_licenses
echo "seeded $(sql "SELECT count(*) FROM tenant_client_robots") licenses"
# Answers must be valid: a sample before measuring.
curl -s -H 'content-type: application/json' \
  -d "{\"email\":\"bench7@example.com\",\"mtAccount\":7,\"robotId\":\"$robot\",\"tenantId\":\"$tenant\",\"nonce\":\"x\",\"protocol\":3,\"server\":\"Bench-Real\"}" \
  "$base/api/webhooks/validate-license"; echo

trivial_port=$((port + 13000))
"$CARGO_TARGET_DIR/release/examples/trivial_server" "$trivial_port" &
trivial=$!
trap 'kill $trivial 2>/dev/null; stop_throwaway_server; rm -rf "$LICENSE_LOG_SPILL_DIR" "$lua" "$warm_lua"' EXIT
sleep 0.5
# Answered by wrk (2xx), summed over every run against the check.
wrk_answered=1 # the sample above
# run <title> <url>: sets rps and p99_ms.
run() {
  local out
  out=$(wrk -t2 -c"$connections" -d"$duration" --latency -s "$lua" "$2")
  echo "== $1"; grep -E "requests in|Requests/sec|Non-2xx|  50%|  90%|  99%" <<<"$out"
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99_ms=$(awk '$1 == "99%" { v = $2; if (v ~ /us$/) print v / 1000; else if (v ~ /ms$/) print v + 0; else print v * 1000 }' <<<"$out")
  if [[ $2 == "$base"* ]]; then
    local requests non2xx
    requests=$(awk '/requests in/ {print $1}' <<<"$out")
    non2xx=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
    wrk_answered=$((wrk_answered + requests - ${non2xx:-0}))
  fi
}
cache_lookups() {
  curl -s "$base/metrics" | awk '/^roboforge_license_cache_events\{event="(hit|miss)"\}/ { n += $2 } END { print n + 0 }'
}
# Steady state: every license checked once since the instance started. wrk
# cannot stop at a count, so it is stopped once the cache has seen every
# license (its threads stop sending by then); what it sent is counted by the
# server, which the log reconciliation trusts anyway.
warm_up() {
  local before started=$SECONDS
  before=$(cache_lookups)
  wrk -t2 -c"$connections" -d120s -s "$warm_lua" "$base/api/webhooks/validate-license" >/dev/null &
  local warm=$!
  while [ $(($(cache_lookups) - before)) -lt "$licenses" ] && [ $((SECONDS - started)) -lt 120 ]; do sleep 0.2; done
  kill "$warm" 2>/dev/null; wait "$warm" 2>/dev/null || true
  echo "warm-up: every license checked once in $((SECONDS - started)) s"
  wrk_answered=0 # wrk's own count of the warm-up died with it; the server's is the one compared
}
echo "load: wrk -t2 -c$connections, $duration per run, after a warm-up that checks each license once"
warm_up
run "trivial axum handler (floor)" "http://127.0.0.1:$trivial_port/"
floor_rps=$rps
if [ "$block_log" != 0 ]; then
  echo "(license_checks locked for the first ${block_log} s of the run)"
  sql "BEGIN; LOCK TABLE license_checks IN SHARE MODE; SELECT pg_sleep($block_log); COMMIT;" >/dev/null &
  locker=$!
fi
run "POST /api/webhooks/validate-license" "$base/api/webhooks/validate-license"
[ -z "${locker:-}" ] || wait "$locker"
check_rps=$rps
check_p99=$p99_ms
echo "ratio: $(awk -v a="$check_rps" -v b="$floor_rps" 'BEGIN { printf "%.0f %%", 100 * a / b }') of the floor"
echo "p99 under 10 ms at $connections connections: $(awk -v p="$check_p99" 'BEGIN { print (p < 10 ? "yes" : "NO") }') (${check_p99} ms)"

# Checks the server answered with a logged result (everything but refusals before the lookup).
server_answered() {
  curl -s "$base/metrics" | awk '/^roboforge_license_checks_total/ && !/RATE_LIMITED|INVALID_REQUEST|NOT_FOUND/ { n += $NF } END { printf "%d", n }'
}
answered=$(server_answered)
started=$SECONDS
rows=$(sql "SELECT count(*) FROM license_checks")
while [ "$rows" != "$answered" ] && [ $((SECONDS - started)) -lt 300 ]; do
  sleep 1
  rows=$(sql "SELECT count(*) FROM license_checks")
done
echo "check log: $answered checks answered by the server ($wrk_answered counted by wrk), $rows rows written ($((SECONDS - started)) s after the load stopped)"
curl -s "$base/metrics" | grep -E "^roboforge_license_(check_log_rows|cache_events)"
# Installations are folded from the same rows and written once the log is quiet for a second.
for _ in $(seq 1 15); do
  [ "$(sql "SELECT coalesce(sum(checks), 0) FROM license_installations")" = "$rows" ] && break
  sleep 1
done
echo "installations: $(sql "SELECT count(*) || ' installations, ' || sum(checks) || ' checks folded' FROM license_installations")"
if [ "$rows" != "$answered" ] || [ "$rows" -lt "$wrk_answered" ]; then
  echo "FAIL: the check log does not hold exactly one row per answered check" >&2
  exit 1
fi
echo "OK: every answered check is in the log, once"
