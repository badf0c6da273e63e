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
scripts/drop-test-databases.sh --templates
source scripts/s3-stand-in.sh
start_s3_stand_in

echo "==> format and lint (rustfmt, clippy)"
cargo fmt --all --check
cargo clippy -q --workspace --all-targets -- -D warnings

echo "==> Rust tests"
cargo nextest run --workspace --no-fail-fast
scripts/drop-test-databases.sh

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
