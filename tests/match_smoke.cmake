# Two engine processes play through the match tool at a fast pace: every
# move must come back legal and in step (a stale or doubled bestmove line
# would show up as an illegal move).
execute_process(COMMAND ${MATCH} --e1 ${ENGINE} --e2 ${ENGINE} --o1 "setoption usebook false"
                --o2 "setoption usebook false" --openings ${OPENINGS} --games 4 --movetime 10
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
message("${out}")
if(NOT rc EQUAL 0 OR out MATCHES "illegal or no move" OR NOT out MATCHES "Games 4:")
  message(FATAL_ERROR "match smoke failed")
endif()
