#!/usr/bin/env bash
# Starts a private PostgreSQL cluster on 127.0.0.1 for tests and local runs.
# Prints `PG_DATA_DIR=<dir>` and, on its last stdout line, the DATABASE_URL to use.
# Stop it with scripts/stop-postgres.sh <data dir>.
set -euo pipefail

bin=""
for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then bin=$dir; break; fi
done
if [ -z "$bin" ]; then
  echo "PostgreSQL is not installed: run npm run setup" >&2
  exit 1
fi

# The server refuses to run as root: when root, everything it touches belongs to `postgres`,
# and lives under /tmp because the postgres user cannot enter root's own temp directories.
if [ "$(id -u)" = 0 ]; then
  base=$(mktemp -d /tmp/plate-pg.XXXXXX)
  chown postgres:postgres "$base"
  as_pg=(runuser -u postgres --)
else
  base=$(mktemp -d "${TMPDIR:-/tmp}/plate-pg.XXXXXX")
  as_pg=()
fi
chmod 700 "$base"
data=$base/data
sock=$base/sock
log=$base/postgres.log
"${as_pg[@]}" mkdir -p "$sock"
"${as_pg[@]}" touch "$log"

# --no-sync and fsync=off: a throw-away test cluster never needs crash safety.
"${as_pg[@]}" "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C \
  --no-sync >"$base/initdb.out" 2>&1 || {
  cat "$base/initdb.out" >&2
  echo "initdb failed (output above)" >&2
  exit 1
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# A random high port, retried when taken or when another process wins the race.
for attempt in 1 2 3 4 5 6 7 8; do
  port=$((20000 + RANDOM % 40000))
  if port_in_use "$port"; then continue; fi
  if "${as_pg[@]}" "$bin/pg_ctl" -D "$data" -l "$log" -w -t 30 -o \
    "-c listen_addresses=127.0.0.1 -p $port -k $sock -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null; then
    echo "PG_DATA_DIR=$data"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    exit 0
  fi
  echo "PostgreSQL did not start on port $port (attempt $attempt), retrying" >&2
done
tail -n 20 "$log" >&2 || true
echo "PostgreSQL could not be started; log: $log" >&2
exit 1
