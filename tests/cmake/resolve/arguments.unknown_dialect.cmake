# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
cudaarch_resolve(out 75 COMPILER "${nvcc}" FROM bazel ERROR_VARIABLE err)
message(STATUS "[${err}]")
