#!/usr/bin/env bash
# Windows x64: builds the dependencies from Debian's sources (once), cross-compiles the SDK with
# mingw-w64 (chaveiro.dll + libchaveiro.dll.a, libchaveiro.a, the example and the unit tests)
# and runs the tests under Wine, in a throw-away Wine prefix: the unit tests, the example loader
# against a fake server and against the real one on loopback (as in scripts/test-linux.sh).
# Usage: scripts/test-windows.sh [-j N]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
jobs=2
if [[ "${1:-}" == "-j" && -n "${2:-}" ]]; then jobs="$2"; fi
build="$here/build/windows"

"$here/scripts/build-windows-deps.sh" -j "$jobs"
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE="$here/cmake/mingw-w64-x86_64.cmake" \
  -DCHAVEIRO_DEPS_PREFIX="$here/build/windows-deps/prefix" >/dev/null
cmake --build "$build" -j "$jobs"

WINEPREFIX="$(mktemp -d "${TMPDIR:-/tmp}/chaveiro-wine.XXXXXX")"
export WINEPREFIX WINEDEBUG=-all
cleanup() {
  wineserver -k 2>/dev/null || true
  rm -rf "$WINEPREFIX"
}
trap cleanup EXIT
# Serial: one Wine server, and the first test sets the prefix up.
ctest --test-dir "$build" --output-on-failure
ls -l "$build/bin/chaveiro.dll" "$build/libchaveiro.dll.a" "$build/libchaveiro.a" \
  "$build/bin/chaveiro-console-loader.exe"
