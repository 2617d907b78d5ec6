#!/bin/bash
# Behaves as ElephantEye 3.x does in the ways that matter to a GUI: it quits at
# once unless its first line is "ucci"; UCCI options, "go time T increment I",
# "go time T movestogo N" and "go depth N" (never "go movetime", not UCCI); "banmoves" honoured; "nobestmove" when every move it knows
# is banned; "bye" on quit. $1 = "wrongmove" answers a move that is not legal.
mode=$1
read -r first || exit 0
[ "$first" = ucci ] || exit 0
echo "id name ElephantEye 3.31 (fake)"
echo "id copyright 2004-2016 www.xqbase.com"
echo "option usebook type check default true"
echo "option hashsize type spin min 16 max 1024 default 16"
echo "option idle type combo var none var small var medium var large default none"
echo ucciok
banned=""
pos=""
nobook=""
while read -r line; do
  set -- $line
  case "$1" in
    isready) echo readyok ;;
    setoption) [ "$2 $3" = "usebook false" ] && nobook=1 ;;  # without its book it opens b2e2
    position) pos="$line"; banned="" ;;
    banmoves) shift; banned="$*" ;;
    go)
      # "movetime" is not UCCI: like the real one it searches on, and answers
      # nothing in time (a GUI that sends it forfeits the engine).
      [[ " $line " == *" movetime "* ]] && continue
      # Red's first move from the start, or black's reply to h2e2: the first of
      # its candidates that is not banned.
      if [[ "$pos" == *"moves h2e2" ]]; then cands="h9g7 b9c7 h7e7"; elif [ -n "$nobook" ]; then cands="b2e2 h0g2"; else cands="h2e2 b2e2 h0g2"; fi
      [ "$mode" = wrongmove ] && cands="a0a9"
      best=""
      for m in $cands; do [[ " $banned " == *" $m "* ]] || { best=$m; break; }; done
      if [ -z "$best" ]; then echo nobestmove; continue; fi
      echo "info depth 5 score 12 pv $best"
      echo "bestmove $best" ;;
    stop) ;;
    quit) echo bye; exit 0 ;;
  esac
done
