#!/usr/bin/env bash
# A bounded libFuzzer run over everything that reads an answer (tests/fuzz_envelope.c: the
# envelope check, the JSON parser, the client's reading of auth, heartbeat and download
# answers), built with clang, AddressSanitizer and UBSan and seeded from the shared test vectors
# (tests/fuzz_seeds.py). cJSON is compiled in from Debian's source package when
# scripts/build-windows-deps.sh has fetched it, so the parser itself is instrumented too.
# Usage: scripts/test-fuzz.sh [-j N]      (CHAVEIRO_FUZZ_SECONDS: how long, default 30)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
jobs=2
if [[ "${1:-}" == "-j" && -n "${2:-}" ]]; then jobs="$2"; fi
build="$here/build/linux-fuzz"

options=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCHAVEIRO_FUZZ=ON
  "-DCHAVEIRO_FUZZ_SECONDS=${CHAVEIRO_FUZZ_SECONDS:-30}")
cjson="$(find "$here/build/windows-deps/src" -maxdepth 2 -name cJSON.c -path '*cjson-*' \
  2>/dev/null | head -n1)"
if [[ -n "$cjson" ]]; then
  options+=("-DCHAVEIRO_CJSON_SOURCE=$(dirname "$cjson")")
else
  echo "cJSON's source is not fetched (scripts/build-windows-deps.sh): fuzzing against the" \
    "installed, uninstrumented library"
fi
CC=clang CXX=clang++ cmake -S "$here" -B "$build" "${options[@]}" >/dev/null
cmake --build "$build" -j "$jobs"
export ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$build" --output-on-failure
