#!/usr/bin/env bash
# Creates (or checks) the Wine prefix MetaEditor runs in: 64-bit, booted
# headless under xvfb-run, Windows 10 mode, without the Mono/Gecko download
# prompts. Idempotent. Run it as the user the agent runs as: Wine refuses a
# prefix owned by someone else.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: create-prefix.sh [PREFIX]

Creates the Wine prefix PREFIX (default: $WINEPREFIX, else $WINE_PREFIX,
else ~/.wine) with WINEARCH=win64, runs `wineboot --init` headless (under
`xvfb-run -a` when there is no DISPLAY) and sets the Windows version to
Windows 10. Running it again on an existing prefix only re-checks it.

Environment: WINEARCH (default win64), WINE (default wine).
USAGE
}

case "${1:-}" in -h | --help) usage; exit 0 ;; esac
[ $# -le 1 ] || { usage >&2; exit 2; }

prefix="${1:-${WINEPREFIX:-${WINE_PREFIX:-$HOME/.wine}}}"
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
wine_cmd="${WINE:-wine}"
for tool in "$wine_cmd" wineboot wineserver xvfb-run; do
  command -v "$tool" >/dev/null || { echo "create-prefix.sh: $tool not found (run install-wine.sh)" >&2; exit 1; }
done

export WINEPREFIX="$prefix"
export WINEARCH="${WINEARCH:-win64}"
export WINEDEBUG="${WINEDEBUG:--all}"
# No Mono/Gecko: their installers would open dialogs (and need the network).
export WINEDLLOVERRIDES="${WINEDLLOVERRIDES:-mscoree,mshtml=}"

headless() {
  if [ -n "${DISPLAY:-}" ]; then "$@"; else xvfb-run -a "$@"; fi
}

mkdir -p "$(dirname "$prefix")"
if [ -f "$prefix/system.reg" ]; then
  echo "create-prefix.sh: prefix $prefix already exists"
else
  echo "create-prefix.sh: creating $prefix ($WINEARCH)"
  # wineserver -w inside the X session: everything ends before Xvfb does.
  headless sh -c 'wineboot --init && wineserver -w'
fi

if ! grep -q '^"Version"="win10"' "$prefix/user.reg" 2>/dev/null; then
  echo "create-prefix.sh: setting Windows 10 mode"
  # shellcheck disable=SC2016  # $1 expands in the inner shell
  headless sh -c '"$1" reg add "HKCU\\Software\\Wine" /v Version /t REG_SZ /d win10 /f >/dev/null && wineserver -w' sh "$wine_cmd"
fi

grep -q '^"Version"="win10"' "$prefix/user.reg" || { echo "create-prefix.sh: Windows 10 mode not set in $prefix" >&2; exit 1; }
[ -d "$prefix/drive_c/windows" ] || { echo "create-prefix.sh: $prefix has no drive_c/windows" >&2; exit 1; }
echo "create-prefix.sh: ready: WINEPREFIX=$prefix"
