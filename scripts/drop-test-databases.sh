#!/usr/bin/env bash
# Drops the per-test databases (rf_test_*, rf_e2e_*) earlier runs left behind,
# and the login roles tests create (the shared test authenticator, each test
# database's own, the race and startup tests' roles).
# With --templates also the migrated templates (rf_tpl_*), so the next test
# run migrates from scratch once; with --all also the principal roles where
# no remaining database uses them, so the run starts as on a fresh machine
# (`make test` does this at its start when no other test run is live).
set -euo pipefail
url="${TEST_DATABASE_URL:?TEST_DATABASE_URL não definido}"
pattern="datname LIKE 'rf\_test\_%' OR datname LIKE 'rf\_e2e\_%'"
case "${1:-}" in --templates | --all) pattern="$pattern OR datname LIKE 'rf\_tpl\_%'" ;; esac
psql "$url" -tAc "SELECT datname FROM pg_database WHERE $pattern" |
  while read -r db; do
    [ -n "$db" ] && psql "$url" -qc "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 || true
  done
roles="rolname = 'roboforge_test_app' OR rolname LIKE 'rf\_test\_%' OR rolname LIKE 'rf\_e2e\_%'
       OR rolname LIKE 'rf\_race\_%' OR rolname LIKE 'rf\_bad\_%'"
# The principal roles stay while any database (the `make run` one) holds grants to them: DROP refuses.
[ "${1:-}" = "--all" ] && roles="$roles OR rolname IN ('rf_anonymous', 'rf_client', 'rf_owner', 'rf_platform_admin', 'rf_worker')"
psql "$url" -tAc "SELECT rolname FROM pg_roles WHERE $roles" |
  while read -r role; do
    [ -n "$role" ] && psql "$url" -qc "DROP ROLE IF EXISTS \"$role\"" >/dev/null 2>&1 || true
  done
