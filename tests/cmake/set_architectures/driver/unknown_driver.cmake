# SPDX-License-Identifier: Apache-2.0
# A driver newer than the database can place (610 takes CUDA 13.3, which 13.5 may need)
# leaves the JIT.
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../driver_h200.cmake")
set_architectures_case(NVCC nvcc-13.5 PROBE ${h200} DRIVER 610.43.02 ENV CUDA_VISIBLE_DEVICES=0 ARGS -DDEFAULT=80)
