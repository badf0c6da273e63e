#!/usr/bin/env bash
# The license check on the cluster of scripts/cluster.sh (release build),
# the same load as bench/license-check.sh (10,000 bound licenses, a random
# one per request, wrk with 2 threads), in one run:
#   1. one api instance straight to PostgreSQL (no pooler): the baseline;
#   2. one api instance through PgBouncer (DATABASE_POOLER=transaction);
#   3. HAProxy over the 3 instances (each through PgBouncer).
# One machine with 2 cores runs all of it and wrk too: this compares costs
# (what PgBouncer and the balancer add), it does not show scaling.
#
#   bench/cluster-license-check.sh                 # 10 s each, 32 connections
#   DURATION=20s CONNECTIONS=16 bench/cluster-license-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true
duration="${DURATION:-10s}"
connections="${CONNECTIONS:-32}"
licenses="${LICENSES:-10000}"
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }

CLUSTER_DIR=$(mktemp -d "${TMPDIR:-/tmp}/roboforge-bench-cluster.XXXXXX")
CLUSTER_PORT=$((30000 + (RANDOM % 700) * 40))
export CLUSTER_DIR CLUSTER_PORT CLUSTER_PROFILE=release
direct_pid=
trap '[ -n "$direct_pid" ] && kill "$direct_pid" 2>/dev/null; scripts/cluster.sh down' EXIT
scripts/cluster.sh up
set -a
# shellcheck disable=SC1091
source "$CLUSTER_DIR/cluster.env"
set +a
# The workers and the agent are not part of the check: stopped, so the cores go to it.
for process in agent1 worker1 worker2; do kill "$(cat "$CLUSTER_DIR/run/$process.pid")"; done

# A fourth instance on the same database, straight to PostgreSQL.
direct_port=$((CLUSTER_BALANCER_PORT + 30))
DATABASE_POOLER=none DATABASE_APP_URL="$DATABASE_LISTEN_URL" PORT=$direct_port \
  "$CLUSTER_DIR/bin/api" serve --no-workers >"$CLUSTER_DIR/logs/api-direct.log" 2>&1 &
direct_pid=$!
direct="http://127.0.0.1:$direct_port"
for _ in $(seq 1 120); do curl -fs "$direct/api/ready" >/dev/null 2>&1 && break; sleep 0.25; done

sql() { psql "$CLUSTER_SUPERUSER_URL" -v ON_ERROR_STOP=1 -tAc "$1"; }
source bench/lib/license-load.sh
seed_bench_licenses
path=/api/webhooks/validate-license
run() {
  echo "== $1"
  # Warm: every robot has checked once on the instances behind this address.
  wrk -t2 -c"$connections" -d5s -s "$lua" "$2$path" >/dev/null
  wrk -t2 -c"$connections" -d"$duration" --latency -s "$lua" "$2$path" | grep -E "requests in|Requests/sec|Non-2xx|Socket errors|  50%|  90%|  99%"
}
echo "license check, $connections connections, $duration each ($(nproc) cores shared by everything)"
run "1 instance, straight to PostgreSQL" "$direct"
run "1 instance, through PgBouncer (transaction mode)" "${CLUSTER_API_URLS%% *}"
run "HAProxy over 3 instances, each through PgBouncer" "$CLUSTER_URL"
sleep 3 # the instances' last log batches
echo "check log rows written: $(sql "SELECT count(*) FROM license_checks")"
rm -f "$lua" "$warm_lua"
