# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
set(ENV{CUDAARCH_GPUS} "A100")
cudaarch_resolve(out 7.5 -arch=native newest COMPILER "${nvcc}")
message(STATUS "[${out}]")
