#!/usr/bin/env bash
# Drops the per-test databases (rf_test_*, rf_e2e_*) earlier runs left behind.
# With --templates also the migrated templates (rf_tpl_*), so the next test
# run migrates from scratch once (what `make test` does at its start).
set -euo pipefail
url="${TEST_DATABASE_URL:?TEST_DATABASE_URL não definido}"
pattern="datname LIKE 'rf\_test\_%' OR datname LIKE 'rf\_e2e\_%'"
[ "${1:-}" = "--templates" ] && pattern="$pattern OR datname LIKE 'rf\_tpl\_%'"
psql "$url" -tAc "SELECT datname FROM pg_database WHERE $pattern" |
  while read -r db; do
    [ -n "$db" ] && psql "$url" -qc "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 || true
  done
# Login roles a startup test creates and could not drop (a run cut short).
psql "$url" -tAc "SELECT rolname FROM pg_roles WHERE rolname LIKE 'rf\_bad\_%'" |
  while read -r role; do
    [ -n "$role" ] && psql "$url" -qc "DROP ROLE IF EXISTS \"$role\"" >/dev/null 2>&1 || true
  done
