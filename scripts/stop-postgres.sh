#!/usr/bin/env bash
# Stops a cluster started by scripts/start-postgres.sh and removes its temp directory.
# Usage: scripts/stop-postgres.sh <data dir printed as PG_DATA_DIR>
set -euo pipefail

data=${1:-}
if [ -z "$data" ] || [ ! -f "$data/PG_VERSION" ]; then
  echo "usage: $0 <PostgreSQL data directory>" >&2
  exit 1
fi
bin=""
for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [ -x "$dir/pg_ctl" ]; then bin=$dir; break; fi
done
if [ -z "$bin" ]; then
  echo "PostgreSQL is not installed: run npm run setup" >&2
  exit 1
fi
as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); fi

if [ -f "$data/postmaster.pid" ]; then
  "${as_pg[@]}" "$bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null || true
fi
base=$(dirname "$data")
# Only remove what start-postgres.sh created.
case "$(basename "$base")" in
  plate-pg.*) rm -rf "$base" ;;
esac
