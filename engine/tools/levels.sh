#!/usr/bin/env bash
# The level ladder: each level of the skill ladder (engine/search/skill.h, UCI_Elo)
# against the next, GAMES games each (two at a time, books off, 88 openings
# both ways), at most MOVETIME ms a move; prints each pair's score and Elo
# difference and the ladder's Elo from level 1 (anchored at 800).
#   engine/tools/levels.sh [GAMES] [MOVETIME] [FROM] [TO]   (defaults 100 games, 100 ms, levels 2-8
#   each against the one below)
set -euo pipefail
cd "$(dirname "$0")/../.."
games="${1:-100}"
movetime="${2:-100}"
from="${3:-2}"
to="${4:-8}"
engine="$PWD/build/engine/xiangqi-engine"
match="$PWD/build/engine/xiangqi-match"
elos=(800 1180 1570 1950 2260 2570 2880 3260)  # UCI_Elo of each level as skill.cpp has it
level_options() {  # the options that make the engine play level $1 (1-8)
  echo "setoption name UseBook value false"
  if (($1 < 8)); then
    echo "setoption name UCI_LimitStrength value true"
    echo "setoption name UCI_Elo value ${elos[$1 - 1]}"
  fi
}
ladder=800
printf '%-6s %-22s %-10s %s\n' "level" "against the one below" "Elo diff" "ladder Elo"
printf '%-6s %-22s %-10s %s\n' 1 "-" "-" "$ladder"
for ((k = from; k <= to; ++k)); do
  args=()
  while read -r o; do args+=(--o1 "$o"); done < <(level_options "$k")
  while read -r o; do args+=(--o2 "$o"); done < <(level_options $((k - 1)))
  out="$("$match" --e1 "$engine" --e2 "$engine" "${args[@]}" --movetime "$movetime" --games "$games" \
    --concurrency 2 --openings engine/tools/openings_match.txt 2>&1)"
  score="$(grep -E '^Games ' <<<"$out" | sed 's/^Games [0-9]*: //')"
  elo="$(grep -E '^Elo ' <<<"$out" | head -1 | awk '{print $2}')"
  err="$(grep -E '^Elo ' <<<"$out" | head -1 | awk '{print $3 $4}')"
  case "$elo" in inf|+inf) elo=800 ;; -inf) elo=-800 ;; esac
  ladder=$((ladder + ${elo%.*}))
  printf '%-6s %-22s %-10s %s\n' "$k" "$score" "$elo $err" "$ladder"
done
