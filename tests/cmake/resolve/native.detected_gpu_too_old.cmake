# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
resolve_probe(two)
cudaarch_resolve(out native COMPILER "${nvcc}")
