# SPDX-License-Identifier: Apache-2.0
# The request of many targets is parsed once: a script resolving one list three times and
# native twice, run under a trace of resolve.cmake, calls the parser three times (the list
# once, each native: the detection's answer is asked again).
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/targets.cmake" "include(\"${CUDAARCH_MODULE}\")
foreach(i RANGE 1 3)
  cudaarch_resolve(out \"8.0;9.0a;10.0f\" COMPILER \"${nvcc}\")
endforeach()
set(CUDAARCH_GPUS 90)
cudaarch_resolve(out native COMPILER \"${nvcc}\")
cudaarch_resolve(out native COMPILER \"${nvcc}\")\n")
get_filename_component(resolve_module "${CUDAARCH_MODULE}/../cudaarch/internal/resolve.cmake" ABSOLUTE)
execute_process(COMMAND "${CMAKE_COMMAND}" "--trace-source=${resolve_module}"
                "--trace-redirect=${CMAKE_CURRENT_BINARY_DIR}/targets.trace" -P "${CMAKE_CURRENT_BINARY_DIR}/targets.cmake"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
file(STRINGS "${CMAKE_CURRENT_BINARY_DIR}/targets.trace" parses REGEX "\\): +_cudaarch_parse_impl\\(")
list(LENGTH parses parses)
message(STATUS "exit code ${rc}, ${parses} parses")
