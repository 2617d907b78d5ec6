# The tuner end to end: a few fast games recorded by the match tool, their
# quiet positions labelled by our own engine, then both fits: each must run,
# print what goes into the evaluation, and not end worse on its fit set.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${MATCH} --e1 ${ENGINE} --e2 ${ENGINE} --o1 "setoption usebook false"
                --o2 "setoption usebook false" --openings ${OPENINGS} --games 6 --depth 2
                --record ${WORK}/games.txt RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "match failed: ${rc}")
endif()
execute_process(COMMAND ${TUNE} label --records ${WORK}/games.txt --engine ${ENGINE} --depth 3 --jobs 1
                --out ${WORK}/data.txt RESULT_VARIABLE rc ERROR_VARIABLE err)
file(STRINGS ${WORK}/data.txt rows)
list(LENGTH rows n)
message("${n} labelled positions")
if(NOT rc EQUAL 0 OR n LESS 100)
  message(FATAL_ERROR "labelling failed (${rc}): ${err}")
endif()

function(check_fit what)
  execute_process(COMMAND ${TUNE} ${what} --data ${WORK}/data.txt --passes 100 OUTPUT_VARIABLE out
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  message("${out}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}): ${err}")
  endif()
  if(NOT out MATCHES "constexpr int kEvalWeights\\[kFeatureCount\\] = {-?[0-9]+(, -?[0-9]+)*};")
    message(FATAL_ERROR "${what}: no weights line")
  endif()
  # The first "fit E" is the error before, the last the error of what is printed.
  string(REGEX MATCHALL "fit [0-9.]+" errors "${out}")
  list(GET errors 0 before)
  list(GET errors -1 after)
  string(REPLACE "fit " "" before "${before}")
  string(REPLACE "fit " "" after "${after}")
  if(before STREQUAL "" OR after STREQUAL "" OR after GREATER before)
    message(FATAL_ERROR "${what}: fit error ${before} before, ${after} after")
  endif()
endfunction()
check_fit(fit)
check_fit(tables)
execute_process(COMMAND ${TUNE} tables --data ${WORK}/data.txt --passes 1 OUTPUT_VARIABLE out)
foreach(t kKing kAdvisor kElephant kHorse kRook kCannon kPawn kKingEnd kPawnEnd)
  if(NOT out MATCHES "constexpr int ${t}\\[90\\] = {")
    message(FATAL_ERROR "tables: no ${t}")
  endif()
endforeach()
