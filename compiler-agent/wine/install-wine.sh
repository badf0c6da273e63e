#!/usr/bin/env bash
# Installs Wine and what MetaEditor needs to run headless on Debian or Ubuntu:
# wine (64-bit, plus the 32-bit half for the MetaTrader 5 installer), Xvfb
# with xvfb-run, winbind and cabextract. Idempotent: installs only what is
# missing and says "nothing to install" when everything is there.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: install-wine.sh [--no-wine32]

Installs Wine, Xvfb (xvfb-run), xauth, winbind and cabextract from the
distribution's own repositories (Debian 12+, Ubuntu 22.04+). Run as root
or with sudo available.

  --no-wine32   skip the 32-bit Wine (i386 multiarch). MetaEditor itself is
                64-bit; the 32-bit half is only needed to run the official
                MetaTrader 5 installer (mt5setup.exe) under Wine. Use this
                when the MetaTrader 5 folder is copied from a Windows machine.
USAGE
}

wine32=1
while [ $# -gt 0 ]; do
  case "$1" in
    --no-wine32) wine32=0 ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
  shift
done

if [ ! -r /etc/os-release ] || ! grep -qiE '^(ID|ID_LIKE)=.*(debian|ubuntu)' /etc/os-release; then
  echo "install-wine.sh: only Debian and Ubuntu are supported" >&2
  exit 1
fi

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

packages=(wine wine64 xvfb xauth winbind cabextract ca-certificates curl)
if [ "$wine32" = 1 ]; then
  if ! dpkg --print-foreign-architectures | grep -qx i386; then
    echo "install-wine.sh: enabling the i386 architecture (for wine32)"
    as_root dpkg --add-architecture i386
  fi
  packages+=(wine32:i386)
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" = 0 ]; then
  echo "install-wine.sh: nothing to install ($(wine --version 2>/dev/null || echo wine))"
  exit 0
fi

echo "install-wine.sh: installing ${missing[*]}"
as_root apt-get update -qq
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
echo "install-wine.sh: installed ${missing[*]} ($(wine --version 2>/dev/null || echo wine))"
