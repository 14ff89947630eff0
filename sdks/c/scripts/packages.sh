#!/usr/bin/env bash
# The Debian packages the native SDK's build and tests need (ci.sh installs the missing ones;
# .ci/run fetches them in the background ahead of time).
echo cmake make gcc g++ pkg-config libsodium-dev libcurl4-openssl-dev libcjson-dev \
  python3 python3-nacl mingw-w64 wine64 dpkg-dev autoconf automake libtool clang faketime \
  mono-mcs mono-runtime
