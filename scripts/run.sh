#!/usr/bin/env bash
# `make run`: everything needed to serve the three portals on PORT (8080) with
# the workers in-process. Without DATABASE_URL it brings up a local
# PostgreSQL cluster and uses the `roboforge` role (owner with CREATEROLE,
# not superuser).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
export SQLX_OFFLINE=true

scripts/install-deps.sh
if [ -z "${DATABASE_URL:-}" ]; then
  port=$(scripts/ensure-postgres.sh | tail -n 1)
  export DATABASE_URL="postgres://roboforge:roboforge@127.0.0.1:${port}/roboforge"
  # The local setup only: path-prefixed portals, ?tenant=, plain-http cookies
  # on these hosts. A real deployment names its own DEV_HOSTS, or none.
  export DEV_HOSTS="${DEV_HOSTS-localhost,127.0.0.1}"
fi

echo "==> building the web app"
(cd web && npm run build --silent)
echo "==> building the API"
cargo build -p api --release
export WEB_DIST="${WEB_DIST:-$PWD/web/dist}"
exec "$CARGO_TARGET_DIR/release/api" serve "$@"
