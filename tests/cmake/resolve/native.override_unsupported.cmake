# SPDX-License-Identifier: Apache-2.0
# Devices the source does not list are named by their capability.
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
set(CUDAARCH_GPUS "6.1 9.0")
cudaarch_resolve(out native COMPILER "${nvcc}" POLICY WARN)
message(STATUS "[${out}]")
