#!/usr/bin/env bash
# Builds the Windows x64 dependencies of the SDK (libsodium, cJSON) as static libraries with
# mingw-w64, from Debian's source packages (Debian's patches applied), into
# sdks/c/build/windows-deps/prefix. Nothing is downloaded from anywhere but Debian's archive,
# and the system's apt configuration is left alone: a private sources list and state directory
# under build/ are used instead.
#
# Needs: mingw-w64, cmake, make, dpkg-dev, autoconf, automake, libtool, and network access to
# Debian's archive.
# Usage: scripts/build-windows-deps.sh [-j N]
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
work="$here/build/windows-deps"
prefix="$work/prefix"
jobs=2
if [[ "${1:-}" == "-j" && -n "${2:-}" ]]; then jobs="$2"; fi
host=x86_64-w64-mingw32

if [[ -f "$prefix/lib/libsodium.a" && -f "$prefix/lib/libcjson.a" ]]; then
  echo "Windows dependencies already built in $prefix"
  exit 0
fi

mkdir -p "$work/apt/lists/partial" "$work/src" "$prefix"
cat >"$work/apt/sources.list" <<'EOF'
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm-updates main
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian-security bookworm-security main
EOF
apt=(apt-get -q -o "Dir::Etc::SourceList=$work/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$work/apt/lists" -o "Dir::Cache=$work/apt/cache"
  -o APT::Sandbox::User=root)
mkdir -p "$work/apt/cache/archives/partial"

echo "==> Debian source packages: libsodium, cjson"
"${apt[@]}" update >/dev/null
cd "$work/src"
rm -rf libsodium-* cjson-*
# `apt-get source` checks each file against the signed Sources index; dpkg-source applies
# Debian's patches (security fixes included).
"${apt[@]}" source --download-only libsodium cjson >/dev/null
for dsc in libsodium_*.dsc cjson_*.dsc; do
  dpkg-source --no-check -x "$dsc" >/dev/null
done
sodium_dir="$(find . -maxdepth 1 -type d -name 'libsodium-*' | head -n1)"
cjson_dir="$(find . -maxdepth 1 -type d -name 'cjson-*' | head -n1)"
echo "    $(basename "$sodium_dir"), $(basename "$cjson_dir")"

echo "==> libsodium for $host (static)"
# Debian's tarball is the git tree: generate configure as Debian's build does (dh-autoreconf),
# without autogen.sh, which would fetch newer config.guess/config.sub from elsewhere.
(cd "$work/src/$sodium_dir" && autoreconf -if >/dev/null 2>&1)
mkdir -p "$work/build-sodium"
cd "$work/build-sodium"
"$work/src/$sodium_dir/configure" --host="$host" --prefix="$prefix" --disable-shared \
  --enable-static --disable-ssp --with-pic=no >/dev/null
make -j"$jobs" >/dev/null
make install >/dev/null

echo "==> cJSON for $host (static)"
cmake -S "$work/src/$cjson_dir" -B "$work/build-cjson" \
  -DCMAKE_TOOLCHAIN_FILE="$here/cmake/mingw-w64-x86_64.cmake" \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_BUILD_TYPE=Release \
  -DBUILD_SHARED_LIBS=OFF -DENABLE_CJSON_TEST=OFF -DENABLE_CJSON_UTILS=OFF \
  -DENABLE_CUSTOM_COMPILER_FLAGS=OFF -DENABLE_TARGET_EXPORT=OFF >/dev/null
cmake --build "$work/build-cjson" -j "$jobs" >/dev/null
cmake --install "$work/build-cjson" >/dev/null

ls -l "$prefix/lib/libsodium.a" "$prefix/lib/libcjson.a"
