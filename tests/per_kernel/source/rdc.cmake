# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../source_project.cmake")
source_project()
set_target_properties(k PROPERTIES CUDA_SEPARABLE_COMPILATION ON)
cudaarch_source_architectures(k SOURCES b.cu 9.0a COMPILER "${nvcc}")
