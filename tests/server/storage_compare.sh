#!/usr/bin/env bash
# The server on SQLite and on PostgreSQL side by side in one run, each driven
# by the load tool with the same clients and games on 127.0.0.1 (not in CI):
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

run() {  # label, --db value
  local label="$1" db="$2" line port pid out
  coproc S { exec "$server" --port 0 --address 127.0.0.1 --db "$db" --guests-per-address 0 --max-per-address 0 --web none; }
  pid=$S_PID
  read -r -t 20 line <&"${S[0]}"
  port="${line##*127.0.0.1:}"
  port="${port%%,*}"
  out="$("$load" --port "$port" --clients "$clients" --games "$games" --seconds "$seconds" --server-pid "$pid")"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  echo "== $label"
  echo "$out" | tail -n 4
}
run "one node, SQLite" "$dir/compare.db"
run "one node, PostgreSQL ($("$bin/postgres" --version | awk '{print $3}'))" "postgresql:///compare?host=$dir&user=xq"
