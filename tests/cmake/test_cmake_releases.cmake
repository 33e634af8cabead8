# SPDX-License-Identifier: Apache-2.0
# Which CMake releases take a suffix or keyword in CUDA_ARCHITECTURES, as the data file's
# cmake rows say, at each release where the answer changes (the measured table of
# docs/cmake-versions.md; tests/cmake/rdc/cmake_alone.cmake runs the real releases it fetches).
# CMAKE_VERSION is set per case: the rows are read against it.
#   cmake -P test_cmake_releases.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch/internal/request.cmake")

# <release> then what it takes of: 90a-real, 100f-real (_cudaarch_cmake_can_express), and all,
# native as CMAKE_CUDA_ARCHITECTURES (_cudaarch_cmake_accepts).
set(cases
  "3.18.4 TRUE TRUE FALSE FALSE"
  "3.22.6 TRUE TRUE FALSE FALSE"
  "3.23.0 TRUE TRUE TRUE FALSE"
  "3.24.0 FALSE FALSE TRUE TRUE"
  "3.24.4 FALSE FALSE TRUE TRUE"
  "3.25.0 TRUE FALSE TRUE TRUE"
  "3.31.9 TRUE FALSE TRUE TRUE"
  "3.31.10 TRUE TRUE TRUE TRUE"
  "4.0.0 TRUE FALSE TRUE TRUE"
  "4.0.1 TRUE FALSE TRUE TRUE"
  "4.0.2 TRUE TRUE TRUE TRUE"
  "4.4.5 TRUE TRUE TRUE TRUE")
foreach(case IN LISTS cases)
  string(REPLACE " " ";" case "${case}")
  list(GET case 0 CMAKE_VERSION)
  _cudaarch_cmake_can_express(a 90a-real)
  _cudaarch_cmake_can_express(f 100f-real)
  _cudaarch_cmake_accepts(all all)
  _cudaarch_cmake_accepts(native native)
  check_equal("CMake ${CMAKE_VERSION}: 90a, 100f, all, native" "${CMAKE_VERSION};${a};${f};${all};${native}" "${case}")
endforeach()
check_finish()
