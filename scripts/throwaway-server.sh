# Sourced (not run) by scripts/e2e.sh, scripts/fuzz-api.sh and bench/*: starts
# `api serve` on a fresh database of the cluster named by $admin_url (a role
# with CREATEDB, connected to any database), seeded with the demo tenant, and
# drops it all on exit.
#
#   admin_url=postgres://roboforge:roboforge@127.0.0.1:5432/postgres
#   start_throwaway_server debug|release [serve options...]
#   curl "$base/api/health"
#
# Callers set the api's own variables (ADMIN_USERNAME, RUST_LOG, ...) first.

start_throwaway_server() {
  local profile=$1
  shift
  throwaway_db="rf_e2e_$(date +%s)_$$"
  throwaway_log=$(mktemp)
  psql "$admin_url" -qc "CREATE DATABASE $throwaway_db" >/dev/null
  trap stop_throwaway_server EXIT
  local port=$((18000 + RANDOM % 3000))
  export DATABASE_URL="${admin_url%/*}/$throwaway_db" PORT=$port
  # Its own authenticator (the api's default, <database>_app), dropped with it:
  # a serving `make run` on the same cluster is never touched.
  throwaway_role="${DATABASE_APP_ROLE:-${throwaway_db}_app}"
  export DATABASE_APP_ROLE="$throwaway_role" WEB_DIST="${WEB_DIST:-/nonexistent}"
  # A local throw-away platform: development hosts on, as in `make run`.
  export DEV_HOSTS="${DEV_HOSTS-localhost,127.0.0.1}"
  # The fuzzer reads the API from its own document (/api/openapi.json).
  export SERVE_API_DOCS="${SERVE_API_DOCS-true}"
  "$CARGO_TARGET_DIR/$profile/api" seed-demo >/dev/null
  "$CARGO_TARGET_DIR/$profile/api" serve "$@" >"$throwaway_log" 2>&1 &
  throwaway_pid=$!
  base="http://127.0.0.1:$port"
  for _ in $(seq 1 60); do
    curl -fs "$base/api/health" >/dev/null 2>&1 && return 0
    kill -0 "$throwaway_pid" 2>/dev/null || break
    sleep 0.5
  done
  echo "the server did not start:" >&2
  cat "$throwaway_log" >&2
  return 1
}

stop_throwaway_server() {
  if [ -n "${throwaway_pid:-}" ]; then
    kill "$throwaway_pid" 2>/dev/null && wait "$throwaway_pid" 2>/dev/null || true
  fi
  if [ -n "${KEEP_SERVER_DB:-}" ]; then echo "kept database $throwaway_db" >&2; else
  psql "$admin_url" -qc "DROP DATABASE IF EXISTS $throwaway_db WITH (FORCE)" >/dev/null 2>&1 || true
  [ "${throwaway_role:-}" = "${throwaway_db}_app" ] && psql "$admin_url" -qc "DROP ROLE IF EXISTS $throwaway_role" >/dev/null 2>&1 || true
  fi
  # KEEP_SERVER_LOG=<file> keeps the server's output for a post-mortem.
  if [ -n "${KEEP_SERVER_LOG:-}" ]; then cp "$throwaway_log" "$KEEP_SERVER_LOG"; fi
  rm -f "$throwaway_log"
}
