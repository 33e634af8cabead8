# SPDX-License-Identifier: Apache-2.0
# A configure of tests/cmake/set_architectures/project (or another project) as cases.cmake and
# the cases of order/ run it: the fake nvcc <nvcc>, every GPU hidden (CUDA_VISIBLE_DEVICES=-1)
# and no request from the environment unless ENV gives one.
#   set_architectures_configure(<rc_var> <stdout_var> <stderr_var> <source_dir> <build_dir> <nvcc>
#                               [PROJECT <dir>] [ENV VAR=value...] [ARGS -D...])
include_guard(GLOBAL)

function(set_architectures_configure rc_var stdout_var stderr_var source_dir build_dir nvcc)
  cmake_parse_arguments(PARSE_ARGV 6 a "" "PROJECT" "ENV;ARGS")
  if(NOT a_PROJECT)
    set(a_PROJECT "${source_dir}/tests/cmake/set_architectures/project")
  endif()
  file(REMOVE_RECURSE "${build_dir}")
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

# set_architectures_case([ENV VAR=value...] [ARGS -D...]): a case of order/ (a script, run by
# tests/cmake/run_cases.cmake): configures the project in <build>/build against a fake nvcc
# 13.0 and prints what of its output is CudaArch's contract (docs/testing.md, "CudaArch's own
# output"): on stdout its lines, "-- CudaArch..." and the project's "-- <WORD> ..." lines
# (RESULT, THREADS, POOLS), in full and in order; on stderr the configure's stderr, which
# run_cases.cmake reads as its diagnostics; and a failed configure fails the case. What the
# machine would change is fixed: the probe answers "no driver" and no PCI bus is read, and
# nvcc takes 2 threads unless the case says otherwise; the unused of these are not warned of.
function(set_architectures_case)
  cmake_parse_arguments(PARSE_ARGV 0 a "" "" "ENV;ARGS")
  get_filename_component(source_dir "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../.." ABSOLUTE)
  include("${source_dir}/tests/toolkits/fixture_nvcc.cmake")
  cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")
  set(probe "${CMAKE_CURRENT_BINARY_DIR}/probe")
  file(WRITE "${probe}/probe.in" "#!/bin/sh\necho 'cudaarch-probe|1'\necho 'status|no-driver|none'\n")
  file(COPY "${probe}/probe.in" DESTINATION "${probe}/bin" FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  # Parsed here and passed on element by element, so that an escaped ';' stays one argument.
  set_architectures_configure(rc out err "${source_dir}" "${CMAKE_CURRENT_BINARY_DIR}/build" "${nvcc}"
    ENV "CUDAARCH_SYSFS_ROOT=${CMAKE_CURRENT_BINARY_DIR}/no-sysfs" ${a_ENV}
    ARGS --no-warn-unused-cli "-D_CUDAARCH_DETECT_PROBE_COMMAND=${probe}/bin/probe.in" -DCUDAARCH_NVCC_THREADS=2
         ${a_ARGS})
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
  execute_process(COMMAND "${CMAKE_COMMAND}" -E echo_append "${own}")
  if(NOT err STREQUAL "")
    message("${err}")
  endif()
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the configure failed")
  endif()
endfunction()
