#!/usr/bin/env bash
# Brings up a local PostgreSQL cluster with the roles RoboForge uses when no
# DATABASE_URL is given: `roboforge` (owner of database `roboforge`, with
# CREATEDB and CREATEROLE, NOT superuser) and, with --with-test-superuser,
# `roboforge_super` for the one test that needs to create a BYPASSRLS role.
# Idempotent; installs PostgreSQL from Debian when it is missing.
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
as_postgres() { as_root runuser -u postgres -- "$@"; }

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  echo "==> installing PostgreSQL (apt)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$version main$"; then
  as_root pg_createcluster "$version" main >/dev/null
fi
if ! pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $4}' | grep -q online; then
  echo "==> starting PostgreSQL $version"
  # A twin may be starting it too: fine as long as it ends up online.
  as_root pg_ctlcluster "$version" main start 9>&- 8>&- ||
    pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $4}' | grep -q online
fi
port=$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $3}')
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p "$port" && break; sleep 1; done

as_postgres psql -q -p "$port" -v ON_ERROR_STOP=1 <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'roboforge') THEN
    CREATE ROLE roboforge LOGIN PASSWORD 'roboforge' CREATEDB CREATEROLE NOSUPERUSER;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another process started side by side created it a moment ago
END $$;
SQL
if ! as_postgres psql -p "$port" -tAc "SELECT 1 FROM pg_database WHERE datname = 'roboforge'" | grep -q 1; then
  # Tolerates a twin that created it between the check and now.
  as_postgres createdb -p "$port" -O roboforge roboforge 2>/dev/null ||
    as_postgres psql -p "$port" -tAc "SELECT 1 FROM pg_database WHERE datname = 'roboforge'" | grep -q 1
fi
if [ "${1:-}" = "--with-test-superuser" ]; then
  as_postgres psql -q -p "$port" -v ON_ERROR_STOP=1 <<'SQL'
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'roboforge_super') THEN
    CREATE ROLE roboforge_super LOGIN PASSWORD 'roboforge_super' SUPERUSER;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END $$;
SQL
fi
echo "$port"
