#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on a loopback port and prints its URL; `stop DIR` ends it.
# Usage: eval "$(bash scripts/pg-cluster.sh start)"  → sets PG_CLUSTER_DIR and TEST_DATABASE_URL
#        bash scripts/pg-cluster.sh stop "$PG_CLUSTER_DIR"
set -euo pipefail

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$dir" ] || { echo "PostgreSQL is not installed (Debian package postgresql)" >&2; exit 1; }
  echo "$dir"
}

# initdb refuses to run as root; Debian's package creates the postgres user for this.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

case "${1:-}" in
  start)
    bin=$(pg_bin)
    dir=$(mktemp -d /tmp/pixelhall-pg.XXXXXX)
    chmod 755 "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    port=$(free_port)
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "export PG_CLUSTER_DIR=$dir"
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    dir=${2:?stop needs the cluster folder}
    as_owner "$(pg_bin)/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start | stop DIR" >&2
    exit 2
    ;;
esac
