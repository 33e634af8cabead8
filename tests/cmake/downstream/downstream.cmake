# SPDX-License-Identifier: Apache-2.0
# A case of tests/cmake/downstream/<folder>/: the folder is a small downstream project (its
# CMakeLists.txt beside the case scripts), configured as set_architectures_case configures
# (tests/cmake/set_architectures/configure.cmake: a fake nvcc, no GPU, 2 cores), with the
# modules found as a user without a build of CudaArch finds them (CMAKE_MODULE_PATH and
# include(CudaArch)), then built with each generator named.
#   downstream_case([GENERATORS <generator>...] [ENV VAR=value...] [ARGS -D...] [SHOW <file>...])
# Prints, per generator, CudaArch's lines and the project's "-- <WORD> ..." lines, then
# "-- BUILD <generator>: rc <rc>" with the build's "ninja: error:" / "make: ***" lines, and
# under Ninja "-- NINJA POOLS [<name>=<depth>;...] used [<name>;...]", the pools the generated
# build declares and those its build statements name (console left out), then each line of
# each SHOW file (relative to the build folder) as "-- SHOW <file>: <line>".
# Without GENERATORS it configures only (with CMake's default generator).
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/../set_architectures/configure.cmake")

function(downstream_case)
  cmake_parse_arguments(PARSE_ARGV 0 a "" "" "GENERATORS;ENV;ARGS;SHOW")
  get_filename_component(source_dir "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../.." ABSOLUTE)
  set(generators ${a_GENERATORS})
  if(NOT generators)
    set(generators -)  # configure only
  endif()
  set(build "${CMAKE_CURRENT_BINARY_DIR}/build")
  foreach(generator IN LISTS generators)
    set(generator_args "")
    if(NOT generator STREQUAL "-")
      set(generator_args -G "${generator}")
    endif()
    set_architectures_case(RETURN c PROJECT "${CMAKE_CURRENT_LIST_DIR}" ENV ${a_ENV}
      ARGS ${generator_args} "-DCMAKE_MODULE_PATH=${source_dir}/cmake" ${a_ARGS})
    if(generator_args AND c_rc EQUAL 0)
      execute_process(COMMAND "${CMAKE_COMMAND}" --build "${build}"
                      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
      string(APPEND c_lines "-- BUILD ${generator}: rc ${rc}\n")
      string(REGEX MATCHALL "(ninja: error:|make(\\[[0-9]+\\])?: \\*\\*\\*)[^\n]*" errors "${out}\n${err}")
      foreach(error IN LISTS errors)
        string(APPEND c_lines "${error}\n")
      endforeach()
      if(generator STREQUAL "Ninja")
        file(STRINGS "${build}/CMakeFiles/rules.ninja" rules)
        set(pools "")
        set(pool "")
        foreach(line IN LISTS rules)
          if(line MATCHES "^pool (.+)$")
            set(pool "${CMAKE_MATCH_1}")
          elseif(pool AND line MATCHES "^  depth = ([0-9]+)$")
            list(APPEND pools "${pool}=${CMAKE_MATCH_1}")
            set(pool "")
          endif()
        endforeach()
        file(STRINGS "${build}/build.ninja" used REGEX "^  pool = ")
        list(TRANSFORM used REPLACE "^  pool = " "")
        list(REMOVE_ITEM used console)
        list(REMOVE_DUPLICATES used)
        list(SORT used)
        string(APPEND c_lines "-- NINJA POOLS [${pools}] used [${used}]\n")
      endif()
      foreach(show IN LISTS a_SHOW)
        file(STRINGS "${build}/${show}" lines)
        foreach(line IN LISTS lines)
          string(APPEND c_lines "-- SHOW ${show}: ${line}\n")
        endforeach()
      endforeach()
    endif()
    set_architectures_print("${c_lines}" "${c_stderr}" "${c_rc}")
  endforeach()
endfunction()
