# SPDX-License-Identifier: Apache-2.0
# A case of arch_flags/ or from_flags/ (issue 45 item 7, issue 39 item 4): the folder's project
# configured with the real nvcc (CASE_NVCC) first on PATH and Ninja, as downstream_case
# configures (a fake probe, no GPU, 2 cores), then built, and the images of what it built read
# with `cudaarch inspect` (CASE_CUDAARCH).
#   flags_case([ENV VAR=value...] [ARGS -D...] [INSPECT <file>...])
# Prints CudaArch's lines and the project's "-- <WORD> ..." lines, then "-- BUILD rc <rc>" and,
# for each <file> (relative to the build folder; default libkernels.a), the summary line of
# `cudaarch inspect`: "-- INSPECT libkernels.a: SASS sm_80 sm_90a; PTX compute_80" (and the
# images.txt of downstream_inspect, which cmake.downstream.images_across_releases compares).
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/downstream.cmake")

function(flags_case)
  cmake_parse_arguments(PARSE_ARGV 0 a "" "" "ENV;ARGS;INSPECT")
  if(NOT a_INSPECT)
    set(a_INSPECT libkernels.a)
  endif()
  downstream_path_without_nvcc(path)
  get_filename_component(bin "${CASE_NVCC}" DIRECTORY)
  set_architectures_case(RETURN c PROJECT "${CMAKE_CURRENT_LIST_DIR}"
    ENV ${downstream_unset_cuda} "PATH=${bin}:${path}" ${a_ENV} ARGS -G Ninja ${a_ARGS})
  if(c_rc EQUAL 0)
    set(build "${CMAKE_CURRENT_BINARY_DIR}/build")
    execute_process(COMMAND "${CMAKE_COMMAND}" --build "${build}"
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    string(APPEND c_lines "-- BUILD rc ${rc}\n")
    if(NOT rc EQUAL 0)
      string(REGEX MATCHALL "(nvcc fatal|ninja: error)[^\n]*" errors "${out}")
      foreach(error IN LISTS errors)
        string(APPEND c_lines "${error}\n")
      endforeach()
    endif()
    foreach(file IN LISTS a_INSPECT)
      downstream_inspect(out "${build}" "${file}")
      string(REGEX MATCH "[^\n]*: SASS [^\n]*" summary "${out}")
      string(REPLACE "${build}/" "" summary "${summary}")
      string(APPEND c_lines "-- INSPECT ${summary}\n")
    endforeach()
  endif()
  # A warning naming the nvcc (POLICY WARN's) names it as the lines do.
  string(REPLACE "${CASE_NVCC}" "<nvcc>" c_stderr "${c_stderr}")
  set_architectures_print("${c_lines}" "${c_stderr}" "${c_rc}")
endfunction()
