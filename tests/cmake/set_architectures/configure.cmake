# SPDX-License-Identifier: Apache-2.0
# A configure of tests/cmake/set_architectures/project (or another project) as the cases of
# each feature folder run it: the fake nvcc <nvcc>, every GPU hidden (CUDA_VISIBLE_DEVICES=-1)
# and no request from the environment unless ENV gives one.
#   set_architectures_configure(<rc_var> <stdout_var> <stderr_var> <source_dir> <build_dir> <nvcc>
#                               [PROJECT <dir>] [AGAIN] [ENV VAR=value...] [ARGS -D...])
# AGAIN: configure <build_dir> again, as it is, instead of afresh.
include_guard(GLOBAL)
# A script runs under no project's policies: the internals' own.
cmake_policy(PUSH)
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/../../../cmake/cudaarch/internal/request.cmake")
cmake_policy(POP)

function(set_architectures_configure rc_var stdout_var stderr_var source_dir build_dir nvcc)
  cmake_parse_arguments(PARSE_ARGV 6 a "AGAIN" "PROJECT" "ENV;ARGS")
  if(NOT a_PROJECT)
    set(a_PROJECT "${source_dir}/tests/cmake/set_architectures/project")
  endif()
  if(NOT a_AGAIN)
    file(REMOVE_RECURSE "${build_dir}")
  endif()
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDAARCHS --unset=TORCH_CUDA_ARCH_LIST --unset=CUDAARCH_GPUS
            CUDA_VISIBLE_DEVICES=-1 ${a_ENV}
            "${CMAKE_COMMAND}" -S "${a_PROJECT}" -B "${build_dir}" "-DCUDAARCH_TEST_NVCC=${nvcc}"
            "-DCUDAARCH_SOURCE_DIR=${source_dir}" ${a_ARGS}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${rc_var} "${rc}" PARENT_SCOPE)
  set(${stdout_var} "${out}" PARENT_SCOPE)
  set(${stderr_var} "${err}" PARENT_SCOPE)
endfunction()

# set_architectures_case([NVCC <fixture>] [PROBE <line>...] [DRIVER <version>] [PROJECT <dir>]
#                        [BUILD <name>] [AGAIN] [ENV VAR=value...] [ARGS -D...]): a case (a script, run by
# tests/cmake/run_cases.cmake): configures the project (default
# tests/cmake/set_architectures/project) in <build>/build against a fake nvcc
# (tests/toolkits/fixtures/<fixture>, default nvcc-13.0) and prints what of its output is
# CudaArch's contract (docs/testing.md, "CudaArch's own output"): on stdout its lines,
# "-- CudaArch..." and the project's "-- <WORD> ..." lines (RESULT, THREADS, POOLS), in full and
# in order; on stderr the configure's stderr, which run_cases.cmake reads as its diagnostics;
# and a failed configure fails the case. What the machine would change is fixed: a fake probe
# answers (its <line>s; default "no driver"), no PCI bus is read, the driver is <version> (a
# fake /proc; default: none installed), and the machine has 2 logical cores (the test hook
# _CUDAARCH_LOGICAL_CORES) unless the case says otherwise; the unused of these are not warned
# of. What the machine names in the lines reads as a placeholder: the CUDA compiler of a
# project with the CUDA language (CMAKE_CUDA_COMPILER of its cache) as <nvcc>, its CUDA
# release as <cuda>, and a file of the machine-wide cache, whose name is a hash of the
# machine's paths (or of the data file), as detect-<hash>.txt, database-<hash>.txt or
# toolkit-<hash>.txt. The CMake running the case (and the configure) is "CMake <version>" in
# the lines and the diagnostics, the same in each release that prints them. With RETURN <prefix>, it prints and
# fails nothing and sets <prefix>_lines, <prefix>_stderr and <prefix>_rc instead, for a case
# that reads the lines first (tests/cmake/placement_prelude.cmake). BUILD names the build
# folder (default build); AGAIN configures it again as it is (a second configure of one tree).
function(set_architectures_case)
  cmake_parse_arguments(PARSE_ARGV 0 a "AGAIN" "NVCC;DRIVER;PROJECT;RETURN;BUILD" "PROBE;ENV;ARGS")
  if(NOT a_NVCC)
    set(a_NVCC nvcc-13.0)
  endif()
  if(NOT a_PROBE)
    set(a_PROBE "status|no-driver|none")
  endif()
  get_filename_component(source_dir "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../.." ABSOLUTE)
  include("${source_dir}/tests/toolkits/fixture_nvcc.cmake")
  # Written once per case: a case that configures twice (machine/) finds the same file, whose
  # identity (its time stamp) is the key of what the machine-wide cache knows of it.
  set(nvcc "${CMAKE_CURRENT_BINARY_DIR}/fake/${a_NVCC}/bin/nvcc.in")
  if(NOT EXISTS "${nvcc}")
    cudaarch_fixture_nvcc(nvcc "${a_NVCC}" "${CMAKE_CURRENT_BINARY_DIR}/fake")
  endif()
  set(probe "${CMAKE_CURRENT_BINARY_DIR}/probe")
  set(script "#!/bin/sh\necho 'cudaarch-probe|1'\n")
  foreach(line IN LISTS a_PROBE)
    string(APPEND script "echo '${line}'\n")
  endforeach()
  file(WRITE "${probe}/probe.in" "${script}")
  file(COPY "${probe}/probe.in" DESTINATION "${probe}/bin" FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  file(MAKE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/proc")
  if(a_DRIVER)
    file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/proc/driver/nvidia/version"
         "NVRM version: NVIDIA UNIX x86_64 Kernel Module  ${a_DRIVER}  Release Build\n")
  endif()
  # Parsed here and passed on element by element, so that an escaped ';' stays one argument.
  if(NOT a_BUILD)
    set(a_BUILD build)
  endif()
  set(build "${CMAKE_CURRENT_BINARY_DIR}/${a_BUILD}")
  set(project "")
  if(a_PROJECT)
    set(project PROJECT "${a_PROJECT}")
  endif()
  if(a_AGAIN)
    list(APPEND project AGAIN)
  endif()
  set_architectures_configure(rc out err "${source_dir}" "${build}" "${nvcc}" ${project}
    ENV "CUDAARCH_SYSFS_ROOT=${CMAKE_CURRENT_BINARY_DIR}/no-sysfs" ${a_ENV}
    ARGS --no-warn-unused-cli "-D_CUDAARCH_DETECT_PROBE_COMMAND=${probe}/bin/probe.in"
         "-D_CUDAARCH_DETECT_PROC_ROOT=${CMAKE_CURRENT_BINARY_DIR}/proc"
         -D_CUDAARCH_LOGICAL_CORES=2 ${a_ARGS})
  set(compiler "")
  if(EXISTS "${build}/CMakeCache.txt")
    file(STRINGS "${build}/CMakeCache.txt" compiler REGEX "^CMAKE_CUDA_COMPILER:[A-Z]+=.")
    string(REGEX REPLACE "^[^=]*=" "" compiler "${compiler}")
  endif()
  # Line by line, not as a list: the lines hold ';' and brackets.
  set(own "")
  set(rest "${out}")
  while(rest MATCHES "^([^\n]*)\n(.*)$")
    set(line "${CMAKE_MATCH_1}")
    set(rest "${CMAKE_MATCH_2}")
    if(line MATCHES "^-- (CudaArch[: ]|[A-Z]+ )")
      string(APPEND own "${line}\n")
    endif()
  endwhile()
  if(compiler)
    string(REPLACE ", ${compiler})" ", <nvcc>)" own "${own}")
    string(REGEX REPLACE "\\(nvcc [0-9]+\\.[0-9]+, <nvcc>\\)" "(nvcc <cuda>, <nvcc>)" own "${own}")
  endif()
  string(REGEX REPLACE "/(detect|database|toolkit)-[0-9a-f]+\\.txt" "/\\1-<hash>.txt" own "${own}")
  string(REPLACE "CMake ${CMAKE_VERSION}" "CMake <version>" own "${own}")
  # In a diagnostic, CMake may have wrapped the line between the two words.
  string(REPLACE "." "\\." version "${CMAKE_VERSION}")
  string(REGEX REPLACE "CMake([ \n]+)${version}([^0-9]|$)" "CMake\\1<version>\\2" err "${err}")
  if(a_RETURN)
    set(${a_RETURN}_lines "${own}" PARENT_SCOPE)
    set(${a_RETURN}_stderr "${err}" PARENT_SCOPE)
    set(${a_RETURN}_rc "${rc}" PARENT_SCOPE)
    return()
  endif()
  set_architectures_print("${own}" "${err}" "${rc}")
endfunction()

# set_architectures_print(<lines> <stderr> <rc>): what a case prints of its configure, as
# set_architectures_case does.
function(set_architectures_print lines err rc)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E echo_append "${lines}")
  if(NOT err STREQUAL "")
    message("${err}")
  endif()
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the configure failed")
  endif()
endfunction()

# set_architectures_release_lines(<lines_var> <why_var> <value>): takes out of the
# <lines> of set_architectures_case what the CMake release decides, having checked it against
# the data file, so that a case prints the same on every CMake; <why_var> says what was not
# as the data file says, or is empty:
#   - the report line saying CudaArchBeforeProject.cmake set the user's <value> aside, there
#     exactly where this CMake's compiler check would reject <value> (_cudaarch_cmake_accepts;
#     where CMake takes it, a line saying so stays, for the comparison to show);
#   - where this CMake cannot write the resolved list (the report's "CUDA architectures: <list>")
#     in CUDA_ARCHITECTURES
#     (_cudaarch_cmake_can_express), the polyfill's report line; and in the test project's
#     "-- RESULT [<written>] [<list>]" line, what CMAKE_CUDA_ARCHITECTURES holds, the list or
#     the closest value this CMake takes (_cudaarch_polyfill_stand_in) as the data file says,
#     reads <written>.
function(set_architectures_release_lines lines_var why_var value)
  set(lines "${${lines_var}}")
  set(resolved "")
  if(lines MATCHES "(^|\n)-- CudaArch: CUDA architectures: ([^ \n]+) \\(")
    set(resolved "${CMAKE_MATCH_2}")
  endif()
  set(why "")
  if(NOT value STREQUAL "")
    _cudaarch_cmake_accepts(accepted "${value}")
    if(NOT accepted)
      _set_architectures_take_line(lines why "-- CudaArch: CMAKE_CUDA_ARCHITECTURES='${value}' set aside: \
CMake <version>'s compiler check would reject it, cudaarch_set_architectures resolves it"
        "CMake ${CMAKE_VERSION} rejects '${value}', but no line says it was set aside")
    endif()
  endif()
  if(NOT resolved STREQUAL "")
    _cudaarch_cmake_can_express(expressible "${resolved}")
    set(written "${resolved}")
    if(NOT expressible)
      _cudaarch_polyfill_stand_in(written "${resolved}")
      _set_architectures_take_line(lines why "-- CudaArch: CMake <version> cannot write ${resolved} in \
CUDA_ARCHITECTURES: CMAKE_CUDA_ARCHITECTURES=${written}, the closest value it takes (what feature checks and \
subprojects read); the targets that keep it get -gencode flags for ${resolved} instead"
        "CMake ${CMAKE_VERSION} cannot write ${resolved}, but no line says the polyfill builds it")
    endif()
    string(REPLACE "\n-- RESULT [${written}] [${resolved}]\n" "\n-- RESULT [<written>] [${resolved}]\n" lines "${lines}")
  endif()
  set(${lines_var} "${lines}" PARENT_SCOPE)
  set(${why_var} "${why}" PARENT_SCOPE)
endfunction()

# _set_architectures_take_line(<lines_var> <why_var> <line> <complaint>): <line> taken out of
# <lines>, or <complaint> added to <why> where no such line is there.
function(_set_architectures_take_line lines_var why_var line complaint)
  set(lines "${${lines_var}}")
  string(FIND "${lines}" "${line}\n" at)
  if(at EQUAL -1)
    set(${why_var} "${${why_var}}${complaint}\n" PARENT_SCOPE)
  endif()
  string(REPLACE "${line}\n" "" lines "${lines}")
  set(${lines_var} "${lines}" PARENT_SCOPE)
endfunction()
