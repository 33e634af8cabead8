# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ARGS "-DFLEET=T4" -DCUDAARCH_ARCHITECTURES=80 -DCUDAARCH_FLEET=H100)
