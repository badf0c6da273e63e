#!/usr/bin/env bash
# Property-based fuzzing of the whole API from its own OpenAPI document
# (schemathesis, from PyPI): thousands of generated requests, failing on any
# 5xx. Not part of `make test` (it takes minutes); run it before releases and
# after touching request parsing.
#
#   scripts/fuzz-api.sh [max-examples per operation, default 100]
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true
source scripts/throwaway-server.sh
command -v st >/dev/null || pip install -q schemathesis
admin_url="postgres://roboforge:roboforge@127.0.0.1:$(scripts/ensure-postgres.sh | tail -n 1)/postgres"
cargo build -q -p api

export ADMIN_USERNAME=admin ADMIN_PASSWORD=fuzz-admin-1 RUST_LOG=warn
# The throttle would turn most generated logins into 429s.
export LOGIN_MAX_FAILURES_PER_ACCOUNT=1000000 LOGIN_MAX_FAILURES_PER_IP=1000000 LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP=1000000
start_throwaway_server debug
st run "$base/api/openapi.json" --url "$base" --checks not_a_server_error --max-examples "${1:-100}"
