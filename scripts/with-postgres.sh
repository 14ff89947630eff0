#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster in a temp dir, with
# TEST_DATABASE_URL pointing at it; the cluster is stopped and removed afterwards.
# Usage: scripts/with-postgres.sh npm run test:server
set -euo pipefail

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pg_bin" ]; then
  echo "[postgres] binaries missing: installing Debian's postgresql package"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

# initdb and pg_ctl refuse to run as root.
as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); fi

dir=$(mktemp -d /tmp/chaveiro-pg.XXXXXX)
chmod 755 "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
port=$(( 20000 + RANDOM % 20000 ))

cleanup() {
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_pg[@]}" "$pg_bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 >/dev/null
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "[postgres] $($pg_bin/postgres --version) on port $port"
"$@"
