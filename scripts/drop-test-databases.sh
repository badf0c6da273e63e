#!/usr/bin/env bash
# Drops the per-test databases (rf_test_*) earlier runs left behind. Templates
# (rf_tpl_*) of older migration sets go too; the current one stays.
set -euo pipefail
url="${TEST_DATABASE_URL:?TEST_DATABASE_URL não definido}"
psql "$url" -tAc "SELECT datname FROM pg_database WHERE datname LIKE 'rf\_test\_%' OR datname LIKE 'rf\_e2e\_%'" |
  while read -r db; do [ -n "$db" ] && psql "$url" -qc "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 || true; done
