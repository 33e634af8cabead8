# SPDX-License-Identifier: Apache-2.0
# cudaarch_supported (CMake) and `cudaarch supported` (C++) give the same lists for one nvcc.
#   cmake -DSOURCE_DIR=<repo> -DCUDAARCH=<cli> -DNVCC=<nvcc> -P supported_parity.cmake
cmake_minimum_required(VERSION 3.18)
include("${SOURCE_DIR}/cmake/CudaArch.cmake")
foreach(kind IN ITEMS REAL VIRTUAL)
  cudaarch_supported(from_cmake COMPILER "${NVCC}" KIND ${kind})
  string(TOLOWER "${kind}" option)
  execute_process(COMMAND "${CUDAARCH}" supported --kind ${option} --nvcc "${NVCC}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE from_cli ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0 OR NOT from_cmake STREQUAL from_cli)
    message(FATAL_ERROR "${NVCC} ${kind}:\n  cudaarch_supported: ${from_cmake}\n  cudaarch supported: ${from_cli}${err}")
  endif()
endforeach()
