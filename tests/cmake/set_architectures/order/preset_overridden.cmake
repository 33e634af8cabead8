# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ARGS -DCUDAARCH_ARCHITECTURES=90 "-DCUDAARCH_PRESET=fleet: 86")
