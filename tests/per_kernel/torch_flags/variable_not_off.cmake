# SPDX-License-Identifier: Apache-2.0
# VARIABLE holds the resolved list also where the polyfill writes the -gencode flags (CMake
# 3.24 to 4.0.1, tests/cmake/rdc/cmake_alone.cmake measures where). Whether the report says so
# depends on the CMake running the case, so the case checks that line itself, against the
# data file's answer for this CMake, and prints the same lines on every CMake.
include("${CMAKE_CURRENT_LIST_DIR}/../torch_flags_project.cmake")
torch_flags_project()
cudaarch_set_architectures(DEFAULT sm_100f sm_90a COMPILER "${nvcc}" VARIABLE archs)
message(STATUS "RESULT [${archs}] [${CUDAARCH_ARCHITECTURES_RESOLVED}]")
torch_flags_print()
include("${CUDAARCH_MODULES}/internal/apply.cmake")
_cudaarch_cmake_can_express(expressible "90a-real;100f-real")
set(expected "")
if(NOT expressible)
  set(expected "CMake ${CMAKE_VERSION} cannot write 90a-real;100f-real in CUDA_ARCHITECTURES: archs holds the list, \
CUDA_ARCHITECTURES must be OFF, and -gencode flags build the same images")
endif()
file(READ "${CMAKE_BINARY_DIR}/cudaarch-report.txt" report)
string(REGEX MATCH "(^|\n)(CMake [^\n]*)" _ "${report}")
if(NOT "${CMAKE_MATCH_2}" STREQUAL "${expected}")
  message(SEND_ERROR "the report's CMake line is '${CMAKE_MATCH_2}', not '${expected}'")
endif()
