#!/usr/bin/env bash
# The compile queue under load, through the real agent protocol against the
# release server: A simulated agents (registered by the admin API) first wait
# on an empty queue for IDLE seconds (what waiting costs the database), then
# N jobs are queued in one statement and the agents drain them (claim →
# result with an .ex5). Prints claim latency p50/p99, jobs per second and
# checks every job completed exactly once. Then fairness: tenant A queues
# FAIR (200) imports, an agent starts on them, tenants B and C queue one each,
# and the bench prints at which claim each was taken (must be within 3).
# The drain lets one tenant use every agent (COMPILE_JOBS_PER_TENANT=A) so it
# measures the queue, not the per-tenant cap.
#
#   bench/compile-queue.sh                      # N=1000, A=8, IDLE=30
#   N=200 A=4 IDLE=10 bench/compile-queue.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true

source scripts/throwaway-server.sh
# The superuser only to queue the jobs and read pg_stat_database (it passes
# row-level security); the agents go through the api like real ones.
port=$(scripts/ensure-postgres.sh --with-test-superuser | tail -n 1)
admin_url="postgres://roboforge:roboforge@127.0.0.1:${port}/postgres"
cargo build -q --release -p api --bin api --example compile_queue
export ADMIN_USERNAME=admin ADMIN_PASSWORD=bench-admin-1 RUST_LOG=error COMPILE_JOBS_PER_TENANT="${A:-8}"
start_throwaway_server release

"$CARGO_TARGET_DIR/release/examples/compile_queue" "$base" \
  "postgres://roboforge_super:roboforge_super@127.0.0.1:${port}/${throwaway_db}" \
  "$ADMIN_USERNAME" "$ADMIN_PASSWORD" "${N:-1000}" "${A:-8}" "${IDLE:-30}" "${FAIR:-200}"
