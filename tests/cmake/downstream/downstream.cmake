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
# each SHOW file (relative to the build folder) as "-- SHOW <file>: <line>", but its lines on
# the GPUs detected (the machine's).
# Without GENERATORS it configures only (with CMake's default generator).
# The helpers of the cases of items 1, 4, 5, 6 and 7:
#   downstream_path_without_nvcc(<out_var>): this PATH less every folder that holds an nvcc,
#     a machine without one (CMake's compiler search also reads CUDACXX and CUDA_PATH, which
#     downstream_unset_cuda unsets).
#   downstream_fake_nvcc(<out_var> <dir>): <dir>/bin/nvcc, a second nvcc that runs CASE_NVCC
#     (the real one) for every request, so that where it is found tells the two apart.
#   downstream_print(<text> <regex>): each line of <text> that starts with what <regex>
#     matches, as a STATUS line of its own (its own "-- " taken off).
#   downstream_step(<build> <what> <regex> [AGAIN] [ENV VAR=value...] [ARGS -D...]): one
#     configure (set_architectures_case; AGAIN: of the tree as it is) of the build tree <build>
#     of a series, headed by a "-- STEP <what>" line: the lines that start with what <regex>
#     matches (downstream_print), and where it failed "-- configure failed", with its stderr on
#     stderr (the case's diagnostics).
#   downstream_source_dir: this source tree.
#   downstream_inspect(<out_var> <build> <file>): `cudaarch inspect` (CASE_CUDAARCH) of
#     <build>/<file>, its whole output in <out_var>; and the file's images, one line each
#     "<file> <image>" (or "<file> <member>:<image>" for an archive's member; "<file> none" for
#     a file without), sorted, appended to images.txt in the case's folder, which
#     cmake.downstream.images_across_releases compares between the releases of the matrix.
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
        # A part built at build time (ExternalProject) detects this machine's GPUs with its
        # own probe, which no test hook reaches: those lines are the machine's, not the case's.
        foreach(line IN LISTS lines)
          if(NOT line MATCHES "^GPUs?( [0-9]+)?[: ]")
            string(APPEND c_lines "-- SHOW ${show}: ${line}\n")
          endif()
        endforeach()
      endforeach()
    endif()
    set_architectures_print("${c_lines}" "${c_stderr}" "${c_rc}")
  endforeach()
endfunction()

get_filename_component(downstream_source_dir "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(downstream_unset_cuda --unset=CUDACXX --unset=CUDA_PATH --unset=CUDAToolkit_ROOT --unset=CUDAHOSTCXX)

function(downstream_path_without_nvcc out_var)
  string(REPLACE ":" ";" folders "$ENV{PATH}")
  set(kept "")
  foreach(folder IN LISTS folders)
    if(NOT folder STREQUAL "" AND NOT EXISTS "${folder}/nvcc")
      list(APPEND kept "${folder}")
    endif()
  endforeach()
  string(REPLACE ";" ":" kept "${kept}")
  set(${out_var} "${kept}" PARENT_SCOPE)
endfunction()

function(downstream_fake_nvcc out_var dir)
  file(WRITE "${dir}/nvcc.in" "#!/bin/sh\nexec '${CASE_NVCC}' \"$@\"\n")
  file(COPY "${dir}/nvcc.in" DESTINATION "${dir}/bin" FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  file(RENAME "${dir}/bin/nvcc.in" "${dir}/bin/nvcc")
  set(${out_var} "${dir}/bin/nvcc" PARENT_SCOPE)
endfunction()

function(downstream_print text regex)
  string(ASCII 1 semicolon)  # a line's ';' would split the list of lines
  string(REPLACE ";" "${semicolon}" text "${text}")
  string(REGEX MATCHALL "${regex}[^\n]*" lines "${text}")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^-- " "" line "${line}")
    string(REPLACE "${semicolon}" ";" line "${line}")
    message(STATUS "${line}")
  endforeach()
endfunction()

function(downstream_step build what regex)
  cmake_parse_arguments(PARSE_ARGV 3 a "AGAIN" "" "ENV;ARGS")
  message(STATUS "STEP ${what}")
  set(again "")
  if(a_AGAIN)
    set(again AGAIN)
  endif()
  set_architectures_case(RETURN got PROJECT "${CMAKE_CURRENT_LIST_DIR}" BUILD ${build} ${again}
    ENV ${a_ENV} ARGS ${a_ARGS})
  downstream_print("${got_lines}" "${regex}")
  if(NOT got_rc EQUAL 0)
    message(STATUS "configure failed")
    message("${got_stderr}")
  endif()
endfunction()

function(downstream_inspect out_var build file)
  execute_process(COMMAND "${CASE_CUDAARCH}" inspect "${build}/${file}" OUTPUT_VARIABLE out ERROR_VARIABLE out)
  # A row of the table: KIND IMAGE COMP STORED UNCOMPRESSED PTX FROM, where FROM is
  # [<member>:]<section>@<offset>; the offset depends on the host linker, the member does not.
  set(row "  (SASS|PTX|LTO-IR|other) +([^ ]+) +[^ ]+ +[0-9]+ +[0-9]+ +[^ ]+ +([^ \n]+)")
  string(REGEX MATCHALL "${row}" rows "${out}")
  set(lines "")
  foreach(image IN LISTS rows)
    string(REGEX MATCH "${row}" _ "${image}")
    set(image "${CMAKE_MATCH_2}")
    if(CMAKE_MATCH_3 MATCHES "^(.+):[^:]+$")
      set(image "${CMAKE_MATCH_1}:${image}")
    endif()
    list(APPEND lines "${file} ${image}")
  endforeach()
  if(NOT lines)
    set(lines "${file} none")
  endif()
  list(SORT lines)
  string(REPLACE ";" "\n" lines "${lines}")
  file(APPEND "${CMAKE_CURRENT_BINARY_DIR}/images.txt" "${lines}\n")
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()
