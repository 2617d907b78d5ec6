# The engine program at end of its input: an infinite analysis ends with its
# move and the program exits (it used to search on forever, a core busy).
file(WRITE ${WORKDIR}/eof_input.txt "uci\nsetoption name UseBook value false\nposition startpos moves h2e2\ngo infinite\n")
execute_process(COMMAND ${ENGINE} INPUT_FILE ${WORKDIR}/eof_input.txt OUTPUT_VARIABLE out RESULT_VARIABLE rc TIMEOUT 30)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\nbestmove [a-i][0-9][a-i][0-9]")
  message(FATAL_ERROR "end of input during go infinite: rc=${rc} output:\n${out}")
endif()
# A mate in one under "go infinite" reaches its last depth at once: still no
# bestmove until the input ends.
file(WRITE ${WORKDIR}/eof_input.txt "uci\nposition fen 3k5/9/9/9/9/9/9/9/9/4K1R2 w - - 0 1\ngo infinite\n")
execute_process(COMMAND ${ENGINE} INPUT_FILE ${WORKDIR}/eof_input.txt OUTPUT_VARIABLE out RESULT_VARIABLE rc TIMEOUT 30)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\nbestmove g0g8\n$")
  message(FATAL_ERROR "mate in one under go infinite: rc=${rc} output:\n${out}")
endif()
