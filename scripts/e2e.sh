#!/usr/bin/env bash
# Browser journeys: builds the web app and the api, starts the real server on
# a fresh database with the demo tenant, and drives Chromium through the three
# portals (web/e2e). Needs TEST_DATABASE_URL (set by scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true
source scripts/throwaway-server.sh

(cd web && npm run build --silent >/dev/null)
cargo build -q -p api

admin_url="${TEST_DATABASE_URL:?TEST_DATABASE_URL não definido}"
export DATABASE_APP_ROLE=roboforge_test_app WEB_DIST="$PWD/web/dist"
export ADMIN_USERNAME=admin ADMIN_PASSWORD=admin-e2e-123 RUST_LOG=warn
# E-mail goes to a local stand-in of the Resend API that the tenant journey starts on this port.
export E2E_RESEND_PORT=$((21000 + RANDOM % 2000))
export RESEND_API_BASE="http://127.0.0.1:$E2E_RESEND_PORT" RESEND_API_KEY=re_e2e_stand_in
export STORAGE_URL="$(mktemp -d)"
start_throwaway_server debug

export E2E_BASE_URL="$base"
export E2E_ADMIN_USER=admin E2E_ADMIN_PASSWORD=admin-e2e-123
export E2E_OWNER_EMAIL=owner@demo.localhost E2E_OWNER_PASSWORD=demo123456
export E2E_TENANT_SECRET=demo0000000000000000000000000000000000000000000000000000000000ff
export E2E_TENANT=demo.localhost E2E_TENANT_NAME="Demo Robôs"
export E2E_CLIENT_EMAIL=cliente@demo.localhost E2E_CLIENT_PASSWORD=demo123456 E2E_PURCHASE_ID=HP-DEMO-0001
(cd web && npm run e2e --silent)
