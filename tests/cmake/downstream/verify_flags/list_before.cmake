# SPDX-License-Identifier: Apache-2.0
# -arch=sm_80 in the CUDAFLAGS environment variable beside a 9.0 request with VERIFY, the call
# before project() (which reads CUDAFLAGS into CMAKE_CUDA_FLAGS): the file holds sm_80 and
# compute_80 beside sm_90. The build passes (extra images are no error) with a warning naming
# them, the flag, its place and the fix; the verify test fails (the file is not exactly the
# list) with the same warning. Both were silent about the flag (the test said only "extra:
# sm_80 compute_80").
if(CMAKE_VERSION VERSION_LESS 3.19)
  message(STATUS "CUDAARCH-SKIP: CMake ${CMAKE_VERSION} has no VERIFY (cmake_language(DEFER), 3.19)")
  return()
endif()
include("${CMAKE_CURRENT_LIST_DIR}/../images.cmake")
if(NOT DEFINED CASE_ENV)
  set(CASE_ENV CUDAFLAGS=-arch=sm_80)
endif()
set(build "${CMAKE_CURRENT_BINARY_DIR}/build")
downstream_real_build("-- CudaArch: (request|CUDA architectures|CUDA files|VERIFY)" BUILD_MESSAGES
  ENV ${CASE_ENV} ARGS "-DCUDAARCH_CLI=${CASE_CUDAARCH}" -DREQUEST=9.0 ${CASE_ARGS})
downstream_images("${build}" app)
downstream_tests("${build}")
