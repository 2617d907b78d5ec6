#!/usr/bin/env bash
# A small bounded load test on 127.0.0.1: the real server and the load tool,
# 60 clients (40 playing 20 games, 20 idle) for 3 seconds. No game may be
# lost or desynchronised, and the tool's last line must have its fixed form.
set -euo pipefail
server="$1" loadtest="$2"
dir="$(mktemp -d)"
coproc SERVER { exec "$server" --port 0 --address 127.0.0.1 --db "$dir/load.db" --guests-per-address 0; }
trap 'kill "$SERVER_PID" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$dir"' EXIT
read -r -t 20 first <&"${SERVER[0]}"
echo "$first"
port="${first##*127.0.0.1:}"
port="${port%%,*}"
out="$("$loadtest" --port "$port" --clients 60 --games 20 --seconds 3 --server-pid "$SERVER_PID")"
echo "$out"
last="$(tail -n 1 <<<"$out")"
if ! [[ "$last" =~ ^clients\ 60\ games\ 20\ moves\ ([0-9]+)\ lost\ 0\ desynced\ 0\ p99_relay_ms\ [0-9.]+$ ]]; then
  echo "unexpected last line: $last"
  exit 1
fi
# 20 games, each side moving about every 200 ms for 3 s: some 280 moves; at least half must arrive.
if (( BASH_REMATCH[1] < 140 )); then
  echo "only ${BASH_REMATCH[1]} moves relayed"
  exit 1
fi
