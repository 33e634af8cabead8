# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ARGS -DDEFAULT=T4 "-DCUDAARCH_ARCHITECTURES=7.5 8.6+PTX")
