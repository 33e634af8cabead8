# SPDX-License-Identifier: Apache-2.0
# Without a triplet, vcpkg picks one from the host when project() reads it; nothing says
# "continuing without vcpkg".
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
set_architectures_case(PROJECT "${CMAKE_CURRENT_LIST_DIR}" ARGS
  "-DCMAKE_TOOLCHAIN_FILE=${CMAKE_CURRENT_LIST_DIR}/vcpkg/scripts/buildsystems/vcpkg.cmake")
