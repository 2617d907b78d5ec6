#!/usr/bin/env bash
# The server on SQLite, on PostgreSQL, and as two nodes on one PostgreSQL,
# side by side in one run, each driven by the load tool with the same clients
# and games on 127.0.0.1 (not in CI; two nodes: each game's players on both):
#   bash tests/server/storage_compare.sh [BUILD] [CLIENTS] [GAMES] [SECONDS]
# PostgreSQL is a throwaway cluster in a temporary folder listening on its
# Unix socket only, run as nobody when this runs as root, removed at the end.
set -euo pipefail
build="${1:-build}" clients="${2:-200}" games="${3:-100}" seconds="${4:-20}"
server="$build/server/xiangqi-server" load="$build/server/xiangqi-loadtest"
bin="$(ls -d /usr/lib/postgresql/*/bin | tail -n 1)"
dir="$(mktemp -d /tmp/xq_compare_XXXXXX)"
as_owner=()
if [[ "$(id -u)" == 0 ]]; then
  chown nobody "$dir"
  as_owner=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
fi
pg_pid=""
cleanup() {
  [[ -n "$pg_pid" ]] && kill -INT "$pg_pid" 2>/dev/null && wait "$pg_pid" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U xq --auth=trust --no-locale -E UTF8 >/dev/null
"${as_owner[@]}" "$bin/postgres" -D "$dir/data" -k "$dir" -c listen_addresses= -c log_min_messages=fatal &
pg_pid=$!
for _ in $(seq 100); do "$bin/pg_isready" -q -h "$dir" -U xq -d postgres && break; sleep 0.1; done
"$bin/psql" -q -h "$dir" -U xq -d postgres -c "CREATE DATABASE compare" >/dev/null

# Starts a server on a free port; sets port and pid.
start() {  # --db value, more options...
  local db="$1" out line=""
  shift
  out="$(mktemp "$dir/out_XXXXXX")"
  "$server" --port 0 --address 127.0.0.1 --db "$db" --guests-per-address 0 --max-per-address 0 --web none "$@" >"$out" &
  pid=$!
  for _ in $(seq 200); do line="$(head -n 1 "$out")"; [[ -n "$line" ]] && break; sleep 0.1; done
  port="${line##*127.0.0.1:}"
  port="${port%%,*}"
}
run() {  # label, --db value
  local label="$1" db="$2" out
  start "$db"
  out="$("$load" --port "$port" --clients "$clients" --games "$games" --seconds "$seconds" --server-pid "$pid")"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  echo "== $label"
  echo "$out" | tail -n 4
}
run2() {  # label, --db value: two nodes
  local label="$1" db="$2" out p1 p2 q1 q2
  start "$db" --node one
  p1=$port q1=$pid
  start "$db" --node two
  p2=$port q2=$pid
  out="$("$load" --port "$p1,$p2" --clients "$clients" --games "$games" --seconds "$seconds" --server-pid "$q1,$q2")"
  kill "$q1" "$q2"
  wait "$q1" "$q2" 2>/dev/null || true
  echo "== $label"
  echo "$out" | tail -n 6
}
version="$("$bin/postgres" --version | awk '{print $3}')"
"$bin/psql" -q -h "$dir" -U xq -d postgres -c "CREATE DATABASE compare2" >/dev/null
run "one node, SQLite" "$dir/compare.db"
run "one node, PostgreSQL ($version)" "postgresql:///compare?host=$dir&user=xq"
run2 "two nodes, one PostgreSQL ($version)" "postgresql:///compare2?host=$dir&user=xq"
