# SPDX-License-Identifier: Apache-2.0
# VARIABLE holds the list the flags build, never OFF.
include("${CMAKE_CURRENT_LIST_DIR}/../torch_flags_project.cmake")
torch_flags_project()
set(CMAKE_CUDA_ARCHITECTURES OFF)
set(CMAKE_CUDA_FLAGS "-O3 -arch=sm_86")
cudaarch_set_architectures(COMPILER "${nvcc}" VARIABLE archs)
message(STATUS "RESULT [${archs}] [${CUDAARCH_ARCHITECTURES_RESOLVED}]")
torch_flags_print()
