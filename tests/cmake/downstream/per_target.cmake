# SPDX-License-Identifier: Apache-2.0
# Issue 45: one list per target on every CMake release. Each folder's cases configure and
# build with the real nvcc (CASE_NVCC) and list the built files' images with the CLI
# (CASE_CUDAARCH, `cudaarch inspect`), as cmake.downstream.<folder>; left out without nvcc. A
# case that needs CMake 3.19 skips (CUDAARCH-SKIP) on an older one. The printed lines are
# those every release prints alike (no report line of the polyfill, which only some print), so
# one expected file holds for each; with another release's CMake:
#   <cmake> -DWORK_DIR=<dir> -DEXPECT_CASES=<this folder>/<case> -DCASE_NVCC=<nvcc>
#           -DCASE_CUDAARCH=<build>/src/cudaarch -P tests/cmake/run_cases.cmake
set(_cases polyfill own_list fix_lines every_source)
foreach(case IN LISTS _cases)
  if(NOT CUDAARCH_NVCC)
    _cudaarch_cases_left_out("nvcc not found" "cmake.downstream.${case}")
    continue()
  endif()
  add_test(NAME cmake.downstream.${case}
    COMMAND "${CMAKE_COMMAND}" "-DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/${case}"
            "-DEXPECT_CASES=${CMAKE_CURRENT_SOURCE_DIR}/${case}" "-DCASE_NVCC=${CUDAARCH_NVCC}"
            "-DCASE_CUDAARCH=$<TARGET_FILE:cudaarch>" -P "${PROJECT_SOURCE_DIR}/tests/cmake/run_cases.cmake")
  set_tests_properties(cmake.downstream.${case} PROPERTIES LABELS "cmake;downstream" TIMEOUT 600
                       SKIP_REGULAR_EXPRESSION "CUDAARCH-SKIP:")
endforeach()
