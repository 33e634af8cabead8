# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
cudaarch_resolve(out "all-major;8.6+PTX" COMPILER "${nvcc}" FROM TORCH)
message(STATUS "[${out}]")
