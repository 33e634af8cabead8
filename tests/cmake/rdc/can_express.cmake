# SPDX-License-Identifier: Apache-2.0
# Prints TRUE or FALSE: whether CudaArch writes SPEC in CUDA_ARCHITECTURES in the CMake
# running this script (cmake -DSPEC=<list> -P can_express.cmake, from the repository root).
# A script runs under no project's policies: the internals' own.
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/../../../cmake/cudaarch/internal/apply.cmake")
_cudaarch_cmake_can_express(expressible "${SPEC}")
message("${expressible}")
