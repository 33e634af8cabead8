# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../target_project.cmake")
target_project("80-real")
cudaarch_target_architectures(k 8.0 KEEP COMPILER "${nvcc}")
target_print()
