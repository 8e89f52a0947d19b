# Runs a libFuzzer target for a bounded time (the fuzz/short CTest test).
#   cmake -DFUZZER=exe -DSEED_DIRS="dir1|dir2" -DWORK_DIR=dir -DDICT=file -DSECONDS=60 \
#         [-DUNIT_TIMEOUT=30] -P run_fuzz_short.cmake
# Seeds every *.py under SEED_DIRS into WORK_DIR/corpus (flattened, names kept unique), keeps
# what earlier runs found there, and writes crash/timeout/leak reproducers to WORK_DIR/artifacts/.
foreach(v FUZZER SEED_DIRS WORK_DIR DICT SECONDS)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "run_fuzz_short.cmake: -D${v}=... is required")
  endif()
endforeach()

if(NOT DEFINED UNIT_TIMEOUT)
  set(UNIT_TIMEOUT 30)
endif()

set(corpus ${WORK_DIR}/corpus)
set(artifacts ${WORK_DIR}/artifacts)
file(MAKE_DIRECTORY ${corpus} ${artifacts})

string(REPLACE "|" ";" seed_dirs "${SEED_DIRS}")
set(n 0)
foreach(dir IN LISTS seed_dirs)
  if(NOT IS_DIRECTORY ${dir})
    continue()
  endif()
  file(GLOB_RECURSE seeds RELATIVE ${dir} ${dir}/*.py)
  get_filename_component(tag ${dir} NAME)
  foreach(s IN LISTS seeds)
    string(REPLACE "/" "__" flat "${tag}__${s}")
    configure_file(${dir}/${s} ${corpus}/seed__${flat} COPYONLY)
    math(EXPR n "${n} + 1")
  endforeach()
endforeach()
message(STATUS "fuzz/short: ${n} seed files in ${corpus}; running ${FUZZER} for ${SECONDS}s")

execute_process(
  COMMAND ${FUZZER} ${corpus}
          -dict=${DICT}
          -max_total_time=${SECONDS}
          -timeout=${UNIT_TIMEOUT}
          -rss_limit_mb=2048
          -max_len=16384
          -artifact_prefix=${artifacts}/
          -print_final_stats=1
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(GLOB found ${artifacts}/*)
  message(FATAL_ERROR "fuzz/short: ${FUZZER} failed (exit ${rc}); reproducers: ${found}")
endif()
