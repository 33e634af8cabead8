# SPDX-License-Identifier: Apache-2.0
# The driver rule in the report (tests/vectors/runs_on.tsv): a detected GPU that only
# JIT-compiles the build's PTX needs a driver that takes the PTX ISA of the nvcc. A fake
# probe finds an H200; a fake /proc holds the r580 driver (CUDA 13.0, PTX ISA 9.0).
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../driver_h200.cmake")
set_architectures_case(NVCC nvcc-13.5 PROBE ${h200} DRIVER 580.65.06 ENV CUDA_VISIBLE_DEVICES=0 ARGS -DDEFAULT=80)
