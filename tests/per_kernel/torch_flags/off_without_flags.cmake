# SPDX-License-Identifier: Apache-2.0
# An OFF without architecture flags stays the user's "no architecture flags".
include("${CMAKE_CURRENT_LIST_DIR}/../torch_flags_project.cmake")
torch_flags_project()
set(CMAKE_CUDA_ARCHITECTURES OFF)
set(CMAKE_CUDA_FLAGS "-O3")
cudaarch_set_architectures(DEFAULT 86 COMPILER "${nvcc}")
cudaarch_set_architectures(DEFAULT 86 COMPILER "${nvcc}" VARIABLE named)
message(STATUS "RESULT [${CMAKE_CUDA_ARCHITECTURES}] [${named}]")
torch_flags_print()
