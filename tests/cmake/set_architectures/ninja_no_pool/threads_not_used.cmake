# SPDX-License-Identifier: Apache-2.0
# Before CMake 3.19 Ninja's job pool cannot limit only the CUDA compiles: the case of
# ../ninja_pool/ leaves nvcc's threads out there, and says so.
include("${CMAKE_CURRENT_LIST_DIR}/../ninja_pool/cuda_targets.cmake")
