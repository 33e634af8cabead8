# SPDX-License-Identifier: Apache-2.0
# unit.result.nodiscard: Result<T> is [[nodiscard]] on the class. result_nodiscard.cpp compiles
# when the Result is used and fails, naming nodiscard, when it is dropped.
#   cmake -DCXX=<compiler> -DSOURCE_DIR=<src> -DSOURCE=<result_nodiscard.cpp> -P expect_nodiscard.cmake
cmake_minimum_required(VERSION 3.18)
set(compile "${CXX}" -std=c++17 -fsyntax-only -Werror "-I${SOURCE_DIR}" "${SOURCE}")
execute_process(COMMAND ${compile} -DCUDAARCH_RESULT_USED RESULT_VARIABLE rc ERROR_VARIABLE stderr)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the Result that is used does not compile:\n${stderr}")
endif()
execute_process(COMMAND ${compile} RESULT_VARIABLE rc ERROR_VARIABLE stderr)
if(rc EQUAL 0 OR NOT stderr MATCHES "nodiscard")
  message(FATAL_ERROR "a dropped Result compiles, or fails for another reason than [[nodiscard]] (exit ${rc}):\n${stderr}")
endif()
