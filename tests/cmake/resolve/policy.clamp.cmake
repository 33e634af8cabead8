# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
cudaarch_resolve(out 10.7 8.0 COMPILER "${nvcc}" POLICY clamp)
message(STATUS "[${out}]")
