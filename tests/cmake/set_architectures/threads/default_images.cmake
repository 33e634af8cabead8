# SPDX-License-Identifier: Apache-2.0
# Without CUDAARCH_NVCC_THREADS, nvcc gets a thread per image up to the cores: 3 images, 8 cores.
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ARGS "-DDEFAULT=75;80;90" -D_CUDAARCH_LOGICAL_CORES=8)
