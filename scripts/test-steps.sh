# Sourced by scripts/test.sh: runs `make test`'s steps, times each, and at the
# end (pass or fail) prints how long every step took and the five slowest
# Rust tests, so a run that grows shows where it grew.
#
#   step NAME COMMAND...                  one step; a failure ends the run
#   steps_side_by_side NAME CMD... -- NAME CMD...
#                                         steps at once, outputs shown in order
#   keep_junit LABEL                      keeps the JUnit report nextest just wrote

step_names=()
step_seconds=()
step_outcomes=()
junit_dir=$(mktemp -d "${TMPDIR:-/tmp}/roboforge-junit.XXXXXX")
run_started=$SECONDS

record_step() { # name, seconds, exit code
  step_names+=("$1")
  step_seconds+=("$2")
  if [ "$3" = 0 ]; then step_outcomes+=(ok); else step_outcomes+=("FAILED (exit $3)"); fi
}

step() {
  local name=$1 started=$SECONDS status=0
  shift
  echo "==> $name"
  "$@" || status=$?
  record_step "$name" $((SECONDS - started)) "$status"
  if [ "$status" != 0 ]; then
    echo "==> FAILED: $name (exit $status)" >&2
    exit "$status"
  fi
}

steps_side_by_side() {
  local dir names=() pids=() i=0 failed=0 name
  dir=$(mktemp -d "${TMPDIR:-/tmp}/roboforge-steps.XXXXXX")
  while [ $# -gt 0 ]; do
    name=$1
    shift
    local command=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do command+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    names+=("$name")
    echo "==> $name (side by side)"
    (
      started=$SECONDS status=0
      "${command[@]}" >"$dir/$i.log" 2>&1 || status=$?
      echo "$status $((SECONDS - started))" >"$dir/$i.result"
    ) &
    pids+=($!)
    i=$((i + 1))
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || true
    local status seconds
    read -r status seconds <"$dir/$i.result" || { status=1 seconds=0; }
    echo "==> output of: ${names[$i]}"
    cat "$dir/$i.log"
    record_step "${names[$i]}" "$seconds" "$status"
    if [ "$status" != 0 ]; then
      echo "==> FAILED: ${names[$i]} (exit $status)" >&2
      failed=$status
    fi
  done
  rm -rf "$dir"
  [ "$failed" = 0 ] || exit "$failed"
}

# nextest keeps its store under the workspace's own target/ (.config/nextest.toml).
keep_junit() {
  local report="target/nextest/default/junit.xml"
  if [ -f "$report" ]; then cp "$report" "$junit_dir/$1.xml"; else echo "(no JUnit report at $report)"; fi
}

print_step_summary() {
  echo
  echo "==> durations of the steps (make test, $((SECONDS - run_started)) s in all)"
  local i
  for i in "${!step_names[@]}"; do
    printf '%6d s  %-8s %s\n' "${step_seconds[$i]}" "${step_outcomes[$i]%% *}" "${step_names[$i]}"
  done
  python3 - "$junit_dir" <<'PY' || true
import glob, sys
import xml.etree.ElementTree as ET
cases = []
for path in sorted(glob.glob(sys.argv[1] + "/*.xml")):
    for case in ET.parse(path).getroot().iter("testcase"):
        outcome = "passed"
        if case.find("failure") is not None or case.find("error") is not None:
            outcome = "failed"
        elif case.find("skipped") is not None:
            outcome = "skipped"
        cases.append((float(case.get("time", "0")), case.get("classname", ""), case.get("name", ""), outcome))
if cases:
    print("==> the five slowest Rust tests")
    for seconds, binary, name, _ in sorted(cases, reverse=True)[:5]:
        print(f"{seconds:8.1f} s  {binary} {name}")
    failed = sum(1 for *_, outcome in cases if outcome == "failed")
    passed = sum(1 for *_, outcome in cases if outcome == "passed")
    print(f"rust: {passed} passed, {failed} failed")
PY
  rm -rf "$junit_dir"
}

# Runs the summary after whatever EXIT trap was set before (the S3 stand-in's).
prior_exit_trap=$(trap -p EXIT)
prior_exit_trap=${prior_exit_trap#trap -- }
prior_exit_trap=${prior_exit_trap% EXIT}
eval "prior_exit_command=${prior_exit_trap:-''}"
trap 'exit_status=$?; print_step_summary; eval "$prior_exit_command"; exit $exit_status' EXIT
