# SPDX-License-Identifier: Apache-2.0
# Issue 45 item 7 and issue 39 item 4: architecture flags beside CudaArch's list, and
# FROM_FLAGS, which takes them as the request. Each folder's cases configure with the real nvcc,
# build with Ninja and read the built file with `cudaarch inspect`, as
# cmake.downstream.<folder>; left out without nvcc.
foreach(_case IN ITEMS arch_flags from_flags)
  if(NOT CUDAARCH_NVCC)
    _cudaarch_cases_left_out("nvcc not found" "cmake.downstream.${_case}")
    continue()
  endif()
  add_test(NAME cmake.downstream.${_case}
    COMMAND "${CMAKE_COMMAND}" "-DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/${_case}"
            "-DEXPECT_CASES=${CMAKE_CURRENT_SOURCE_DIR}/${_case}" "-DCASE_NVCC=${CUDAARCH_NVCC}"
            "-DCASE_CUDAARCH=$<TARGET_FILE:cudaarch>"
            -P "${PROJECT_SOURCE_DIR}/tests/cmake/run_cases.cmake")
  set_tests_properties(cmake.downstream.${_case} PROPERTIES LABELS "cmake;downstream" TIMEOUT 600)
endforeach()
