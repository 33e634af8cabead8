# SPDX-License-Identifier: Apache-2.0
# The `setup` test: runs tests/toolkits/fetch.sh (idempotent; PyPI), then reconfigures and
# builds BUILD_DIR so that the tests which need what it fetched are registered for the
# next ctest run. Without network the fetch fails: a skip naming the cause (the tests that
# needed it are then reported as left out), or a failure with CUDAARCH_REQUIRE_TOOLKITS set.
#   cmake -DSOURCE_DIR=<repo> -DBUILD_DIR=<build> -P fetch.cmake
cmake_minimum_required(VERSION 3.18)
execute_process(COMMAND "${SOURCE_DIR}/tests/toolkits/fetch.sh" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  string(REGEX MATCH "[^\n]+\n?$" last "${out}${err}")
  string(STRIP "${last}" last)
  if("$ENV{CUDAARCH_REQUIRE_TOOLKITS}")
    message(FATAL_ERROR "tests/toolkits/fetch.sh failed (${rc}):\n${out}${err}")
  endif()
  message("SKIP: tests/toolkits/fetch.sh failed (no network?): ${last}")
  return()
endif()
foreach(step IN ITEMS configure build)
  if(step STREQUAL "configure")
    set(command "${CMAKE_COMMAND}" "${BUILD_DIR}")
  else()
    set(command "${CMAKE_COMMAND}" --build "${BUILD_DIR}")
  endif()
  execute_process(COMMAND ${command} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${step} of ${BUILD_DIR} after fetching failed (${rc}):\n${out}${err}")
  endif()
endforeach()
