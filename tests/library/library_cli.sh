#!/usr/bin/env bash
# xiangqi-db from the command line: import a folder, find, explore and export,
# with the exact lines a script reads, and bad arguments refused.
set -euo pipefail
db_tool="$1"
data="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
db="$work/library.sqlite3"
fail() { echo "FAIL: $*"; exit 1; }

out="$("$db_tool" import --db "$db" "$data")" || fail "import exited $?"
[[ "$(head -1 <<<"$out")" == "imported 5 games, skipped 1 duplicates, 2 failed" ]] || fail "import said: $out"
grep -q '^failed: .*broken.xqf: XQF' <<<"$out" || fail "no line for broken.xqf: $out"
grep -q '^failed: .*masters.pgn: game 6: FEN tag' <<<"$out" || fail "no line for game 6: $out"

tab=$'\t'
out="$("$db_tool" find --db "$db" --player "Hu Ronghua")"
expected="1${tab}Hu Ronghua${tab}Lü Qin${tab}Test Cup${tab}1998.05.01${tab}1-0${tab}C70${tab}7
2${tab}Xu Yinchuan${tab}Hu Ronghua${tab}Test Cup${tab}2003.06.02${tab}1/2-1/2${tab}C70${tab}8"
[[ "$out" == "$expected" ]] || fail "find --player gave: $out"
[[ "$("$db_tool" find --db "$db" --eco E --limit 5 | cut -f1,7)" == "3${tab}E42" ]] || fail "find --eco E"
[[ "$("$db_tool" find --db "$db" --year 2000-2011 --result 0-1 | cut -f1)" == "3" ]] || fail "find --year --result"
# The position after 炮二平五 马8进7 马二进三 马2进3 (white to move).
fen="r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3"
[[ "$("$db_tool" find --db "$db" --fen "$fen" | cut -f1 | tr '\n' ' ')" == "1 2 " ]] || fail "find --fen"

out="$("$db_tool" explore --db "$db" "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")"
# The last column: games with no result (not counted as anyone's).
[[ "$out" == "h2e2${tab}4${tab}2${tab}1${tab}0${tab}1
c3c4${tab}1${tab}0${tab}0${tab}1${tab}0" ]] || fail "explore gave: $out"
[[ "$("$db_tool" explore --db "$db" $fen)" == "b2c2${tab}2${tab}1${tab}1${tab}0${tab}0" ]] || fail "explore of an unquoted FEN"

out="$("$db_tool" export --db "$db" 4)"
grep -qF '(1... 炮8平5 2. 马二进三)' <<<"$out" || fail "export lost the variation: $out"
grep -qF '[Event "Study"]' <<<"$out" || fail "export lost the tags"
# In the notation asked for, variations kept; the ICCS and WXF texts import back as the same game.
out="$("$db_tool" export --db "$db" --notation iccs 4)"
grep -qF '(1... h7e7 2. h0g2)' <<<"$out" || fail "export --notation iccs: $out"
grep -qF '[Format "ICCS"]' <<<"$out" || fail "export --notation iccs has no Format tag: $out"
out="$("$db_tool" export --db "$db" --notation wxf 4)"
grep -qF '(1... C8=5 2. H2+3)' <<<"$out" || fail "export --notation wxf: $out"
for n in iccs wxf; do
  "$db_tool" export --db "$db" --notation $n 4 >"$work/again-$n.pgn"
  [[ "$("$db_tool" import --db "$work/again-$n.sqlite3" "$work/again-$n.pgn")" == "imported 1 games, skipped 0 duplicates, 0 failed" ]] ||
    fail "the $n export does not import"
  [[ "$("$db_tool" find --db "$work/again-$n.sqlite3" | cut -f2-)" == "$("$db_tool" find --db "$db" | grep '^4' | cut -f2-)" ]] ||
    fail "the $n export is another game"
done

# Nothing new the second time: duplicates only, and failures again (exit 1).
if out="$("$db_tool" import --db "$db" "$data/masters.pgn")"; then fail "a re-import with failures exited 0"; fi
[[ "$(head -1 <<<"$out")" == "imported 0 games, skipped 5 duplicates, 1 failed" ]] || fail "re-import said: $out"
"$db_tool" import --db "$db" "$data/again.pgn" >/dev/null || fail "a re-import of duplicates only should exit 0"

# The ECCO code and name of an opening, from ICCS or Chinese moves, in one argument or several.
[[ "$("$db_tool" eco h2e2 h9g7 h0g2 b9c7 b2c2)" == "C60${tab}五七炮对屏风马" ]] || fail "eco of 五七炮对屏风马"
[[ "$("$db_tool" eco --english "h2e2 h7e7")" == "D00${tab}Same Direction Cannons, Slow Chariot" ]] || fail "eco --english of 顺炮"
[[ "$("$db_tool" eco 炮二平五 炮8平5)" == "D00${tab}顺炮缓开车局" ]] || fail "eco of Chinese moves (D00: the published name)"
if "$db_tool" eco h2e2 h9h7 >"$work/out" 2>"$work/err"; then fail "an illegal eco move exited 0"; fi
grep -qF "move 2" "$work/err" || fail "the illegal eco move was not named: $(cat "$work/err")"
grep -qF "h9h7" "$work/err" || fail "the illegal eco move was not named: $(cat "$work/err")"
[[ "$(wc -l <"$work/err")" == "1" ]] || fail "a bad eco move is one line, named once, no usage: $(cat "$work/err")"
[[ "$(grep -o h9h7 "$work/err" | wc -l)" == "1" ]] || fail "the eco move named twice: $(cat "$work/err")"

# A find cut at its limit says so on stderr, with how many games there are.
[[ "$("$db_tool" find --db "$db" --limit 2 2>"$work/err" | wc -l)" == "2" ]] || fail "find --limit 2"
grep -qF "the first 2 of 5 games; --limit N shows more" "$work/err" || fail "find did not say it was cut: $(cat "$work/err")"
"$db_tool" find --db "$db" --limit 5 >/dev/null 2>"$work/err"
[[ ! -s "$work/err" ]] || fail "find said it was cut when it was not: $(cat "$work/err")"

# Bad input: a clear message and a non-zero exit, the library untouched.
for args in "frob" "export --db $db 99" "export --db $db x" "export --db $db --notation latin 4" "find --db $db --limit 0" "find --db $db --fen nonsense" \
            "find --db $db --year 19x" "explore --db $db" "import --db $db" "eco" "find --db $data/masters.pgn"; do
  if "$db_tool" $args >"$work/out" 2>"$work/err"; then fail "'$args' exited 0"; fi
  [[ -s "$work/err" ]] || fail "'$args' said nothing on stderr"
done
[[ "$("$db_tool" find --db "$db" | wc -l)" == "5" ]] || fail "the library changed"
echo "library_cli: ok"
