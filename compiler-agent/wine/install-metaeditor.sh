#!/usr/bin/env bash
# Puts MetaTrader 5 (metaeditor64.exe and its MQL5 folder) into the Wine
# prefix, either by running the official installer silently (/auto, under
# xvfb-run) or by copying a MetaTrader 5 folder taken from a Windows machine.
# The installer downloads the terminal from MetaQuotes' servers: this step
# cannot be done offline (the copy can). Idempotent unless --force.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: install-metaeditor.sh --installer-url URL [options]
       install-metaeditor.sh --installer FILE [options]
       install-metaeditor.sh --from-dir DIR [options]

Sources (one):
  --installer-url URL  download the MetaTrader 5 installer (mt5setup.exe; the
                       official one or a broker's) and run it with /auto.
                       Also taken from MT5_INSTALLER_URL. Needs the network:
                       the installer itself downloads the terminal.
  --installer FILE     run an installer already downloaded (still needs the
                       network while it runs).
  --from-dir DIR       copy a MetaTrader 5 folder copied from a Windows
                       machine (the folder holding metaeditor64.exe, e.g.
                       C:\Program Files\MetaTrader 5, with its MQL5 folder).
                       Works offline.

Options:
  --dest DIR           where MetaTrader 5 ends up (default:
                       $WINEPREFIX/drive_c/MT5, i.e. C:\MT5: no spaces, which
                       MetaEditor's command line under Wine needs). The
                       installer installs into C:\Program Files\...; DIR then
                       becomes a link to that folder.
  --timeout SECONDS    how long the installer (and the first portable start
                       that creates MQL5\) may take (default 900)
  --force              install again even when DIR already has MetaEditor

Environment: WINEPREFIX (else WINE_PREFIX, else ~/.wine; create it first
with create-prefix.sh), WINE (default wine), MT5_INSTALLER_URL.

Prints the agent's METAEDITOR_PATH and MQL5_INCLUDE_DIR when done.
USAGE
}

fail() { echo "install-metaeditor.sh: $*" >&2; exit 1; }
say() { echo "install-metaeditor.sh: $*"; }

url="${MT5_INSTALLER_URL:-}"
installer=""
from_dir=""
dest=""
timeout=900
force=0
while [ $# -gt 0 ]; do
  case "$1" in
    --installer-url) url="${2:?--installer-url needs a URL}"; shift ;;
    --installer) installer="${2:?--installer needs a file}"; shift ;;
    --from-dir) from_dir="${2:?--from-dir needs a folder}"; shift ;;
    --dest) dest="${2:?--dest needs a folder}"; shift ;;
    --timeout) timeout="${2:?--timeout needs seconds}"; shift ;;
    --force) force=1 ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
  shift
done
[[ "$timeout" =~ ^[1-9][0-9]*$ ]] || fail "--timeout must be a number of seconds"
if [ -n "$from_dir" ] || [ -n "$installer" ]; then url=""; fi
sources=0
for s in "$url" "$installer" "$from_dir"; do [ -z "$s" ] || sources=$((sources + 1)); done
[ "$sources" = 1 ] || { usage >&2; exit 2; }

export WINEPREFIX="${WINEPREFIX:-${WINE_PREFIX:-$HOME/.wine}}"
export WINEDEBUG="${WINEDEBUG:--all}"
export WINEDLLOVERRIDES="${WINEDLLOVERRIDES:-mscoree,mshtml=}"
wine_cmd="${WINE:-wine}"
[ -f "$WINEPREFIX/system.reg" ] || fail "no Wine prefix at $WINEPREFIX (run create-prefix.sh first)"
dest="${dest:-$WINEPREFIX/drive_c/MT5}"
case "$dest" in *" "*) fail "--dest must not contain spaces ($dest)" ;; esac

headless() {
  if [ -n "${DISPLAY:-}" ]; then "$@"; else xvfb-run -a "$@"; fi
}

# The program's file in DIR, whatever its case (MetaEditor64.exe, ...).
program_in() { find "$1/" -maxdepth 1 -iname "$2" -print -quit 2>/dev/null; }

report() {
  local editor
  editor="$(program_in "$dest" metaeditor64.exe)"
  [ -n "$editor" ] || fail "no metaeditor64.exe in $dest"
  if [ ! -d "$dest/MQL5/Include" ]; then
    echo "install-metaeditor.sh: warning: $dest/MQL5/Include is missing; copy the MQL5 folder of a" \
      "Windows installation (MetaEditor: File > Open Data Folder) into $dest/MQL5" >&2
  fi
  say "ready. The agent's configuration:"
  echo "WINEPREFIX=$WINEPREFIX"
  echo "METAEDITOR_PATH=$editor"
  echo "MQL5_INCLUDE_DIR=$dest/MQL5"
}

if [ "$force" = 0 ] && [ -n "$(program_in "$dest" metaeditor64.exe)" ]; then
  say "MetaEditor already in $dest (--force to install again)"
  report
  exit 0
fi

# Runs "$@" (headless) in the background until READY succeeds, the program
# ends or the timeout passes; then stops every Wine process of the prefix.
run_until() {
  local ready="$1" pid deadline
  shift
  headless "$@" &
  pid=$!
  deadline=$((SECONDS + timeout))
  while kill -0 "$pid" 2>/dev/null; do
    if "$ready"; then break; fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "install-metaeditor.sh: warning: still running after ${timeout}s, stopping it" >&2
      break
    fi
    sleep 5
  done
  wineserver -k 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

installed_dir() {
  local editor
  editor="$(find "$WINEPREFIX/drive_c" -maxdepth 3 -iname metaeditor64.exe -print -quit 2>/dev/null)"
  [ -n "$editor" ] && dirname "$editor"
}
# The installer's last step starts the terminal: by then everything is in place.
installer_done() {
  [ -n "$(installed_dir)" ] && pgrep -f 'terminal64\.exe' >/dev/null
}
mql5_ready() { [ -d "$dest/MQL5/Include" ]; }

if [ -n "$from_dir" ]; then
  [ -d "$from_dir" ] || fail "$from_dir is not a folder"
  [ -n "$(program_in "$from_dir" metaeditor64.exe)" ] || fail "$from_dir has no metaeditor64.exe"
  say "copying $from_dir to $dest"
  mkdir -p "$dest"
  cp -a "$from_dir/." "$dest/"
else
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  if [ -n "$url" ]; then
    command -v curl >/dev/null || fail "curl not found (run install-wine.sh)"
    say "downloading $url"
    curl -fsSL --retry 3 -o "$work/mt5setup.exe" "$url" || fail "could not download $url (this step needs the network)"
    installer="$work/mt5setup.exe"
  fi
  [ -f "$installer" ] || fail "$installer not found"
  say "running the installer silently (/auto); it downloads the terminal, up to ${timeout}s"
  run_until installer_done "$wine_cmd" "$installer" /auto
  found="$(installed_dir)" || true
  [ -n "$found" ] || fail "the installer left no metaeditor64.exe under $WINEPREFIX/drive_c (network? see README troubleshooting)"
  if [ "$found" != "$dest" ]; then
    [ ! -e "$dest" ] || [ -L "$dest" ] || fail "$dest exists and is not a link; remove it or pass another --dest"
    say "linking $dest to $found"
    ln -sfnr "$found" "$dest"
  fi
fi

# /portable keeps MQL5\ inside the MetaTrader 5 folder; the terminal creates
# it (with the standard Include\ library) on its first portable start.
terminal="$(program_in "$dest" terminal64.exe)"
if ! mql5_ready && [ -n "$terminal" ]; then
  say "first portable start of the terminal to create MQL5\\ (up to ${timeout}s)"
  run_until mql5_ready "$wine_cmd" "$terminal" /portable
fi
report
