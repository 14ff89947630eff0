#!/usr/bin/env bash
# Linux: builds the SDK (shared and static libraries, the example) with AddressSanitizer and
# UBSan, and runs with ctest the unit tests, the example loader against a fake server, and the
# example loader against the real server (tests/test_real_server.py: needs node and a built
# apps/server/dist/main.js, else those tests are skipped; libfaketime for the renewal test).
# Usage: scripts/test-linux.sh [-j N]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
jobs=2
if [[ "${1:-}" == "-j" && -n "${2:-}" ]]; then jobs="$2"; fi
build="$here/build/linux-sanitize"

cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCHAVEIRO_SANITIZE=ON >/dev/null
cmake --build "$build" -j "$jobs"
# A leak, an overflow or undefined behaviour fails the test that caused it.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$build" --output-on-failure -j "$jobs"
