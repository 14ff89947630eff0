#!/usr/bin/env bash
# Runs a command against a throwaway redis-server (no persistence) on a free loopback port, with
# TEST_REDIS_URL pointing at it; the server is stopped afterwards. Combines with with-postgres.sh:
#   bash scripts/with-postgres.sh bash scripts/with-redis.sh npm run test:server
set -euo pipefail

redis_bin=/usr/bin/redis-server
if [ ! -x "$redis_bin" ]; then
  echo "[redis] binary missing: installing Debian's redis-server package"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi

dir=$(mktemp -d /tmp/chaveiro-redis.XXXXXX)
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT

# A random port, tried again when taken.
for _ in 1 2 3 4 5; do
  port=$(( 20000 + RANDOM % 20000 ))
  "$redis_bin" --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$dir" \
    >"$dir/log" 2>&1 &
  pid=$!
  for _ in $(seq 1 50); do
    grep -q 'Ready to accept connections' "$dir/log" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  grep -q 'Ready to accept connections' "$dir/log" && break
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  pid=
done
if [ -z "$pid" ]; then
  echo "[redis] could not start redis-server:" >&2
  cat "$dir/log" >&2
  exit 1
fi

export TEST_REDIS_URL="redis://127.0.0.1:$port"
echo "[redis] $("$redis_bin" --version | cut -d' ' -f3) on port $port"
"$@"
