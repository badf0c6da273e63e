#!/usr/bin/env bash
# A login flood against the release server: 200 concurrent client logins with
# wrong passwords, each from its own address (TRUST_PROXY=1 and a distinct
# X-Forwarded-For, so the per-IP limit does not short-circuit them and every
# one reaches the password hash), while GET /api/health is timed. Shows that a
# flood degrades into 401/429/503 answers and never takes the API down.
#
#   bench/login-flood.sh                 # 200 logins, 20 health probes
#   LOGINS=400 bench/login-flood.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true
logins="${LOGINS:-200}"

source scripts/throwaway-server.sh
admin_url="postgres://roboforge:roboforge@127.0.0.1:$(scripts/ensure-postgres.sh | tail -n 1)/postgres"
cargo build -q --release -p api
export ADMIN_USERNAME=admin ADMIN_PASSWORD=bench-admin-1 RUST_LOG=error TRUST_PROXY=1
start_throwaway_server release --no-workers

out=$(mktemp -d)
login() {
  curl -s -o /dev/null -w "%{http_code} %{time_total}\n" -H 'content-type: application/json' \
    -H "x-forwarded-for: 198.18.$(($1 / 250)).$(($1 % 250))" \
    -d "{\"email\":\"flood$1@example.com\",\"password\":\"wrong-password\"}" \
    "$base/api/client-auth/login?tenant=demo.localhost"
}
export -f login
export base
started=$(date +%s.%N)
seq 1 "$logins" | xargs -P "$logins" -I{} bash -c 'login {}' >"$out/logins" &
flood=$!
sleep 0.3
for _ in $(seq 1 20); do
  curl -s -o /dev/null -w "%{http_code} %{time_total}\n" "$base/api/health" >>"$out/health"
  sleep 0.1
done
wait "$flood"
finished=$(date +%s.%N)

echo "== $logins concurrent logins (wrong password, distinct addresses)"
awk '{print $1}' "$out/logins" | sort | uniq -c | awk '{printf "  HTTP %s: %s\n", $2, $1}'
sort -n -k2 "$out/logins" | awk '{t[NR]=$2} END {printf "  login latency p50 %.0f ms, p99 %.0f ms, max %.0f ms\n", t[int(NR*0.5)]*1000, t[int(NR*0.99)]*1000, t[NR]*1000}'
echo "  flood wall time: $(echo "$finished - $started" | bc) s"
echo "== GET /api/health during the flood (20 probes)"
awk '{print $1}' "$out/health" | sort | uniq -c | awk '{printf "  HTTP %s: %s\n", $2, $1}'
sort -n -k2 "$out/health" | awk '{t[NR]=$2} END {printf "  health latency p50 %.1f ms, max %.1f ms\n", t[int(NR*0.5)]*1000, t[NR]*1000}'
rm -rf "$out"
