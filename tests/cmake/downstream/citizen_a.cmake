# SPDX-License-Identifier: Apache-2.0
# Issue 44, items 1, 4, 5, 6 and 7: toolchain files (vcpkg, conan), the user's value and the
# cache, the compiler CMake uses, optional CUDA, a call inside a function. Each folder's cases
# run with the CMake building this project (tests/cmake/run_cases.cmake), as
# cmake.downstream.<folder>; those that need the real nvcc are left out without one, and
# toolchain_conan skips (CUDAARCH-SKIP) without conan.
set(_cases cache function toolchain_vcpkg toolchain_conan torch_env)
set(_with_nvcc compiler optional_cuda)
if(CUDAARCH_NVCC)
  list(APPEND _cases ${_with_nvcc})
else()
  foreach(case IN LISTS _with_nvcc)
    _cudaarch_cases_left_out("nvcc not found" "cmake.downstream.${case}")
  endforeach()
endif()
find_program(CUDAARCH_TEST_CONAN conan)
mark_as_advanced(CUDAARCH_TEST_CONAN)
foreach(case IN LISTS _cases)
  add_test(NAME cmake.downstream.${case}
    COMMAND "${CMAKE_COMMAND}" "-DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/${case}"
            "-DEXPECT_CASES=${CMAKE_CURRENT_SOURCE_DIR}/${case}" "-DCASE_NVCC=${CUDAARCH_NVCC}"
            "-DCASE_CONAN=${CUDAARCH_TEST_CONAN}"
            -P "${PROJECT_SOURCE_DIR}/tests/cmake/run_cases.cmake")
  set_tests_properties(cmake.downstream.${case} PROPERTIES LABELS "cmake;downstream" TIMEOUT 600
                       SKIP_REGULAR_EXPRESSION "CUDAARCH-SKIP:")
endforeach()
