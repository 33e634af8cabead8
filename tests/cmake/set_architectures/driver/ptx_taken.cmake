# SPDX-License-Identifier: Apache-2.0
# The same PTX from nvcc 13.0 the r580 driver takes.
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../driver_h200.cmake")
set_architectures_case(PROBE ${h200} DRIVER 580.65.06 ENV CUDA_VISIBLE_DEVICES=0 ARGS -DDEFAULT=80)
