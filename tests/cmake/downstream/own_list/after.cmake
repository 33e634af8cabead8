# SPDX-License-Identifier: Apache-2.0
# A CUDA_ARCHITECTURES the project sets after cudaarch_target_architectures(after 9.0a) wins:
# a notice says so, and the file, CUDAARCH_BUILT_FOR and the verify test all describe 80-real
# (the verify test failed: the file lacked the sm_90a the call promised). Seen when the
# directory ends: CMake 3.19+ (cmake_language(DEFER)).
if(CMAKE_VERSION VERSION_LESS 3.19)
  message(STATUS "CUDAARCH-SKIP: CMake ${CMAKE_VERSION} has no cmake_language(DEFER) to see a list set after the call")
  return()
endif()
set(CASE_AFTER ON)
include("${CMAKE_CURRENT_LIST_DIR}/own.cmake")
