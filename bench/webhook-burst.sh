#!/usr/bin/env bash
# A burst of Hotmart postbacks against the release server with its in-process
# workers: 2,000 distinct purchases plus 2,000 duplicates posted concurrently.
# Checks every answer is 200, then waits until all events are processed and
# checks there are exactly 2,000 sales and 2,000 licenses.
#
#   bench/webhook-burst.sh                   # N=2000, 64 concurrent
#   N=500 CONCURRENCY=32 bench/webhook-burst.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true
n="${N:-2000}"
concurrency="${CONCURRENCY:-64}"

source scripts/throwaway-server.sh
port=$(scripts/ensure-postgres.sh | tail -n 1)
admin_url="postgres://roboforge:roboforge@127.0.0.1:${port}/postgres"
cargo build -q --release -p api --bin api --example webhook_burst
export ADMIN_USERNAME=admin ADMIN_PASSWORD=bench-admin-1 RUST_LOG=error
start_throwaway_server release

# Counting across tenants needs a role past RLS: the cluster's superuser.
sql() { runuser -u postgres -- psql -p "$port" -d "$throwaway_db" -tAc "$1"; }
robot=$(sql "SELECT id FROM tenant_robots LIMIT 1")

"$CARGO_TARGET_DIR/release/examples/webhook_burst" "$base" "$robot" demo-hottok-0000000000 "$n" "$concurrency"
started=$(date +%s.%N)
for _ in $(seq 1 600); do
  done_count=$(sql "SELECT count(*) FROM hotmart_inbox WHERE processed_at IS NOT NULL OR failed_at IS NOT NULL")
  [ "$done_count" -ge "$n" ] && break
  sleep 0.5
done
finished=$(date +%s.%N)
echo "processing drained $(echo "$finished - $started" | bc) s after the last answer"
echo "inbox rows: $(sql "SELECT count(*) FROM hotmart_inbox"), failed: $(sql "SELECT count(*) FROM hotmart_inbox WHERE failed_at IS NOT NULL")"
echo "sales: $(sql "SELECT count(*) FROM tenant_sales WHERE origin = 'hotmart'"), licenses: $(sql "SELECT count(*) FROM tenant_client_robots WHERE sale_id IS NOT NULL AND status = 'active'")"
