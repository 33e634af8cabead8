# SPDX-License-Identifier: Apache-2.0
# cudaarch_detect() end to end: configures tests/cmake/detect/project in fresh build trees with
# a controlled PATH and environment, and compares the CudaArch status lines and the
# returned values exactly. Each case is a file of its own, tests/cmake/detect/<case>.cmake,
# which this script runs with the helpers below (configure, expect_lines, expect_error, fail).
#   cmake -DCASE=<name> -DROOT=<source root> -DWORK=<scratch dir> -DMAKE_PROGRAM=<ninja>
#         [-DNVCC=<nvcc>] [-DEXPECTED_GPUS=<list>] [-DCUDAARCH_EXE=<cudaarch>] -P detect_cases.cmake
# Fake programs (probe, nvidia-smi, nvcc, __nvcc_device_query) are /bin/sh scripts that
# use only shell built-ins, so PATH can be restricted to the fakes.
cmake_minimum_required(VERSION 3.19)

set(project "${ROOT}/tests/cmake/detect/project")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/bin" "${WORK}/empty")
set(failures "")

function(write_program path text)
  get_filename_component(dir "${path}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}")
  file(WRITE "${path}" "#!/bin/sh\n${text}\n")
  file(CHMOD "${path}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
endfunction()

# A fake probe printing <records> (a list; "\n" is added after each), counting its runs
# in ${WORK}/probe-runs.
function(fake_probe path)
  set(text "echo run >> '${WORK}/probe-runs'\n")
  foreach(record IN LISTS ARGN)
    string(REPLACE "'" "'\\''" record "${record}")
    string(APPEND text "printf '%s\\n' '${record}'\n")
  endforeach()
  write_program("${path}" "${text}")
endfunction()

# configure(<prefix> [REAL_NVCC] [BUILD <dir>] [PATH <path>] [ENV VAR=value...] [ARGS -D...])
# REAL_NVCC: NVCC is CMake's CUDA compiler and its folder comes first on PATH (the real probe
# is built by it). The machine-wide detection cache is off unless ENV sets CUDAARCH_DETECT_CACHE_DIR, and the
# PCI tier reads an empty sysfs and no pci.ids unless ENV sets CUDAARCH_SYSFS_ROOT and
# CUDAARCH_PCI_IDS.
# Sets <prefix>_rc, <prefix>_lines (the "-- CudaArch:" and "-- RESULT" lines) and
# <prefix>_flat (all output, white space collapsed).
function(configure prefix)
  cmake_parse_arguments(PARSE_ARGV 1 a "REAL_NVCC" "BUILD;PATH" "ENV;ARGS")
  if(a_REAL_NVCC)
    get_filename_component(cuda_bin "${NVCC}" DIRECTORY)
    set(a_PATH "${cuda_bin}:$ENV{PATH}")
    list(APPEND a_ARGS "-DCMAKE_CUDA_COMPILER=${NVCC}")
  endif()
  if(NOT a_BUILD)
    set(a_BUILD build)
  endif()
  if(NOT DEFINED a_PATH)
    set(a_PATH "${WORK}/empty")
  endif()
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDA_VISIBLE_DEVICES --unset=CUDAARCH_GPUS --unset=CUDA_HOME --unset=CUDA_PATH --unset=CUDAToolkit_ROOT --unset=CUDACXX "PATH=${a_PATH}"
            --unset=CUDAARCH_DETECT_REFRESH --unset=CUDAARCH_DETECT_PCI CUDAARCH_DETECT_CACHE_DIR=OFF
            "CUDAARCH_SYSFS_ROOT=${WORK}/empty" CUDAARCH_PCI_IDS= ${a_ENV}
            "${CMAKE_COMMAND}" -S "${project}" -B "${WORK}/${a_BUILD}" -G Ninja
            "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}" "-DCUDAARCH_ROOT=${ROOT}" ${a_ARGS}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(REPLACE ";" "\\;" escaped "${out}")
  string(REPLACE "\n" ";" lines "${escaped}")
  set(kept "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^-- (CudaArch:|RESULT )")
      string(APPEND kept "${line}\n")
    endif()
  endforeach()
  string(REGEX REPLACE "[ \n]+" " " flat "${out}")
  set(${prefix}_rc "${rc}" PARENT_SCOPE)
  set(${prefix}_lines "${kept}" PARENT_SCOPE)
  set(${prefix}_flat "${flat}" PARENT_SCOPE)
  set(${prefix}_out "${out}" PARENT_SCOPE)
endfunction()

# configure_probe_build(<prefix>): the real probe's two build paths, configure(<prefix>
# REAL_NVCC) with the CUDA language enabled when the case's name ends in _cuda_language and
# with no language otherwise. Sets what configure sets.
function(configure_probe_build prefix)
  set(languages NONE)
  if(CASE MATCHES "_cuda_language$")
    set(languages CUDA)
  endif()
  configure(${prefix} REAL_NVCC ARGS "-DTEST_LANGUAGES=${languages}")
  foreach(result IN ITEMS rc lines flat out)
    set(${prefix}_${result} "${${prefix}_${result}}" PARENT_SCOPE)
  endforeach()
endfunction()

function(fail text)
  set(failures "${failures}${text}\n" PARENT_SCOPE)
endfunction()

# The status and RESULT lines must be exactly <expected> (lines joined by "\n").
macro(expect_lines prefix expected)
  if(NOT "${${prefix}_rc}" STREQUAL "0")
    fail("[${prefix}] configure failed (${${prefix}_rc}):\n${${prefix}_out}")
  elseif(NOT "${${prefix}_lines}" STREQUAL "${expected}\n")
    fail("[${prefix}] expected:\n${expected}\n[${prefix}] got:\n${${prefix}_lines}")
  endif()
endmacro()

# Configure must fail and its output contain <text> (white space collapsed).
macro(expect_error prefix text)
  string(FIND "${${prefix}_flat}" "${text}" _at)
  if("${${prefix}_rc}" STREQUAL "0" OR _at EQUAL -1)
    fail("[${prefix}] expected a failure with: ${text}\n[${prefix}] got (${${prefix}_rc}):\n${${prefix}_out}")
  endif()
endmacro()

function(count_probe_runs out_var)
  set(count 0)
  if(EXISTS "${WORK}/probe-runs")
    file(STRINGS "${WORK}/probe-runs" runs)
    list(LENGTH runs count)
  endif()
  set(${out_var} ${count} PARENT_SCOPE)
endfunction()

set(probe_hook "-D_CUDAARCH_DETECT_PROBE_COMMAND=${WORK}/probe")

# What the GPU tests expect: EXPECTED_GPUS, else nvidia-smi's distinct capabilities.
if(CASE MATCHES "^gpu_" AND NOT EXPECTED_GPUS)
  execute_process(COMMAND nvidia-smi --query-gpu=compute_cap --format=csv,noheader OUTPUT_VARIABLE caps)
  string(REGEX MATCHALL "[0-9]+\\.[0-9]" caps "${caps}")
  set(EXPECTED_GPUS "")
  foreach(cap IN LISTS caps)
    string(REPLACE "." "" cap "${cap}")
    list(APPEND EXPECTED_GPUS "${cap}")
  endforeach()
  list(REMOVE_DUPLICATES EXPECTED_GPUS)
  list(SORT EXPECTED_GPUS COMPARE NATURAL)
endif()
set(h200 "device|0|9.0|132|150754820096|0000:3B:00.0|ok|NVIDIA H200")

# The case: tests/cmake/detect/<CASE>.cmake, run here with the helpers above.
if(NOT EXISTS "${CMAKE_CURRENT_LIST_DIR}/${CASE}.cmake")
  message(FATAL_ERROR "detect_cases.cmake: unknown CASE '${CASE}'")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/${CASE}.cmake")

if(failures)
  message(FATAL_ERROR "${failures}")
endif()
message("${CASE}: ok")
