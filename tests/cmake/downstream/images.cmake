# SPDX-License-Identifier: Apache-2.0
# The images of a downstream case's built files, the same on every CMake release (issue 45):
#   downstream_images(<build> <file>...): for each <file> (relative to the build folder), one
#   line "-- IMAGES <file>: <image>..." with the SASS and PTX that `cudaarch inspect`
#   (CASE_CUDAARCH) lists in it, each once, sorted.
include_guard(GLOBAL)
function(downstream_images build)
  foreach(file IN LISTS ARGN)
    execute_process(COMMAND "${CASE_CUDAARCH}" inspect "${build}/${file}"
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
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
#   "-- TEST <name>: <Passed|Failed>", and for a failed one its output's lines.
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
endfunction()
