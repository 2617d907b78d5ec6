#!/bin/bash
# A scripted xboard (CECP 2) engine; $1 picks its behaviour: good (setboard,
# usermove, ping), nosetboard, chess (no xiangqi among its variants), resign,
# illegal (answers a move that is not legal), complain ("Illegal move" at our
# moves), analyze (thinks until "exit"), noanalyze (refuses "analyze" without
# having said so, as MaxQi does; thinks after "st 3" and "go" until "?"). It says "Error (unknown command)" to
# uci and ucci, as MaxQi does.
mode=$1
moves=""
while read -r line; do
  set -- $line
  case "$1" in
    uci|ucci) echo "Error (unknown command): $1" ;;
    protover)
      echo "feature myname=\"Fake xboard $mode\" ping=1 done=0"
      if [ "$mode" = nosetboard ]; then echo "feature setboard=0 usermove=1"; else echo "feature setboard=1 usermove=1"; fi
      echo "feature option=\"Hash -spin 16 1 1024\" option=\"Book -check 1\" memory=1 smp=1"
      if [ "$mode" = chess ]; then echo "feature variants=\"normal,shatranj\" done=1"
      else echo "feature variants=\"normal,xiangqi\" done=1"; fi ;;
    ping) echo "pong $2" ;;
    new) moves="" ;;
    setboard) moves="setboard" ;;
    usermove)
      if [ "$mode" = complain ]; then echo "Illegal move: $2"; fi
      moves="$moves $2" ;;
    st) st=$2 ;;
    '?') if [ "$thinking" = 1 ]; then thinking=0; echo "move b2e2"; fi ;;
    go)
      if [ "$st" = 3 ]; then thinking=1; echo " 1 9 0 12 h2e2 h9g7"; echo " 2 11 1 30 b2e2 b9c7"; continue; fi
      case "$mode" in
        resign) echo "resign" ;;
        illegal) echo "move a0a9" ;;
        *)
          if [ "$moves" = " h2e2" ]; then
            echo " 3 -12 5 200 h9g7 h0g2"
            echo "move h9g7"
          elif [ "$moves" = "setboard" ]; then
            echo " 2 500 1 40 e1e2"
            echo "move e1e2"
          else
            echo " 1 5 0 10 h2e2"
            echo " 2 7 1 40 h2e2 h9g7"
            echo "move h2e2"
          fi ;;
      esac ;;
    analyze) if [ "$mode" = noanalyze ]; then echo "Error (unknown command): analyze"; continue; fi
      echo " 1 9 0 12 h2e2 h9g7"; echo " 2 11 1 30 b2e2 b9c7" ;;
    exit) ;;
    quit) exit 0 ;;
  esac
done
