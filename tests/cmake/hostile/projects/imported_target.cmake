# SPDX-License-Identifier: Apache-2.0
# Targets that take no architectures are refused before anything is set.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
add_library(imp STATIC IMPORTED)
cudaarch_target_architectures(imp 86 COMPILER "${nvcc}")
