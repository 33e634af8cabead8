# SPDX-License-Identifier: Apache-2.0
# What the target is not built for is its report line, never a warning.
include("${CMAKE_CURRENT_LIST_DIR}/../target_project.cmake")
target_project("all-major")
cudaarch_target_architectures(k SUPPORTED 9.0a 10.0a COMPILER "${nvcc}")
target_print()
