# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
# A preset is named as the source while CUDAARCH_ARCHITECTURES holds what it set.
set_architectures_case(ARGS -DCUDAARCH_ARCHITECTURES=86 "-DCUDAARCH_PRESET=fleet: 86")
