#!/usr/bin/env bash
# Installs what this machine is missing to build, run and (with --test) test
# RoboForge: Debian packages, cargo-nextest, the web app's npm packages.
# Idempotent and quiet when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  echo "==> installing $* (apt)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

command -v cc >/dev/null || apt_install build-essential
command -v curl >/dev/null || apt_install curl
command -v node >/dev/null || apt_install nodejs npm
command -v psql >/dev/null || apt_install postgresql-client
command -v cargo >/dev/null || { echo "cargo not found: install Rust (rustup) first" >&2; exit 1; }

if [ "${1:-}" = "--test" ]; then
  cargo nextest --version >/dev/null 2>&1 || { echo "==> installing cargo-nextest"; cargo install cargo-nextest --locked; }
  [ -x /usr/bin/chromium ] || apt_install chromium
  # The compile sandbox (compiler-agent/src/sandbox.rs): the agent's tests run MetaEditor's stand-in in it.
  command -v bwrap >/dev/null || apt_install bubblewrap
  # The MQL5 harness (tools/mql5-harness): the robot's license check compiled natively.
  command -v g++ >/dev/null || apt_install g++
  [ -f /usr/include/openssl/sha.h ] || apt_install libssl-dev
  python3 -c 'import cryptography' 2>/dev/null || apt_install python3-cryptography
  # Every step of `make test` finds what it needs installed before any step
  # starts (steps run side by side, and two apt-get at once fight over dpkg's
  # lock): the Wine runner (wine, Xvfb, the mingw compiler of its Windows
  # stand-in), the cluster (PgBouncer, HAProxy), provisioning's lint and the
  # fuzzer's jq. One apt-get for all that is missing.
  missing=()
  for package in wine wine64 xvfb xauth winbind gcc-mingw-w64-x86-64 pgbouncer haproxy ansible ansible-lint jq; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  [ ${#missing[@]} = 0 ] || apt_install "${missing[@]}"
  command -v pip3 >/dev/null || apt_install python3-pip
  if ! st --version 2>/dev/null | grep -q 'version 4\.'; then
    echo "==> installing schemathesis (pip)"
    pip3 install -q 'schemathesis>=4.32,<5' 2>/dev/null || pip3 install -q --break-system-packages 'schemathesis>=4.32,<5'
  fi
  # A local S3-compatible server: the storage layer's tests run against it too.
  command -v moto_server >/dev/null || { command -v pip3 >/dev/null || apt_install python3-pip; echo "==> installing moto (pip)"; pip3 install -q "moto[server]" 2>/dev/null || pip3 install -q --break-system-packages "moto[server]"; }
fi

# Install only when the lock file changed since the last install. (`npm ci`
# refuses this lock: npm leaves foreign-platform optional packages of
# tailwind out of it, which `npm install` accepts.)
if [ ! -f web/node_modules/.installed ] || [ web/package-lock.json -nt web/node_modules/.installed ]; then
  echo "==> installing the web dependencies (npm install)"
  (cd web && npm install --no-audit --no-fund --loglevel=error)
  touch web/node_modules/.installed
fi
