#!/usr/bin/env bash
# Runs every case of judge_cases.tsv through `xiangqi-engine judge` and
# compares the verdict line; also checks the exit codes for bad input.
set -u -o pipefail
engine="$1"
cases="$2"
fails=0
count=0
while IFS=$'\t' read -r expected fen moves; do
  [[ -z "$expected" || "$expected" == \#* ]] && continue
  count=$((count + 1))
  # shellcheck disable=SC2086
  out="$("$engine" judge $fen $moves 2>&1)"
  rc=$?  # a crash or a refusal fails the case even when its last line looks right
  got="$(tail -n 1 <<<"$out")"
  if [[ $rc -ne 0 || "$got" != "$expected" ]]; then
    echo "FAIL: judge $fen $moves"
    echo "  expected: $expected"
    echo "  got:      $got (exit $rc)"
    fails=$((fails + 1))
  fi
done < "$cases"
# An illegal move is named and exits 2; so does a bad FEN.
out="$("$engine" judge startpos h2e2 h2e2 2>&1)"; rc=$?
if [[ $rc -ne 2 || "$out" != *"move 2 'h2e2' is not legal"* ]]; then echo "FAIL: illegal move: rc $rc, '$out'"; fails=$((fails + 1)); fi
out="$("$engine" judge "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w" 2>&1)"; rc=$?
if [[ $rc -ne 2 || "$out" != *"judge:"* ]]; then echo "FAIL: bad FEN: rc $rc, '$out'"; fails=$((fails + 1)); fi
if ((count < 30)); then echo "FAIL: only $count cases in $cases"; fails=$((fails + 1)); fi
echo "$((count + 2 - fails)) passed, $fails failed"
((fails == 0))
