# SPDX-License-Identifier: Apache-2.0
# Quoted lists: a list in one argument is the most common CMake idiom.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
cudaarch_set_architectures(DEFAULT "75;86" COMPILER "${nvcc}")
message(STATUS "RESULT [${CMAKE_CUDA_ARCHITECTURES}]")
set(gpus "T4;A100")
cudaarch_set_architectures(DEFAULT "${gpus}" COMPILER "${nvcc}" VARIABLE named)
message(STATUS "RESULT [${named}]")
