#!/usr/bin/env bash
# build.sh INPUT.mq5 OUTPUT-BINARY
# Translates an MQL5 Expert Advisor (the license template with its
# placeholders substituted, plus the EA's event handlers) into C++ with
# translate.py and compiles it with the shim and the runner. Exits non-zero,
# with the reason on stderr, when translation or compilation fails.
# The translated source is kept next to the binary as OUTPUT-BINARY.cpp.
# CXX and CXXFLAGS may be overridden from the environment.
set -euo pipefail

if [ "$#" -ne 2 ]; then
  echo "usage: $0 INPUT.mq5 OUTPUT-BINARY" >&2
  exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
input="$1"
output="$2"
cxx="${CXX:-g++}"
cxxflags="${CXXFLAGS:--std=c++17 -O1 -Wall -fsigned-char -fwrapv}"

if [ ! -f "$input" ]; then
  echo "build.sh: $input: no such file" >&2
  exit 1
fi
mkdir -p "$(dirname "$output")"
translated="$output.cpp"
rm -f "$output" "$translated"

if ! python3 "$here/translate.py" "$input" "$translated"; then
  echo "build.sh: translation of $input failed" >&2
  exit 1
fi

# The shim and the runner do not depend on the program: their objects are
# cached (keyed by their sources, the compiler and the flags) and reused.
cache="${MQL5_HARNESS_CACHE:-${TMPDIR:-/tmp}/mql5-harness-cache-$(id -u)}"
mkdir -p "$cache"
key="$(cat "$here/mql5_shim.hpp" "$here/mql5_shim.cpp" "$here/harness_main.cpp" <(echo "$cxx $cxxflags") | sha256sum | cut -c1-16)"
objects=()
for unit in mql5_shim harness_main; do
  obj="$cache/$unit-$key.o"
  if [ ! -f "$obj" ]; then
    tmp="$(mktemp "$cache/$unit.XXXXXX.o")"
    # shellcheck disable=SC2086
    if ! "$cxx" $cxxflags -I"$here" -c "$here/$unit.cpp" -o "$tmp"; then
      rm -f "$tmp"
      echo "build.sh: compiling $unit.cpp failed" >&2
      exit 1
    fi
    mv -f "$tmp" "$obj"
  fi
  objects+=("$obj")
done

# shellcheck disable=SC2086
if ! "$cxx" $cxxflags -I"$here" "$translated" "${objects[@]}" -o "$output" -lssl -lcrypto; then
  echo "build.sh: compiling $translated (from $input) failed" >&2
  exit 1
fi
