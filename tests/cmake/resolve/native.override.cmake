# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
set(CUDAARCH_GPUS "86;90")
cudaarch_resolve(out native COMPILER "${nvcc}")
message(STATUS "[${out}]")
