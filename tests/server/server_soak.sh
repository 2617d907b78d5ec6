#!/usr/bin/env bash
# Soak test of xiangqi-server (minutes long, so not part of CI): the real
# server on 127.0.0.1 with 80 games between 160 guests (40 more idle), 30
# connections guessing passwords and 10 that ask and never read, all at once,
# in three runs of the load tool back to back. Prints the server's memory and
# log size, and the relay times of the first and the last run.
#   bash tests/server_soak.sh build [SECONDS]   (default 180 in all)
set -euo pipefail
build="$1" total="${2:-180}"
server="$build/server/xiangqi-server" loadtest="$build/server/xiangqi-loadtest"
dir="$(mktemp -d)"
coproc SERVER { exec "$server" --port 0 --address 127.0.0.1 --db "$dir/soak.db" --guests-per-address 0 --max-per-address 0; }
trap 'kill "$SERVER_PID" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$dir"' EXIT
read -r -t 20 first <&"${SERVER[0]}"
port="${first##*127.0.0.1:}"
port="${port%%,*}"
state() {
  local rss wal
  rss="$(awk '/^VmRSS:/ {print $2}' "/proc/$SERVER_PID/status")"
  wal="$(stat -c %s "$dir/soak.db-wal" 2>/dev/null || echo 0)"
  echo "$1: server rss $((rss / 1024)) MB, log (-wal) $((wal / 1024)) KB, database $(($(stat -c %s "$dir/soak.db") / 1024)) KB"
}
run() {
  "$loadtest" --port "$port" --clients 200 --games 80 --guessers 30 --slow-readers 10 --seconds "$1" \
    --server-pid "$SERVER_PID" | sed "s/^/$2: /" || true
}
state "at the start"
run 30 "first 30 s"
state "after 30 s"
run $((total - 60)) "middle"
run 30 "last 30 s"
state "at the end"
