# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ARGS -DDEFAULT=T4 -DTORCH_CUDA_ARCH_LIST=8.0)
