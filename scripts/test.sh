#!/usr/bin/env bash
# `make test`: every test. Rust (nextest, real PostgreSQL, queries as the
# runtime role), the web unit tests with the type check, and the browser
# journeys against the real server in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true

if [ -z "${ROBOFORGE_TEST_RUN_LOCKED:-}" ]; then
  scripts/install-deps.sh --test
  scripts/prune-build-cache.sh
  port=$(scripts/ensure-postgres.sh --with-test-superuser | tail -n 1)
  export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://roboforge:roboforge@127.0.0.1:${port}/postgres}"
  export TEST_SUPERUSER_URL="${TEST_SUPERUSER_URL:-postgres://roboforge_super:roboforge_super@127.0.0.1:${port}/postgres}"
fi
# Every run is a first run: the test roles and databases an earlier run left
# are dropped, unless another test run on this machine is live. A live run
# holds the lock shared through a `flock` process of its own (-o: the lock is
# never handed down, so no stray child of a test can keep it after the run).
lock="${TMPDIR:-/tmp}/roboforge-test-run.lock"
if [ -z "${ROBOFORGE_TEST_RUN_LOCKED:-}" ]; then
  busy=75 dropped=0
  flock -n -E "$busy" -x "$lock" scripts/drop-test-databases.sh --all || dropped=$?
  case "$dropped" in
    0) echo "==> dropped the test roles and databases earlier runs left" ;;
    "$busy") echo "==> another test run is live: keeping its roles and databases" ;;
    *) echo "dropping the earlier runs' test databases failed" >&2; exit "$dropped" ;;
  esac
  status=0
  ROBOFORGE_TEST_RUN_LOCKED=1 flock -o -s "$lock" "$PWD/scripts/test.sh" "$@" || status=$?
  # Its databases are gone unless another run is still using the cluster.
  flock -n -x "$lock" scripts/drop-test-databases.sh || true
  exit "$status"
fi
source scripts/s3-stand-in.sh
start_s3_stand_in
source scripts/test-steps.sh

step "format and lint (rustfmt, clippy)" \
  sh -c 'cargo fmt --all --check && cargo clippy -q --workspace --all-targets -- -D warnings'

# Alone on the machine: some tests measure time (login under a flood, reset
# timing, postback to license) and must not share the cores with other steps.
step "Rust tests" cargo nextest run --workspace --no-fail-fast
keep_junit rust

# Three light, single-threaded steps side by side. Each fails loudly: the Wine
# runner installs Wine and mingw when missing (install-deps.sh --test already
# did), it is never skipped.
steps_side_by_side \
  "the license check's MQL5 harness self-test (RFC 8032 vectors, protocol v2 stand-in, template mutations)" \
  tools/mql5-harness/selftest.sh \
  -- "provisioning (ansible-playbook --syntax-check, ansible-lint)" scripts/check-ansible.sh \
  -- "Wine runner (make test-wine)" make --no-print-directory test-wine

step "web tests (ESLint, types, unit)" sh -c 'cd web && npm run check --silent'

step "browser tests" scripts/e2e.sh

step "first-load budgets of the portals (scripts/check-bundle.mjs on the build e2e.sh made)" \
  node scripts/check-bundle.mjs web/dist

step "API fuzzing as every identity (scripts/fuzz-api.sh --quick)" scripts/fuzz-api.sh --quick

step "the cluster: PgBouncer, 3 api instances behind HAProxy, 2 workers, S3 (make test-cluster)" \
  scripts/test-cluster.sh
keep_junit cluster
