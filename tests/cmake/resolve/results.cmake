# SPDX-License-Identifier: Apache-2.0
# FROM TORCH reads Hopper as PyTorch does: 9.0+PTX; and says what PyTorch would reject.
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
cudaarch_resolve(out "all-major 8.6+PTX" Hopper "-gencode arch=compute_100f,code=sm_103"
                 COMPILER "${nvcc}" FROM TORCH)
message(STATUS "[${out}]")
