#!/usr/bin/env bash
# The runner the compile agent calls on Linux (WINE_RUNNER):
#   run-metaeditor.sh <metaeditor64.exe> <args...>
# runs the program with Wine in WINEPREFIX, under `xvfb-run -a` when there is
# no DISPLAY, turning Unix paths in /compile:, /log:, /inc: (and /include:),
# and the terminal's /config: (backtests: `run-metaeditor.sh terminal64.exe
# /portable /config:<tester.ini>`), into Windows paths with `winepath -w`.
# Exits with the program's exit code (MetaEditor's and the terminal's mean
# nothing: the agent judges by the log, the .ex5 or the report).
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: run-metaeditor.sh <metaeditor64.exe> [args...]

Example:
  WINEPREFIX=/var/lib/roboforge-agent/wine run-metaeditor.sh \
    /var/lib/roboforge-agent/wine/drive_c/MT5/metaeditor64.exe \
    /portable /compile:/tmp/job/robot.mq5 /log:/tmp/job/robot.log \
    /inc:/var/lib/roboforge-agent/wine/drive_c/MT5/MQL5

Unix paths (absolute, or relative to the current directory) after /compile:,
/log:, /inc:, /include: and /config: become Windows paths (winepath -w); Windows paths
(C:\...) pass unchanged, as do all other arguments. Paths must not contain
spaces: MetaEditor under Wine splits them.

Environment:
  WINEPREFIX   the prefix (create-prefix.sh); else WINE_PREFIX, else ~/.wine
  WINE         the wine command (default: wine)
  WINEDEBUG    default -all (quiet)
  DISPLAY      when empty, the program runs under `xvfb-run -a`

Exit status: the program's; 2 for a usage or setup error; 143 when stopped
by SIGTERM/SIGINT/SIGHUP (the prefix's Wine processes are killed first).
Killed with SIGKILL, a watchdog left behind kills the prefix's Wine
processes within a second. One runner at a time per prefix.
USAGE
}

case "${1:-}" in -h | --help) usage; exit 0 ;; esac
[ $# -ge 1 ] || { usage >&2; exit 2; }

fail() { echo "run-metaeditor.sh: $*" >&2; exit 2; }

export WINEPREFIX="${WINEPREFIX:-${WINE_PREFIX:-$HOME/.wine}}"
export WINEDEBUG="${WINEDEBUG:--all}"
export WINEDLLOVERRIDES="${WINEDLLOVERRIDES:-mscoree,mshtml=}"
wine_cmd="${WINE:-wine}"
command -v "$wine_cmd" >/dev/null || fail "$wine_cmd not found (run install-wine.sh)"
command -v winepath >/dev/null || fail "winepath not found (run install-wine.sh)"
[ -f "$WINEPREFIX/system.reg" ] || fail "no Wine prefix at $WINEPREFIX (run create-prefix.sh)"

program="$1"
shift
case "$program" in
  /* | ./* | ../*) [ -f "$program" ] || fail "$program not found" ;;
esac

# A Unix path as Windows sees it (Z:\... or, inside the prefix, C:\...).
to_windows() {
  local path="$1" converted
  case "$path" in
    [A-Za-z]:\\* | [A-Za-z]:/* | \\\\*) printf '%s' "$path"; return ;;
    /*) ;;
    *) path="$PWD/$path" ;;
  esac
  converted="$(winepath -w "$path" 2>/dev/null)" || fail "winepath could not convert $path"
  [ -n "$converted" ] || fail "winepath could not convert $path"
  printf '%s' "$converted"
}

args=()
for arg in "$@"; do
  lower="${arg,,}"
  option=""
  for name in compile log inc include config; do
    if [[ "$lower" == "/$name:"* ]]; then option="${arg:0:${#name}+2}"; break; fi
  done
  if [ -n "$option" ] && [ -n "${arg:${#option}}" ]; then
    value="$(to_windows "${arg:${#option}}")"
    case "$value" in *" "*) echo "run-metaeditor.sh: warning: '$value' has a space; MetaEditor may split it" >&2 ;; esac
    args+=("$option$value")
  else
    args+=("$arg")
  fi
done

command=("$wine_cmd" "$program" "${args[@]}")
if [ -z "${DISPLAY:-}" ]; then
  command -v xvfb-run >/dev/null || fail "no DISPLAY and xvfb-run not found (run install-wine.sh)"
  command=(xvfb-run -a "${command[@]}")
fi

child=""
watchdog=""
# shellcheck disable=SC2317  # called by the trap
stop() {
  trap - TERM INT HUP
  [ -z "$watchdog" ] || kill "$watchdog" 2>/dev/null || true
  # Killing the prefix's Wine processes lets xvfb-run end normally (and stop
  # its X server); the child itself goes only if it still lingers.
  wineserver -k 2>/dev/null || true
  if [ -n "$child" ]; then
    for _ in $(seq 50); do kill -0 "$child" 2>/dev/null || break; sleep 0.1; done
    kill -TERM "$child" 2>/dev/null || true
  fi
  exit 143
}
trap stop TERM INT HUP

"${command[@]}" &
child=$!

# A caller that gives up with SIGKILL (which cannot be trapped) would leave
# MetaEditor, wineserver and Xvfb behind: this watchdog outlives the runner
# and kills the prefix's Wine processes once the runner is gone.
runner=$$
(
  while kill -0 "$runner" 2>/dev/null; do sleep 1; done
  wineserver -k 2>/dev/null || true
) </dev/null >/dev/null 2>&1 &
watchdog=$!

status=0
wait "$child" || status=$?
kill "$watchdog" 2>/dev/null || true
exit "$status"
