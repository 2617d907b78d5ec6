#!/bin/bash
# A scripted engine for the outside-engine tests; $1 picks its behaviour:
# good, ranks1 (Fairy-Stockfish's UCI ranks 1-10), ucci-only, crash, hang, illegal,
# slow (answers only at stop), sleepy (answers after 0.4 s), hugemate (numbers past any integer),
# fussy (refuses any FEN as Sjaak II refuses ours: "Error: unknown piece type"),
# log FILE (plays as good does and writes every line it is sent to FILE),
# nonodes (its lines count no nodes, as ElephantEye's do not), bookonly (a move and no lines).
mode=$1
log=""
[ "$mode" = log ] && log=$2
[ "$mode" = log ] && mode=good
pos=""
while read -r line; do
  [ -n "$log" ] && echo "$line" >> "$log"
  set -- $line
  case "$1" in
    uci)
      [ "$mode" = ucci-only ] && continue
      echo "id name Fake $mode"
      [ "$mode" = ranks1 ] && echo "option name UCI_Variant type combo default chess var xiangqi"
      echo "option name MultiPV type spin default 1 min 1 max 5"
      echo uciok ;;
    ucci) echo "id name Fake $mode"; echo ucciok ;;
    isready) echo readyok ;;
    position)
      pos="$line"
      if [ "$mode" = fussy ] && [ "$2" = fen ]; then echo "Error: unknown piece type 'n' (bad FEN $3)"; fi ;;
    go)
      case "$mode" in
        crash) echo "info string ERROR: network file not found"; exit 1 ;;
        hang) ;;
        slow) echo "info depth 1 score cp 5 pv h2e2" ;;  # like an analysis: answers at stop
        sleepy) sleep 0.4; echo "bestmove h2e2" ;;  # past a 0.1 s clock (the match tool's flag test)
        hugemate)
          echo "info depth 9 score mate 2000000000 pv h2e2"
          echo "info depth 99999999999999999999 score cp -99999999999999999999 pv h2e2 h9g7"
          echo "info depth 10 score mate -2147483648 pv h2e2"
          echo "bestmove h2e2" ;;
        illegal) echo "bestmove a0a5" ;;
        bookonly) echo "bestmove h2e2" ;;
        nonodes)
          echo "info depth 2 multipv 1 score cp 7 pv h2e2 h9g7"
          echo "info depth 2 multipv 2 score cp 3 pv b2e2 b9c7"
          echo "bestmove h2e2" ;;
        fussy) [[ "$pos" == "position startpos moves h2e2" ]] && echo "bestmove h9g7" ;;
        ranks1)
          # After red's h2e2 (sent as h3e3) black answers h9g7, sent as h10g8.
          if [[ "$pos" == *"moves h3e3" ]]; then
            echo "info depth 3 seldepth 4 multipv 1 score mate 2 nodes 100 pv h10g8 h1g3"
            echo "bestmove h10g8 ponder h1g3"
          else
            echo "bestmove a1a2"
          fi ;;
        *)
          echo "info depth 1 score cp 5 pv h2e2"
          echo "info depth 2 multipv 1 score cp 7 nodes 40 pv h2e2 h9g7"
          echo "info depth 2 multipv 2 score cp 3 nodes 80 pv b2e2 b9c7 zz99"
          echo "bestmove h2e2" ;;
      esac ;;
    stop)
      if [[ "$mode" == slow && "$pos" == *"moves h2e2" ]]; then echo "bestmove h9g7"
      elif [ "$mode" != hang ]; then echo "bestmove h2e2"; fi ;;
    quit) exit 0 ;;
  esac
done
