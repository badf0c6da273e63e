#!/usr/bin/env bash
# A burst of one platform's sales webhooks against the release server with its
# in-process workers: 2,000 distinct purchases plus 2,000 duplicates posted
# concurrently, signed as the platform signs them (PLATFORM=hotmart, the
# default, kiwify, eduzz or asaas; the demo robot has each one's secret).
# Checks every answer is 200, then waits until all events are processed and
# checks there are exactly 2,000 sales and 2,000 licenses (Asaas sends no
# buyer e-mail, so its sales grant no license: only sales are counted).
# For Hotmart, also measures postback to valid license
# (api/examples/sale_to_license.rs): on a quiet queue first (QUIET_SAMPLES
# sales, one a second, each checked every 20 ms until valid), then
# BURST_SAMPLES sales posted during the burst.
#
#   bench/webhook-burst.sh                   # N=2000, 64 concurrent, Hotmart
#   PLATFORM=eduzz bench/webhook-burst.sh
#   N=500 CONCURRENCY=32 QUIET_SAMPLES=20 BURST_SAMPLES=10 bench/webhook-burst.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true
n="${N:-2000}"
concurrency="${CONCURRENCY:-64}"
quiet_samples="${QUIET_SAMPLES:-50}"
burst_samples="${BURST_SAMPLES:-20}"
platform="${PLATFORM:-hotmart}"
# The demo robot's secret on each platform (api/src/demo_seed.rs); Asaas's
# comes with the robot's external reference.
case "$platform" in
  hotmart) secret=demo-hottok-0000000000 ;;
  kiwify) secret=demo-kiwify-token-0000000000 ;;
  eduzz) secret=demo-eduzz-secret-0000000000 ;;
  asaas) secret=demo-asaas-token-00000000000000000000:robo-demo ;;
  *) echo "PLATFORM must be hotmart, kiwify, eduzz or asaas, not $platform" >&2; exit 2 ;;
esac

source scripts/throwaway-server.sh
port=$(scripts/ensure-postgres.sh | tail -n 1)
admin_url="postgres://roboforge:roboforge@127.0.0.1:${port}/postgres"
cargo build -q --release -p api --bin api --example webhook_burst --example sale_to_license
# The probes check every 20 ms from one address: lift the per-IP check limit.
export ADMIN_USERNAME=admin ADMIN_PASSWORD=bench-admin-1 RUST_LOG=error LICENSE_CHECKS_PER_MINUTE_PER_IP=1000000
start_throwaway_server release

# Counting across tenants needs a role past RLS: the cluster's superuser.
sql() { runuser -u postgres -- psql -p "$port" -d "$throwaway_db" -tAc "$1"; }
robot=$(sql "SELECT id FROM tenant_robots LIMIT 1")
tenant=$(sql "SELECT tenant_id FROM tenant_robots WHERE id = '$robot'")
# First use binds the buyer's first account, so a robot started at once can
# turn valid (under `portal` the buyer confirms the account first).
sql "UPDATE tenant_robots SET binding_policy = 'first_use' WHERE id = '$robot'" >/dev/null
probe() { "$CARGO_TARGET_DIR/release/examples/sale_to_license" "$base" "$robot" "$tenant" demo-hottok-0000000000 "$@"; }

# The probes post Hotmart postbacks: they run beside Hotmart's burst only.
if [ "$platform" = hotmart ]; then
  # Workers idle between sales (1 s apart), as on a quiet day.
  probe quiet "$quiet_samples" 1000
  # Probes start with the burst, one every 200 ms whatever the others do: their
  # sales queue behind the burst's.
  probe burst "$burst_samples" 200 overlap &
  probe_pid=$!
fi
"$CARGO_TARGET_DIR/release/examples/webhook_burst" "$base" "$robot" "$secret" "$n" "$concurrency" "$platform"
started=$(date +%s.%N)
# The burst's inbox rows (the probes' are Hotmart's too, keyed otherwise).
burst_events="platform = '$platform' AND (event_id LIKE '%burst-event-%' OR event_id LIKE 'HPBURST%')"
for _ in $(seq 1 600); do
  done_count=$(sql "SELECT count(*) FROM hotmart_inbox WHERE $burst_events AND (processed_at IS NOT NULL OR failed_at IS NOT NULL)")
  [ "$done_count" -ge "$n" ] && break
  sleep 0.5
done
finished=$(date +%s.%N)
[ -n "${probe_pid:-}" ] && wait "$probe_pid"
echo "processing drained $(echo "$finished - $started" | bc) s after the last answer"
echo "inbox rows: $(sql "SELECT count(*) FROM hotmart_inbox WHERE $burst_events"), failed: $(sql "SELECT count(*) FROM hotmart_inbox WHERE failed_at IS NOT NULL")"
# The burst's own sales (the probes' are HPPROBE…).
burst_sales="origin = '$platform' AND external_id LIKE 'HPBURST%'"
licenses=$(sql "SELECT count(*) FROM tenant_client_robots l JOIN tenant_sales s ON s.id = l.sale_id WHERE $burst_sales AND l.status = 'active'")
[ "$platform" = asaas ] && licenses="$licenses (Asaas sends no buyer e-mail: none expected)"
echo "sales: $(sql "SELECT count(*) FROM tenant_sales WHERE $burst_sales"), licenses: $licenses"
