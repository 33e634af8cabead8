# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../target_project.cmake")
target_project("80-real;90-real")
cudaarch_target_architectures(k SUPPORTED 10.0a COMPILER "${nvcc}")
target_print()
