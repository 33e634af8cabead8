# SPDX-License-Identifier: Apache-2.0
# Configures CudaArch at the top level without GoogleTest: the unit tests are off with one
# message and the rest configures; asked for explicitly (CUDAARCH_BUILD_TESTS=ON) its
# absence is an error; BUILD_TESTING=OFF registers no tests and says nothing of GoogleTest.
#   cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -P gtest_optional.cmake
include("${CMAKE_CURRENT_LIST_DIR}/package_testing.cmake")
file(REMOVE_RECURSE "${WORK_DIR}")
set(message "CudaArch: GoogleTest not found, so the unit tests (label 'unit') are off; install it (Debian: libgtest-dev) or set GTest_ROOT, or configure with -DCUDAARCH_BUILD_TESTS=ON to make it required, or -DBUILD_TESTING=OFF for no tests")
set(configure "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -G Ninja -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON)

package_run(out "configure without GoogleTest" COMMAND ${configure} -B "${WORK_DIR}/default")
package_expect_lines("${out}" "${message}")
file(STRINGS "${WORK_DIR}/default/tests/unit/CTestTestfile.cmake" unit REGEX "cudaarch_unit_tests")
if(NOT EXISTS "${WORK_DIR}/default/tests/cli/CTestTestfile.cmake" OR unit)
  message(FATAL_ERROR "expected the CLI tests and no unit tests in ${WORK_DIR}/default/tests")
endif()

execute_process(COMMAND ${configure} -B "${WORK_DIR}/explicit" -DCUDAARCH_BUILD_TESTS=ON
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "GTest")
  message(FATAL_ERROR "CUDAARCH_BUILD_TESTS=ON without GoogleTest configured (${rc}):\n${out}${err}")
endif()

package_run(out "configure with BUILD_TESTING=OFF" COMMAND ${configure} -B "${WORK_DIR}/off" -DBUILD_TESTING=OFF)
string(FIND "${out}" "GoogleTest" at)
if(NOT at EQUAL -1 OR EXISTS "${WORK_DIR}/off/tests")
  message(FATAL_ERROR "BUILD_TESTING=OFF still looked for GoogleTest or added the tests:\n${out}")
endif()
