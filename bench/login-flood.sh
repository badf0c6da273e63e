#!/usr/bin/env bash
# A login flood against the release server: 200 concurrent client logins with
# wrong passwords, each from its own address (TRUST_PROXY=1 and a distinct
# X-Forwarded-For, so the per-IP limit does not short-circuit them and every
# one reaches the password hash), while GET /api/health is timed. Shows that a
# flood degrades into 401/429/503 answers and never takes the API down. The
# demo owner signs in once before the flood (so their browser holds the device
# cookie) and five more times during it: strangers must not make them wait
# (issue 33).
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
owner_login() {
  curl -s -o /dev/null -w "%{http_code} %{time_total}\n" -b "$out/owner-jar" -c "$out/owner-jar" \
    -H 'content-type: application/json' -H 'x-forwarded-for: 203.0.113.10' \
    -H 'x-tenant-secret: demo0000000000000000000000000000000000000000000000000000000000ff' \
    -d '{"email":"owner@demo.localhost","password":"demo123456"}' "$base/api/tenant-auth/login"
}
owner_login >"$out/owner-before"
started=$(date +%s.%N)
seq 1 "$logins" | xargs -P "$logins" -I{} bash -c 'login {}' >"$out/logins" &
flood=$!
sleep 0.3
for i in $(seq 1 20); do
  curl -s -o /dev/null -w "%{http_code} %{time_total}\n" "$base/api/health" >>"$out/health"
  if [ $((i % 4)) -eq 0 ]; then owner_login >>"$out/owner"; fi
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
echo "== the demo owner (device cookie from a sign-in before the flood) signing in during it (5 times)"
awk '{print $1}' "$out/owner" | sort | uniq -c | awk '{printf "  HTTP %s: %s\n", $2, $1}'
sort -n -k2 "$out/owner" | awk '{t[NR]=$2} END {printf "  owner login p50 %.0f ms, max %.0f ms (before the flood: %s)\n", t[int((NR+1)/2)]*1000, t[NR]*1000, b}' b="$(awk '{printf "%s %.0f ms", $1, $2*1000}' "$out/owner-before")"
rm -rf "$out"
