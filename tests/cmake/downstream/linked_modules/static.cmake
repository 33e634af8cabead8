# SPDX-License-Identifier: Apache-2.0
# An 8.0 9.0 program that links a prebuilt static library built for sm_80 only: the file holds
# sm_90 (for app_kernel), but the library's module does not run on 9.0. The build fails, naming
# pre_kernel and the library, and how to fix that library; the verify test fails alike.
if(CMAKE_VERSION VERSION_LESS 3.19)
  message(STATUS "CUDAARCH-SKIP: CMake ${CMAKE_VERSION} has no VERIFY (cmake_language(DEFER), 3.19)")
  return()
endif()
include("${CMAKE_CURRENT_LIST_DIR}/../images.cmake")
if(NOT DEFINED CASE_KIND)
  set(CASE_KIND static)
endif()
set(build "${CMAKE_CURRENT_BINARY_DIR}/build")
downstream_real_build("-- CudaArch: (request|CUDA architectures|target|VERIFY)" BUILD_MESSAGES
  ARGS "-DCUDAARCH_CLI=${CASE_CUDAARCH}" "-DKIND=${CASE_KIND}")
downstream_tests("${build}")
