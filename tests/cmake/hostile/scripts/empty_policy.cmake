# SPDX-License-Identifier: Apache-2.0
# Keywords without values, and values that are not what the keyword takes.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
cudaarch_resolve(out 86 POLICY "" COMPILER "${nvcc}")
