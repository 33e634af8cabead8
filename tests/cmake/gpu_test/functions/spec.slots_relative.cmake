# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
set(CUDAARCH_GPUS 9.0)
cudaarch_write_resource_spec(one.json SLOTS_PER_GPU 4)
file(READ "${CMAKE_CURRENT_BINARY_DIR}/one.json" spec)
message(STATUS "${spec}")
