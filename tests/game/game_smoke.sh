#!/usr/bin/env bash
# Runs the real xiangqi main loop with SDL's dummy video and audio drivers:
# injected clicks play a move (in both orientations), screenshots are written,
# damaged assets are named, and a game killed with SIGKILL is offered back.
set -euo pipefail
game="$1"
src="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
fail() { echo "FAIL: $*"; exit 1; }

# Grid point of file f, rank r (red at the bottom) in the default 800x616
# window (the board starts below a 20-pixel strip of file numbers).
px() { echo $((36 + $1 * 56)); }
py() { echo $((20 + 36 + (9 - $1) * 56)); }

# 1. Click the cannon h2 then e2; the computer answers.
# The run ends when the computer has answered (--until-ply), not after a count
# of frames that a busy machine might not fit the answer into.
out="$("$game" --config-dir "$tmp/c1" --resume no --no-book --movetime 50 --max-frames 4000 --until-ply 2 --print-state --frame-stats \
  --click "10:$(px 7):$(py 2)" --click "20:$(px 4):$(py 2)")"
echo "$out"
grep -Eq '^frames [0-9]+ moves [0-9]+ max_ms [0-9.]+ p99_ms [0-9.]+ wake_late_max_ms [0-9.]+$' <<<"$out" ||
  fail "--frame-stats did not print its line"
moves="$(grep '^moves' <<<"$out")"
[[ "$moves" == "moves h2e2 "* ]] || fail "the clicks did not play h2e2: $moves"
(( $(wc -w <<<"$moves") >= 3 )) || fail "the computer did not answer: $moves"

# 2. The same move with the board flipped: h2 and e2 are now near the top;
# the computer answers on two search threads.
out="$("$game" --config-dir "$tmp/c2" --resume no --no-book --movetime 50 --max-frames 4000 --until-ply 2 --print-state --flip \
  --threads 2 --click "10:$(px 1):$(py 7)" --click "20:$(px 4):$(py 7)")"
grep -q '^moves h2e2' <<<"$out" || fail "flipped clicks did not play h2e2: $out"
(( $(wc -w <<<"$(grep '^moves' <<<"$out")") >= 3 )) || fail "the computer on two threads did not answer: $out"
rc=0
err="$("$game" --threads 0 2>&1 >/dev/null)" || rc=$?
[[ $rc -eq 2 && "$err" == *"--threads is 1-64"* ]] || fail "--threads 0 not refused (rc $rc): $err"
rc=0
err="$("$game" --level 9 2>&1 >/dev/null)" || rc=$?
[[ $rc -eq 2 && "$err" == *"--level is 1-8"* ]] || fail "--level 9 not refused (rc $rc): $err"

# 2b. Closing while the computer thinks (10 minutes a move) exits cleanly without
# waiting for the search: far sooner than its move time (the bound is only a
# safety net for slow machines, not a speed test).
start=$(date +%s%N)
"$game" --config-dir "$tmp/c5" --resume no --no-book --movetime 600000 --max-frames 60 \
  --click "10:$(px 7):$(py 2)" --click "20:$(px 4):$(py 2)" >/dev/null || fail "exit while thinking failed"
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "exit while thinking after ${elapsed_ms} ms"
(( elapsed_ms < 90000 )) || fail "closing took ${elapsed_ms} ms while the computer was thinking"

# 3. Screenshots: the file is a PNG of the requested size.
"$game" --screenshot "$tmp/s.png" --moves "h2e2 h9g7" --select b0 --no-book
[[ "$(head -c 8 "$tmp/s.png" | od -An -tx1 | tr -d ' \n')" == "89504e470d0a1a0a" ]] || fail "not a PNG"
[[ "$(head -c 24 "$tmp/s.png" | tail -c 8 | od -An -tu1 | tr -s ' ')" == " 0 0 3 32 0 0 2 104" ]] || fail "not 800x616"
"$game" --screenshot "$tmp/big.png" --width 1600 --height 1152 --no-book
[[ "$(head -c 24 "$tmp/big.png" | tail -c 8 | od -An -tu1 | tr -s ' ')" == " 0 0 6 64 0 0 4 128" ]] || fail "not 1600x1152"

# 4. A damaged asset is named and the program stops cleanly.
mkdir -p "$tmp/bad"
cp "$src"/assets/*.png "$src"/assets/*.wav "$tmp/bad/"
echo "not a png" > "$tmp/bad/pieces.png"
set +e
err="$(XIANGQI_ASSETS="$tmp/bad" "$game" --screenshot "$tmp/x.png" --no-book 2>&1)"
rc=$?
set -e
[[ $rc -ne 0 && "$err" == *"pieces.png"* ]] || fail "damaged pieces.png not reported (rc $rc): $err"
# A missing sound only silences that sound.
rm "$tmp/bad/check.wav"; cp "$src/assets/pieces.png" "$tmp/bad/"
err="$(XIANGQI_ASSETS="$tmp/bad" "$game" --config-dir "$tmp/c3" --max-frames 5 --no-book 2>&1)" || fail "missing sound stopped the game"

# 4b. Themes: listed; a damaged or missing theme file is named and the
# default drawn instead, and the game goes on.
[[ "$("$game" --list-themes)" == $'boards: wood paper dark\npieces: traditional bold symbols' ]] || fail "--list-themes"
rc=0; err="$("$game" --pieces cursive 2>&1 >/dev/null)" || rc=$?
[[ $rc -eq 2 && "$err" == *"--pieces is one of traditional, bold, symbols, not 'cursive'"* ]] || fail "--pieces cursive (rc $rc): $err"
cp "$src/assets/check.wav" "$tmp/bad/"
echo "not a png" > "$tmp/bad/board-dark.png"
rm "$tmp/bad/pieces-symbols.png"
out="$(XIANGQI_ASSETS="$tmp/bad" "$game" --config-dir "$tmp/c3b" --board dark --pieces symbols --max-frames 5 --no-book \
  --print-state 2>"$tmp/err")" || fail "a damaged theme stopped the game: $(cat "$tmp/err")"
grep -q "board 'dark': asset .*board-dark.png is missing or damaged.*the wood board is drawn instead" "$tmp/err" ||
  fail "the damaged board was not named: $(cat "$tmp/err")"
grep -q "pieces 'symbols': asset .*pieces-symbols.png is missing or damaged" "$tmp/err" ||
  fail "the missing pieces were not named: $(cat "$tmp/err")"
grep -q '^themes dark symbols$' <<<"$out" || fail "the chosen themes: $out"
out="$("$game" --config-dir "$tmp/c3c" --resume no --no-book --board paper --max-frames 3 --print-state)"
grep -q '^themes paper traditional$' <<<"$out" || fail "--board paper: $out"

# 5. Kill the game with SIGKILL mid-game; the next start offers the same game back.
"$game" --config-dir "$tmp/c4" --resume no --no-book --movetime 50 \
  --click "10:$(px 7):$(py 2)" --click "20:$(px 4):$(py 2)" \
  --click "80:$(px 1):$(py 0)" --click "90:$(px 2):$(py 2)" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do
  sleep 0.1
  if [[ -f "$tmp/c4/autosave.pgn" ]] && (( $(grep -c '^[0-9]' "$tmp/c4/autosave.pgn" || true) >= 1 )) &&
     grep -q '马八进七' "$tmp/c4/autosave.pgn"; then
    break  # the autosave is renamed into place whole: what is seen is on disk
  fi
done
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
[[ -f "$tmp/c4/autosave.pgn" ]] || fail "no autosave written"
cat "$tmp/c4/autosave.pgn"
out="$("$game" --config-dir "$tmp/c4" --resume ask --no-book --max-frames 5 --print-state)"
echo "$out"
grep -q '^resume offered: ' <<<"$out" || fail "the game was not offered back"
grep -q '^moves$' <<<"$out" || fail "asking must not change the game before an answer"
out="$("$game" --config-dir "$tmp/c4" --resume yes --no-book --movetime 5000 --max-frames 5 --print-state)"
echo "$out"
moves="$(grep '^moves' <<<"$out")"
[[ "$moves" == "moves h2e2 "*" b0c2"* ]] || fail "resumed game lost its moves: $moves"
n="$(grep -o 'resume offered: [0-9]*' <<<"$out" | grep -o '[0-9]*$')"
(( $(wc -w <<<"$moves") - 1 == n )) || fail "resumed $(( $(wc -w <<<"$moves") - 1 )) moves, offered $n"
# 6. --load takes a path as the shell means it: relative to the current folder.
mkdir -p "$tmp/games"
printf '[Event "x"]\n\n1. h2e2 h9g7 *\n' > "$tmp/games/my game.pgn"
out="$(cd "$tmp/games" && "$game" --config-dir "$tmp/c6" --resume no --no-book --mode two --max-frames 2000 --until-ply 2 --print-state \
  --load "my game.pgn")"
grep -q '^moves h2e2 h9g7$' <<<"$out" || fail "--load of a relative path did not open it: $out"
# 7. Keys go through the window's own key table (SDL's names): the help's L
# changes the language, F1 opens the help and a click closes it.
out="$("$game" --config-dir "$tmp/c7" --resume no --no-book --mode two --lang zh --max-frames 30 --print-state \
  --key 5:L --key 10:Left)"
grep -q '^language en$' <<<"$out" || fail "the L key did not change the language: $out"
# 8. A window asked for taller than the display (a size saved on a bigger
# monitor) opens inside it: the dummy display is 1024x768.
out="$("$game" --config-dir "$tmp/c8" --resume no --no-book --width 540 --height 960 --max-frames 3 --print-state)"
read -r ww wh dw dh < <(sed -n 's/^window \([0-9]*\)x\([0-9]*\) display \([0-9]*\)x\([0-9]*\)$/\1 \2 \3 \4/p' <<<"$out")
[[ -n "${wh:-}" ]] || fail "no window line: $out"
(( wh <= dh && ww <= dw && ww == 540 )) || fail "the window ${ww}x${wh} does not fit the display ${dw}x${dh}"
echo "1 passed, 0 failed"
