# SPDX-License-Identifier: Apache-2.0
# native is the detection's answer, asked again each time.
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
set(CUDAARCH_GPUS "86;90")
cudaarch_resolve(first native COMPILER "${nvcc}")
set(CUDAARCH_GPUS "80")
cudaarch_resolve(second native COMPILER "${nvcc}")
message(STATUS "[${first}] [${second}]")
