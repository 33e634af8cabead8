# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../target_project.cmake")
target_project("80-real;86-real;90-real")
cudaarch_target_architectures(k SUPPORTED 8.0 9.0a COMPILER "${nvcc}")
target_print()
