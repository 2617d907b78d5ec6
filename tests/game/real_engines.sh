#!/usr/bin/env bash
# Each real engine Debian ships plays black in the game's own main loop (SDL's
# dummy drivers), through the same code as the window: the built-in engine
# plays red; the outside one must still be playing black when the game ends or
# reaches the ply limit (a failure would hand its side to the built-in engine).
# Usage: real_engines.sh XIANGQI_PROGRAM [ENGINE...]
set -euo pipefail
game="$1"
shift
engines=("$@")
((${#engines[@]})) || engines=(/usr/games/fairy-stockfish /usr/games/sjaakii /usr/games/maxqi)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
plies=120
for e in "${engines[@]}"; do
  [ -x "$e" ] || { echo "FAIL: $e is not installed (.ci/setup installs fairy-stockfish, sjaakii, fairymax)"; exit 1; }
  out="$("$game" --config-dir "$tmp/$(basename "$e")" --resume no --lang en --mode demo --engine "$e" --engine-side black \
    --movetime 100 --no-book --until-ply "$plies" --max-frames 20000 --print-state 2>&1)"
  moves="$(grep '^moves' <<<"$out" || true)"
  black="$(sed -n 's/^engines red .* | black //p' <<<"$out")"
  n=$(($(wc -w <<<"$moves") - 1))
  echo "$e: $n plies, black: $black $(grep '^result' <<<"$out" || true)"
  if [[ -z "$black" || "$black" == Qianli* ]]; then
    echo "$out"
    echo "FAIL: $e does not play black at the end (black: '$black')"
    exit 1
  fi
  if ((n < plies)) && ! grep -q '^result' <<<"$out"; then
    echo "$out"
    echo "FAIL: $e's game stopped at ply $n, unfinished"
    exit 1
  fi
  if grep -qi 'engine error\|did not answer\|refused\|playing with the built-in' <<<"$out"; then
    echo "$out"
    echo "FAIL: $e: the game reported an engine failure"
    exit 1
  fi
done
echo "all ${#engines[@]} engines played black"
