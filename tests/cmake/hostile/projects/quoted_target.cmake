# SPDX-License-Identifier: Apache-2.0
# Quoted lists: a list in one argument is the most common CMake idiom.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
hostile_c_library()
cudaarch_target_architectures(k "75;86" COMPILER "${nvcc}")
get_target_property(archs k CUDA_ARCHITECTURES)
message(STATUS "RESULT [${archs}]")
