# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../target_project.cmake")
target_project("all-major")
cudaarch_target_architectures(k MINIMUM 8.0 COMPILER "${nvcc}")
target_print()
