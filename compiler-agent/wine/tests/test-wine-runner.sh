#!/usr/bin/env bash
# The Wine path for real (DESIGN 7): builds the MetaEditor stand-in for
# Windows (Debian's gcc-mingw-w64), creates a throwaway prefix with
# create-prefix.sh, installs the stand-in with install-metaeditor.sh
# --from-dir and compiles through run-metaeditor.sh the way the agent does.
# Checks: paths converted, UTF-16LE log, .ex5 only on success, the exit code
# passed through, nothing of Wine left after SIGTERM or SIGKILL. Installs
# wine, xvfb, xauth and gcc-mingw-w64-x86-64 with apt when missing. Ends
# with "N passed, N failed"; exits non-zero on any failure.
set -euo pipefail

case "${1:-}" in
  -h | --help) echo "usage: test-wine-runner.sh   (no arguments; see the comment at the top)"; exit 0 ;;
  "") ;;
  *) echo "usage: test-wine-runner.sh" >&2; exit 2 ;;
esac

wine_dir="$(cd "$(dirname "$0")/.." && pwd)"
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if ! command -v wine >/dev/null || ! command -v xvfb-run >/dev/null || ! command -v xauth >/dev/null; then
  "$wine_dir/install-wine.sh" --no-wine32
fi
if ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
  echo "==> installing gcc-mingw-w64-x86-64 (apt)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc-mingw-w64-x86-64 >/dev/null
fi

work="$(mktemp -d /tmp/roboforge-wine-test.XXXXXX)"
export WINEPREFIX="$work/prefix"
unset DISPLAY WINE_PREFIX
cleanup() {
  wineserver -k 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

passed=0
failed=0
check() {
  local name="$1"
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "ok: $name"
  else
    failed=$((failed + 1))
    echo "FAILED: $name"
  fi
}

echo "==> building the stand-in, creating the prefix ($work)"
mkdir -p "$work/mt5/MQL5/Include" "$work/job"
x86_64-w64-mingw32-gcc -O2 -o "$work/mt5/metaeditor64.exe" "$wine_dir/tests/metaeditor-stand-in.c"
"$wine_dir/create-prefix.sh" >/dev/null 2>&1
installed="$("$wine_dir/install-metaeditor.sh" --from-dir "$work/mt5")"
editor="$(sed -n 's/^METAEDITOR_PATH=//p' <<<"$installed")"
mql5="$(sed -n 's/^MQL5_INCLUDE_DIR=//p' <<<"$installed")"
check "install-metaeditor.sh puts MetaEditor in C:\\MT5" test "$editor" = "$WINEPREFIX/drive_c/MT5/metaeditor64.exe"
check "install-metaeditor.sh is idempotent" grep -q "already in" <<<"$("$wine_dir/install-metaeditor.sh" --from-dir "$work/mt5")"

job="$work/job"
compile() { # name -> the runner's exit status in $status
  status=0
  "$wine_dir/run-metaeditor.sh" "$editor" /portable "/compile:$job/$1.mq5" "/log:$job/$1.log" "/inc:$mql5" \
    2>"$job/$1.stderr" || status=$?
}
log_of() { iconv -f UTF-16LE -t UTF-8 "$job/$1.log" | tr -d '\r'; }
windows_job="Z:${job//\//\\}"

printf '\xef\xbb\xbfvoid OnStart() { Print("ok"); }\n' >"$job/Good.mq5"
compile Good
check "the exit code is passed through (the stand-in's 1)" test "$status" = 1
check "the log is UTF-16LE with a BOM" test "$(od -An -tx1 -N2 "$job/Good.log" | tr -d ' ')" = fffe
check "the log ends with Result: 0 errors" grep -q '^Result: 0 errors' <<<"$(log_of Good)"
check "/compile: got the Windows path of the source" grep -qF "$windows_job\\Good.mq5 : information" <<<"$(log_of Good)"
check "a good compile leaves an .ex5" test -s "$job/Good.ex5"

printf 'void OnStart() {\n  undeclared_identifier = 1;\n}\n' >"$job/Bad.mq5"
compile Bad
check "the exit code is passed through (the stand-in's 0)" test "$status" = 0
check "a failed compile logs the error with its line" grep -qF 'Bad.mq5(2,5) : error 256' <<<"$(log_of Bad)"
check "a failed compile leaves no .ex5" test ! -e "$job/Bad.ex5"

mkdir -p "$work/with space"
status=0
"$wine_dir/run-metaeditor.sh" "$editor" /portable "/compile:$job/Good.mq5" "/log:$work/with space/x.log" \
  2>"$job/space.stderr" || status=$?
check "a converted path with a space is warned about" grep -q 'has a space' "$job/space.stderr"

# A backtest the way the agent runs one: the terminal stand-in for Windows,
# the job folder as its data folder, the tester .ini (UTF-16LE) by /config:.
echo "==> a backtest through the runner (terminal stand-in)"
x86_64-w64-mingw32-gcc -O2 -o "$work/mt5/terminal64.exe" "$wine_dir/tests/terminal-stand-in.c"
cp "$wine_dir/../../shared/tests/fixtures/backtest/ReportTester-EURUSD-H1.htm" "$work/mt5/report-template.htm"
tester_job="$work/tester-job"
mkdir -p "$tester_job/MQL5/Experts/RoboForge"
printf 'not really an ex5' >"$tester_job/MQL5/Experts/RoboForge/Robo.ex5"
ini=$'[Tester]\r\nExpert=RoboForge\\Robo.ex5\r\nSymbol=EURUSD\r\nPeriod=H1\r\nReport=reports\\Robo\r\nReplaceReport=1\r\nShutdownTerminal=1\r\n'
{ printf '\xff\xfe'; printf '%s' "$ini" | iconv -f UTF-8 -t UTF-16LE; } >"$tester_job/tester.ini"
status=0
(cd "$tester_job" && "$wine_dir/run-metaeditor.sh" "$work/mt5/terminal64.exe" /portable "/config:$tester_job/tester.ini" \
  2>"$tester_job/stderr") || status=$?
check "the terminal's exit code is passed through (0)" test "$status" = 0
check "/config: reached the terminal as a Windows path" test ! -s "$tester_job/stderr"
check "the report is written where Report= says, in the data folder" test -s "$tester_job/reports/Robo.htm"
check "the report is the terminal's (UTF-16LE, Strategy Tester Report)" \
  grep -q "Strategy Tester Report" <<<"$(iconv -f UTF-16LE -t UTF-8 "$tester_job/reports/Robo.htm" 2>/dev/null)"
rm -f "$tester_job/MQL5/Experts/RoboForge/Robo.ex5" "$tester_job/reports/Robo.htm"
(cd "$tester_job" && "$wine_dir/run-metaeditor.sh" "$work/mt5/terminal64.exe" /portable "/config:$tester_job/tester.ini" \
  2>/dev/null) || true
check "a robot that does not load leaves no report" test ! -e "$tester_job/reports/Robo.htm"

# A hanging MetaEditor stopped the two ways the agent can stop the runner.
running() { pgrep -f "^$editor" >/dev/null; }
gone_within() { # seconds: no process of this test's prefix left
  local i
  for ((i = 0; i < $1 * 10; i++)); do
    pgrep -f "$work" >/dev/null || return 0
    sleep 0.1
  done
  return 1
}
for signal in TERM KILL; do
  printf 'void OnStart() {}\n' >"$job/Slow.mq5"
  STAND_IN_HANG=1 "$wine_dir/run-metaeditor.sh" "$editor" /portable "/compile:$job/Slow.mq5" "/log:$job/Slow.log" \
    2>/dev/null &
  runner=$!
  for _ in $(seq 200); do running && break; sleep 0.1; done
  check "the hanging stand-in runs (SIG$signal case)" running
  kill "-$signal" "$runner"
  status=0
  wait "$runner" 2>/dev/null || status=$?
  expected=$([ "$signal" = TERM ] && echo 143 || echo 137)
  check "SIG$signal: the runner exits $expected" test "$status" = "$expected"
  check "SIG$signal: no Wine process of the prefix is left" gone_within 5
done

# The real compiler-agent against the real api, compiling through this
# runner and prefix (needs the test database that make test provides).
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "==> the compiler-agent through the Wine runner (against the real api)"
  repo="$(cd "$wine_dir/../.." && pwd)"
  agent_ok() {
    (cd "$repo" && WINE_TEST_METAEDITOR="$editor" WINE_TEST_RUNNER="$wine_dir/run-metaeditor.sh" \
      SQLX_OFFLINE=true CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}" \
      cargo nextest run -p compiler-agent --no-fail-fast -E 'test(the_agent_compiles_through_the_wine_runner)' \
      >"$work/agent-test.log" 2>&1) || { tail -40 "$work/agent-test.log"; return 1; }
  }
  check "the agent compiles and reports errors through the Wine runner" agent_ok
else
  echo "(TEST_DATABASE_URL not set: the agent-through-Wine test runs under make test)"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
