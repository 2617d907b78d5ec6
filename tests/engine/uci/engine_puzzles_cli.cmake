# xiangqi-engine puzzles FILE --verify: a good puzzle, a changed one, an unreadable line; bad arguments.
set(file ${WORKDIR}/puzzles_cli.txt)
file(WRITE ${file} "# three\n"
  "3ak4/9/4b4/9/9/9/4n4/3K5/5p3/9 b - - 5 1\tmate\t2\tA\tGood\t1360\tmate\te9f9 d2e2 e3c4\n"
  "3ak4/9/4b4/9/9/9/4n4/3K5/5p3/9 b - - 5 1\tmate\t2\tB\tChanged\t1360\tmate\te9f9 d2e2 e3g4\n"
  "not a fen\tmate\t2\tC\tUnreadable\n")
execute_process(COMMAND ${ENGINE} puzzles ${file} --verify OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 1 OR NOT out MATCHES "line 4: bad FEN" OR NOT out MATCHES "line 3 \\(Changed, [^)]*\\): move 2, e3g4: does not mate"
   OR NOT out MATCHES "\n1 ok, 2 failed\n$")
  message(FATAL_ERROR "puzzles --verify gave rc=${rc} output:\n${out}\nstderr:\n${err}")
endif()
file(WRITE ${file} "3ak4/9/4b4/9/9/9/4n4/3K5/5p3/9 b - - 5 1\tmate\t2\tA\tGood\t1360\tmate\te9f9 d2e2 e3c4\n")
execute_process(COMMAND ${ENGINE} puzzles ${file} --verify --threads 2 OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out STREQUAL "1 ok, 0 failed\n")
  message(FATAL_ERROR "a good file gave rc=${rc} output:\n${out}")
endif()
execute_process(COMMAND ${ENGINE} puzzles ${WORKDIR}/no-such-file.txt --verify ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 2 OR NOT err MATCHES "cannot open")
  message(FATAL_ERROR "missing file: rc=${rc} err=${err}")
endif()
execute_process(COMMAND ${ENGINE} puzzles ${file} ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 2 OR NOT err MATCHES "usage: xiangqi-engine puzzles FILE --verify")
  message(FATAL_ERROR "no --verify: rc=${rc} err=${err}")
endif()
execute_process(COMMAND ${ENGINE} puzzles ${file} --verify --nodes 0 ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--nodes needs a positive number")
  message(FATAL_ERROR "bad nodes: rc=${rc} err=${err}")
endif()
