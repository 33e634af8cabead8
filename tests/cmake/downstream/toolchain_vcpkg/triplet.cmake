# SPDX-License-Identifier: Apache-2.0
# With -DVCPKG_TARGET_TRIPLET=x64-linux: configures, and find_package works.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
set_architectures_case(PROJECT "${CMAKE_CURRENT_LIST_DIR}" ARGS
  "-DCMAKE_TOOLCHAIN_FILE=${CMAKE_CURRENT_LIST_DIR}/vcpkg/scripts/buildsystems/vcpkg.cmake" -DVCPKG_TARGET_TRIPLET=x64-linux)
