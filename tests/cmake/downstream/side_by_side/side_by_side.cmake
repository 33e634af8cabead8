# SPDX-License-Identifier: Apache-2.0
# Each subproject keeps its own list; the build declares one pool (8 cores: 4 jobs of 2 threads
# for a, 2 of 3 for b: 2) and builds with Ninja and with Unix Makefiles.
# CMake 3.18 (@3.18 files): CudaArch gives the CUDA targets their pool at the directory's end
# (cmake_language(DEFER), 3.19+), so there it declares none and passes no --threads, as its
# report says; the project's own pools stay.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(GENERATORS Ninja "Unix Makefiles" ARGS -D_CUDAARCH_LOGICAL_CORES=8)
