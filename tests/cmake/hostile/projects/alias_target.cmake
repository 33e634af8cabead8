# SPDX-License-Identifier: Apache-2.0
# Targets that take no architectures are refused before anything is set.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
hostile_c_library()
add_library(k::k ALIAS k)
cudaarch_target_architectures(k::k 86 COMPILER "${nvcc}")
