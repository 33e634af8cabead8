# SPDX-License-Identifier: Apache-2.0
# The cases of tests/cmake/downstream/per_target.cmake (issue 45): a build with the real nvcc,
# and what of it is the same on every CMake release.
#   downstream_real_build(<regex> [BUILD_MESSAGES] [ENV VAR=value...] [ARGS -D...]): configures
#   the case's project (its folder) with the real nvcc (CASE_NVCC) first on PATH, Ninja, ENV and
#   ARGS; prints the lines that <regex> matches (downstream_print) and the configure's stderr
#   (stops where it failed), builds <case folder>/build and prints "-- BUILD rc=<rc>"; with
#   BUILD_MESSAGES, then what CudaArch's build steps said: their "-- cudaarch_<command>: ..."
#   lines, and each error and CudaArch's warnings as one unwrapped "-- Error: <text>" or
#   "-- Warning: cudaarch_<command>: <text>" line (_check_diagnostics).
# The images of a downstream case's built files:
#   downstream_images(<build> <file>...): for each <file> (relative to the build folder), one
#   line "-- IMAGES <file>: <image>..." with the SASS and PTX that `cudaarch inspect`
#   (CASE_CUDAARCH) lists in it, each once, sorted (downstream_inspect: the images.txt that
#   cmake.downstream.images_across_releases compares).
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/downstream.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../testing.cmake")

function(downstream_real_build regex)
  cmake_parse_arguments(PARSE_ARGV 1 a "BUILD_MESSAGES" "" "ENV;ARGS")
  downstream_path_without_nvcc(path)
  get_filename_component(bin "${CASE_NVCC}" DIRECTORY)
  set_architectures_case(RETURN c PROJECT "${CMAKE_CURRENT_LIST_DIR}" ENV ${downstream_unset_cuda} "PATH=${bin}:${path}"
    ${a_ENV} ARGS -G Ninja ${a_ARGS})
  downstream_print("${c_lines}" "${regex}")
  if(NOT c_rc EQUAL 0)
    message(FATAL_ERROR "configure failed:\n${c_stderr}")
  elseif(NOT c_stderr STREQUAL "")
    message("${c_stderr}")
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${CMAKE_CURRENT_BINARY_DIR}/build"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "BUILD rc=${rc}")
  if(a_BUILD_MESSAGES)
    downstream_print("${out}\n${err}" "-- cudaarch_[a-z_]+: ")
    _check_diagnostics(diagnostics "${out}\n${err}")
    downstream_print("${diagnostics}" "(Error|Warning: cudaarch_[a-z_]+): ")
  endif()
endfunction()

function(downstream_images build)
  foreach(file IN LISTS ARGN)
    downstream_inspect(out "${build}" "${file}")
    string(REGEX MATCHALL "(sm|compute)_[0-9]+[af]?" images "${out}")
    list(REMOVE_DUPLICATES images)
    list(SORT images)
    string(REPLACE ";" " " images "${images}")
    message(STATUS "IMAGES ${file}: ${images}")
  endforeach()
endfunction()

#   downstream_built_for(<build>): for each target of compile_commands.json (configure with
#   -DCMAKE_EXPORT_COMPILE_COMMANDS=ON) whose compile defines CUDAARCH_BUILT_FOR, one line
#   "-- BUILT_FOR <target>: <value>..." (each value once), what the runtime guard reads.
function(downstream_built_for build)
  file(READ "${build}/compile_commands.json" json)
  string(REGEX MATCHALL "\"command\": [^\n]*" commands "${json}")
  set(names "")
  foreach(command IN LISTS commands)
    if(NOT command MATCHES "CMakeFiles/([A-Za-z_]+)\\.dir/")
      continue()
    endif()
    set(target "${CMAKE_MATCH_1}")
    string(REGEX MATCHALL "CUDAARCH_BUILT_FOR=[^0-9]*[0-9][0-9a-z,-]*" values "${command}")
    list(TRANSFORM values REPLACE "^CUDAARCH_BUILT_FOR=[^0-9]*" "")
    list(REMOVE_DUPLICATES values)
    string(REPLACE ";" " " values "${values}")
    list(APPEND names "${target}")
    set(values_${target} "${values}")
  endforeach()
  list(SORT names)
  foreach(target IN LISTS names)
    message(STATUS "BUILT_FOR ${target}: ${values_${target}}")
  endforeach()
endfunction()

#   downstream_tests(<build>): runs the build's tests (ctest) and prints, per test, one line
#   "-- TEST <name>: <Passed|Failed>", and for a failed one its output's lines, its errors and
#   CudaArch's warnings (one unwrapped "-- Error: <text>" or "-- Warning: cudaarch_<command>:
#   <text>" line each).
function(downstream_tests build)
  execute_process(COMMAND "${CMAKE_CTEST_COMMAND}" --output-on-failure WORKING_DIRECTORY "${build}"
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX MATCHALL "Test +#[0-9]+: [^ ]+ [.]* *(\\*\\*\\*)?[A-Za-z]+" results "${out}")
  foreach(result IN LISTS results)
    string(REGEX REPLACE "Test +#[0-9]+: ([^ ]+) [.]* *(\\*\\*\\*)?([A-Za-z]+)" "\\1: \\3" result "${result}")
    message(STATUS "TEST ${result}")
  endforeach()
  string(REGEX MATCHALL "\n[^\n]*(differs|missing|extra)[^\n]*" details "${out}")
  foreach(line IN LISTS details)
    string(REPLACE "${build}/" "" line "${line}")
    string(STRIP "${line}" line)
    message(STATUS "  ${line}")
  endforeach()
  _check_diagnostics(diagnostics "${out}")
  string(REPLACE "${build}/" "" diagnostics "${diagnostics}")
  downstream_print("${diagnostics}" "(Error|Warning: cudaarch_[a-z_]+): ")
endfunction()
