# SPDX-License-Identifier: Apache-2.0
# _cudaarch_cli_case(<feature>.<case> [WORKING_DIRECTORY <dir>] [EXECUTABLE <program>]
#                    [PLACEHOLDERS <name>=<value>...] [ENV <entry>...] [ARGS <arg>...])
# The CLI case cli.<feature>.<case>: the built cudaarch (or EXECUTABLE) with ARGS, run in
# WORKING_DIRECTORY through `cmake -E env` with CUDA_VISIBLE_DEVICES and CUDAARCH_GPUS unset (ENV
# entries: VAR=value or --unset=VAR). tests/cli/expect_output.cmake compares its exit code,
# stdout and stderr with tests/cli/<feature>/<case>-result.txt, -stdout.txt and -stderr.txt by
# the one rule of tests/expected_output.cmake, where <build>, <source> and each PLACEHOLDERS
# <name> stand for their values.
function(_cudaarch_cli_case name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "WORKING_DIRECTORY;EXECUTABLE" "PLACEHOLDERS;ENV;ARGS")
  if(NOT name MATCHES "^([^.]+)\\.(.+)$")
    message(FATAL_ERROR "_cudaarch_cli_case: '${name}' is not <feature>.<case>")
  endif()
  set(case "${PROJECT_SOURCE_DIR}/tests/cli/${CMAKE_MATCH_1}/${CMAKE_MATCH_2}")
  if(NOT arg_EXECUTABLE)
    set(arg_EXECUTABLE "$<TARGET_FILE:cudaarch>")
  endif()
  set(dir "")
  if(arg_WORKING_DIRECTORY)
    set(dir "-DDIR=${arg_WORKING_DIRECTORY}")
  endif()
  add_test(NAME cli.${name}
    COMMAND "${CMAKE_COMMAND}"
            "-DCOMMAND=${CMAKE_COMMAND};-E;env;--unset=CUDA_VISIBLE_DEVICES;--unset=CUDAARCH_GPUS;${arg_ENV};${arg_EXECUTABLE};${arg_ARGS}"
            "-DEXPECT_CASE=${case}" ${dir} "-DPLACEHOLDERS=build=${PROJECT_BINARY_DIR};source=${PROJECT_SOURCE_DIR};${arg_PLACEHOLDERS}"
            -P "${PROJECT_SOURCE_DIR}/tests/cli/expect_output.cmake")
  set_tests_properties(cli.${name} PROPERTIES LABELS "cli")
endfunction()

# _cudaarch_kernel_input(<list> <dir> <name> <nvcc argument>...): builds <dir>/<name> from
# tests/inspect's kernel with CUDAARCH_NVCC, run in <dir>, and appends it to the variable <list>:
# the nvcc-built inputs of the check and pick cases.
function(_cudaarch_kernel_input list dir name)
  set(k "${PROJECT_SOURCE_DIR}/tests/inspect/fixtures/k.cu")
  add_custom_command(OUTPUT "${dir}/${name}" COMMAND "${CUDAARCH_NVCC}" ${ARGN} "${k}" -o "${name}"
                     DEPENDS "${k}" WORKING_DIRECTORY "${dir}" VERBATIM COMMENT "nvcc test input ${name}")
  set(${list} ${${list}} "${dir}/${name}" PARENT_SCOPE)
endfunction()
