#!/usr/bin/env bash
# selftest.sh: checks the harness and the license template without cargo or
# network (a stand-in server on 127.0.0.1). Prints "N passed, M failed" and
# exits non-zero on any failure. See README.md. MQL5_SELFTEST_KEEP=1 keeps the
# work directory.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
command -v "${CXX:-g++}" >/dev/null || { echo "selftest.sh: ${CXX:-g++} not found" >&2; exit 1; }
python3 -c 'import cryptography' 2>/dev/null || { echo "selftest.sh: python3 needs the cryptography package" >&2; exit 1; }
exec python3 "$here/selftest/selftest.py" "$@"
