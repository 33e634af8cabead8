# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
cudaarch_resolve(out native NATIVE_FALLBACK all-major COMPILER "${nvcc}")
message(STATUS "[${out}]")
