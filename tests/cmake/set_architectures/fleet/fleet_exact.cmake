# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ARGS "-DFLEET=T4;A10;A100;L4;H100" -DOBJECTIVE=exact -DFLEET_PTX=ON)
