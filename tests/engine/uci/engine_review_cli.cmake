# Runs xiangqi-engine review on a small game with a blunder, and on bad input.
set(game ${WORKDIR}/review_cli_game.pgn)
file(WRITE ${game} "[Event \"cli\"]\n[FEN \"5k3/9/9/9/1R7/7r1/9/9/9/3K5 w - - 0 1\"]\n\n1. b5b4 h4b4 *\n")
execute_process(COMMAND ${ENGINE} review ${game} --nodes 30000 --no-book
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
# The better line starts with another rook move that holds the draw (车八平四, 车八进四 and 车八平六 all do).
if(NOT rc EQUAL 0 OR NOT out MATCHES "1\\. 车八退一 \\$4 {[^}]+} \\(1\\. 车八(平|进)" OR NOT out MATCHES "\\[Annotator \"Qianli"
   OR NOT err MATCHES "3/3 positions")
  message(FATAL_ERROR "review gave rc=${rc} output:\n${out}\nstderr:\n${err}")
endif()
execute_process(COMMAND ${ENGINE} review ${WORKDIR}/no-such-game.pgn ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 2 OR NOT err MATCHES "cannot open")
  message(FATAL_ERROR "missing file: rc=${rc} err=${err}")
endif()
# A move that cannot be played ends the game there: the moves before it are reviewed, and it is named.
file(WRITE ${game} "1. h2e2 h2e2 *\n")
execute_process(COMMAND ${ENGINE} review ${game} --nodes 3000 --no-book ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT err MATCHES "reviewing the first 1 moves: move 2 'h2e2'")
  message(FATAL_ERROR "illegal move: rc=${rc} err=${err}")
endif()
execute_process(COMMAND ${ENGINE} review ${game} --movetime x ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--movetime needs a positive number")
  message(FATAL_ERROR "bad movetime: rc=${rc} err=${err}")
endif()
