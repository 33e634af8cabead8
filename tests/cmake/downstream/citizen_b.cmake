# SPDX-License-Identifier: Apache-2.0
# Issue 44, items 2, 3, 8, 9 and 10: several calls, the project's own Ninja pools, fleets,
# option checks and script mode. Each folder's cases run with the CMake building this project
# (tests/cmake/run_cases.cmake), as cmake.downstream.<folder>.
foreach(_case IN ITEMS two_calls side_by_side job_pools fleet_comma fleet_preset options superbuild)
  add_test(NAME cmake.downstream.${_case}
    COMMAND "${CMAKE_COMMAND}" "-DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/${_case}"
            "-DEXPECT_CASES=${CMAKE_CURRENT_SOURCE_DIR}/${_case}" -P "${PROJECT_SOURCE_DIR}/tests/cmake/run_cases.cmake")
  set_tests_properties(cmake.downstream.${_case} PROPERTIES LABELS "cmake;downstream" TIMEOUT 600)
endforeach()
# Script mode: the build tree's package (its CudaArchConfig.cmake) in cmake -P.
add_test(NAME cmake.downstream.script_mode
  COMMAND "${CMAKE_COMMAND}" "-DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/script_mode" "-DCASE_BUILD_DIR=${PROJECT_BINARY_DIR}"
          "-DEXPECT_CASES=${CMAKE_CURRENT_SOURCE_DIR}/script_mode" -P "${PROJECT_SOURCE_DIR}/tests/cmake/run_cases.cmake")
set_tests_properties(cmake.downstream.script_mode PROPERTIES LABELS "cmake;downstream" TIMEOUT 600)
