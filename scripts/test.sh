#!/usr/bin/env bash
# `make test`: every test. Rust (nextest, real PostgreSQL, queries as the
# runtime role), the web unit tests with the type check, and the browser
# journeys against the real server in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true

scripts/install-deps.sh --test
scripts/prune-build-cache.sh
port=$(scripts/ensure-postgres.sh --with-test-superuser | tail -n 1)
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://roboforge:roboforge@127.0.0.1:${port}/postgres}"
export TEST_SUPERUSER_URL="${TEST_SUPERUSER_URL:-postgres://roboforge_super:roboforge_super@127.0.0.1:${port}/postgres}"
# Every run is a first run: the test roles and databases an earlier run left
# are dropped, unless another test run on this machine is live (it holds the
# lock shared). Background services below must not inherit the lock (9>&-).
exec 9>"${TMPDIR:-/tmp}/roboforge-test-run.lock"
if flock -n -x 9; then
  echo "==> dropping the test roles and databases earlier runs left"
  scripts/drop-test-databases.sh --all
else
  echo "==> another test run is live: keeping its roles and databases"
fi
flock -s 9
source scripts/s3-stand-in.sh
start_s3_stand_in 9>&-

echo "==> format and lint (rustfmt, clippy)"
cargo fmt --all --check
cargo clippy -q --workspace --all-targets -- -D warnings

echo "==> Rust tests"
cargo nextest run --workspace --no-fail-fast
# Only when no other run is live (its tests would lose their databases).
if flock -n -x 9; then scripts/drop-test-databases.sh; flock -s 9; fi

echo "==> the license check's MQL5 harness self-test (RFC 8032 vectors, protocol v2 stand-in, template mutations)"
tools/mql5-harness/selftest.sh

echo "==> provisioning (ansible-playbook --syntax-check, ansible-lint)"
scripts/check-ansible.sh

# The Wine path for real, where Wine is installed (`make run` never needs it).
if command -v wine >/dev/null; then
  echo "==> Wine runner (make test-wine)"
  make --no-print-directory test-wine
fi

echo "==> web tests (ESLint, types, unit)"
(cd web && npm run check --silent)

echo "==> browser tests"
scripts/e2e.sh
