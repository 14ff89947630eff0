#!/usr/bin/env bash
# What CI runs for the native SDK: the Debian packages it needs, then the Linux build and tests
# under sanitizers, then the Windows cross build and its tests under Wine.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"

packages=(cmake make gcc g++ pkg-config libsodium-dev libcurl4-openssl-dev libcjson-dev
  python3 python3-nacl mingw-w64 wine64 dpkg-dev autoconf automake libtool)
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

echo "==> native SDK: Linux, ASan + UBSan"
"$here/scripts/test-linux.sh"
echo "==> native SDK: Windows x64 (mingw-w64), tests under Wine"
"$here/scripts/test-windows.sh"
