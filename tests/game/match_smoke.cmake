# Two engine processes play through the match tool at a fast pace: every
# move must come back legal and in step (a stale or doubled bestmove line
# would show up as an illegal move). The four games are two pairs (each
# opening with the colours swapped), scored by pairs too.
execute_process(COMMAND ${MATCH} --e1 ${ENGINE} --e2 ${ENGINE} --o1 "setoption usebook false"
                --o2 "setoption usebook false" --openings ${OPENINGS} --games 4 --movetime 10
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
message("${out}")
if(NOT rc EQUAL 0 OR out MATCHES "illegal or no move" OR NOT out MATCHES "Games 4:")
  message(FATAL_ERROR "match smoke failed")
endif()
if(NOT out MATCHES "Pairs 2 \\(engine1's points 0 0.5 1 1.5 2\\): [0-2] [0-2] [0-2] [0-2] [0-2], Elo")
  message(FATAL_ERROR "no pentanomial line for the two pairs")
endif()
# Time odds: engine 2 thinks ten times as long a move as engine 1.
execute_process(COMMAND ${MATCH} --e1 ${ENGINE} --e2 ${ENGINE} --o1 "setoption usebook false"
                --o2 "setoption usebook false" --openings ${OPENINGS} --games 2 --movetime1 10 --movetime2 100
                --max-plies 30
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
message("${out}")
string(REGEX MATCH "engine1: ([0-9.]+) s a move" m1 "${out}")
set(t1 ${CMAKE_MATCH_1})
string(REGEX MATCH "engine2: ([0-9.]+) s a move" m2 "${out}")
set(t2 ${CMAKE_MATCH_1})
if(NOT rc EQUAL 0 OR "${t1}" STREQUAL "" OR "${t2}" STREQUAL "")
  message(FATAL_ERROR "the time-odds match did not report both engines' times")
endif()
string(REPLACE "." "" d1 "${t1}")
string(REPLACE "." "" d2 "${t2}")
# Thousandths of a second: engine 2 at least four times engine 1 (asked ten).
math(EXPR four1 "${d1} * 4")
if(NOT d2 GREATER four1)
  message(FATAL_ERROR "engine 2 (${t2} s) did not think several times as long as engine 1 (${t1} s)")
endif()
# Clock games: both engines on 1 s + 0.01 s a move; nobody may lose on time
# (the engine's time manager keeps a reserve), and the summary counts the flags.
execute_process(COMMAND ${MATCH} --e1 ${ENGINE} --e2 ${ENGINE} --o1 "setoption usebook false"
                --o2 "setoption usebook false" --openings ${OPENINGS} --games 2 --tc 1+0.01 --max-plies 60
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
message("${out}")
if(NOT rc EQUAL 0 OR NOT out MATCHES "Games 2:" OR NOT out MATCHES "Lost on time: engine1 0, engine2 0")
  message(FATAL_ERROR "the clock match did not finish both games in time")
endif()
# A flag that falls: engine 2 answers after 0.4 s on a clock of 0.1 s, so it
# loses both games on time (as red before its first move, as black on its first).
execute_process(COMMAND ${MATCH} --e1 ${ENGINE} --e2 "bash ${FAKE} sleepy" --p2 uci --o1 "setoption usebook false"
                --games 2 --tc1 5 --tc2 0.1
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
message("${out}")
if(NOT rc EQUAL 0 OR NOT out MATCHES "W 2 D 0 L 0" OR NOT out MATCHES "Lost on time: engine1 0, engine2 2"
   OR NOT out MATCHES "red lost on time" OR NOT out MATCHES "black lost on time")
  message(FATAL_ERROR "a clocked engine past its time did not lose on time")
endif()
