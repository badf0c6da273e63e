#!/usr/bin/env bash
# `make test-cluster` (part of `make test`): brings up a cluster of its own
# (scripts/cluster.sh: PostgreSQL, PgBouncer in transaction mode, 3 api
# instances behind HAProxy, 2 workers, an agent, S3) on free ports in a
# temporary directory, runs the scenarios of api/tests/cluster.rs against it
# one at a time, and takes it all down.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true

cargo build -q -p api -p worker -p compiler-agent --bins
cargo nextest run -p api --test cluster --no-run --cargo-quiet
CLUSTER_DIR=$(mktemp -d "${TMPDIR:-/tmp}/roboforge-cluster.XXXXXX")
# Ports base .. base+23; another run side by side picks another base.
CLUSTER_PORT=$((30000 + (RANDOM % 700) * 40))
export CLUSTER_DIR CLUSTER_PORT CLUSTER_PROFILE=debug CLUSTER_SKIP_BUILD=1
# A failed run keeps the cluster's logs (its processes are stopped all the same).
status=1
trap '[ "$status" = 0 ] || export KEEP_CLUSTER_DIR=1; scripts/cluster.sh down' EXIT
scripts/cluster.sh up
cargo nextest run -p api --test cluster --run-ignored only --test-threads 1 --no-fail-fast --no-capture \
  --final-status-level fail
status=0
