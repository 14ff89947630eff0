#!/usr/bin/env bash
# What CI runs for the native SDK: the Debian packages it needs, the server the integration
# tests start (built only when it is not), then the Linux build with its unit and real-server
# tests under sanitizers, the Windows cross build with its tests under Wine (unit tests and the
# example loader against the real server), a bounded libFuzzer run, and the C# front end on
# Mono (sdks/csharp/test.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "$here/../.." && pwd)"

read -ra packages <<<"$("$here/scripts/packages.sh")"
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  echo "==> apt-get install ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

phase() {
  local name="$1"
  shift
  local start=$SECONDS
  echo "==> native SDK: $name"
  "$@"
  echo "==> native SDK: $name: $((SECONDS - start)) s"
}

build_server() (
  cd "$repo"
  [[ -d node_modules ]] || npm ci
  npm run build -w apps/server
)
if [[ ! -f "$repo/apps/server/dist/main.js" ]]; then
  phase "the server for the integration tests (apps/server/dist/main.js)" build_server
fi
# A server that cannot start fails the integration tests here instead of skipping them.
export CHAVEIRO_REQUIRE_SERVER=1

phase "Linux, ASan + UBSan: unit tests, the example loader against the real server" \
  "$here/scripts/test-linux.sh"
phase "Windows x64 (mingw-w64) under Wine: unit tests, the example loader against the real server" \
  "$here/scripts/test-windows.sh"
phase "libFuzzer over the answer readers (clang, ASan + UBSan)" "$here/scripts/test-fuzz.sh"
phase "C# front end on Mono (sdks/csharp)" "$repo/sdks/csharp/test.sh"
