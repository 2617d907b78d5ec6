# The level ladder is ordered at its ends: full strength (20 ms a move) against
# level 1 (UCI_LimitStrength with the lowest UCI_Elo) wins at least 9 of 10 games. One game at a
# time: the timed tests beside it (outside engines in the game) keep their core.
execute_process(COMMAND ${MATCH} --e1 ${ENGINE} --e2 ${ENGINE} --o1 "setoption name UseBook value false"
                --o2 "setoption name UseBook value false" --o2 "setoption name UCI_LimitStrength value true"
                --o2 "setoption name UCI_Elo value 800" --openings ${OPENINGS} --games 10 --movetime 20 --concurrency 1
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
message("${out}")
string(REGEX MATCH "Games 10: W ([0-9]+) D ([0-9]+) L ([0-9]+)" m "${out}")
if(NOT rc EQUAL 0 OR "${CMAKE_MATCH_1}" STREQUAL "" OR CMAKE_MATCH_1 LESS 9)
  message(FATAL_ERROR "the top level did not beat the lowest: ${m}")
endif()
