# SPDX-License-Identifier: Apache-2.0
# The second native of the configure asks the detection record: no second status line.
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
cudaarch_resolve(out native NATIVE_FALLBACK "sm_91" COMPILER "${nvcc}" ERROR_VARIABLE err)
cudaarch_resolve(out native NATIVE_FALLBACK "all native" COMPILER "${nvcc}" ERROR_VARIABLE err2)
message(STATUS "[${err}]")
message(STATUS "[${err2}]")
