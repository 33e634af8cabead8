# SPDX-License-Identifier: Apache-2.0
# The rest follow the target's list at the directory's end, also one set after the call.
include("${CMAKE_CURRENT_LIST_DIR}/../source_project.cmake")
source_project()
cudaarch_source_architectures(k SOURCES b.cu 9.0a COMPILER "${nvcc}")
cudaarch_target_architectures(k 8.6 COMPILER "${nvcc}")
cmake_language(DEFER CALL source_print)
