# SPDX-License-Identifier: Apache-2.0
# SASS needs no JIT.
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../driver_h200.cmake")
set_architectures_case(NVCC nvcc-13.5 PROBE ${h200} DRIVER 580.65.06 ENV CUDA_VISIBLE_DEVICES=0 ARGS -DDEFAULT=80-real\;90)
