#!/usr/bin/env bash
# Personal builds at scale (issue 26): the release server with the demo
# tenant; the demo owner imports a robot (a simulated agent compiles it
# through the real protocol), then records N manual sales at once (C in
# flight) — each license queues its personal build. Prints the sales' rate,
# the builds queued (must be N), the claim latency with the builds waiting,
# and how many builds the owner's next import waits behind (must be only the
# one already compiling).
#
#   bench/personal-builds.sh              # N=1000, C=16
#   N=200 C=8 bench/personal-builds.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true

source scripts/throwaway-server.sh
# The superuser only to count rows and to offer the robot; the owner and the
# agent go through the api like real ones.
port=$(scripts/ensure-postgres.sh --with-test-superuser | tail -n 1)
admin_url="postgres://roboforge:roboforge@127.0.0.1:${port}/postgres"
cargo build -q --release -p api --bin api --example personal_builds
export ADMIN_USERNAME=admin ADMIN_PASSWORD=bench-admin-1 RUST_LOG=error
# Sales are many from one address: the bench is not what the login and API limits guard against.
start_throwaway_server release

"$CARGO_TARGET_DIR/release/examples/personal_builds" "$base" \
  "postgres://roboforge_super:roboforge_super@127.0.0.1:${port}/${throwaway_db}" \
  owner@demo.localhost demo123456 demo0000000000000000000000000000000000000000000000000000000000ff \
  "${N:-1000}" "${C:-16}"
