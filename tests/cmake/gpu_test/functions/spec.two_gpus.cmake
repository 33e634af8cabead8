# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
set(ENV{CUDAARCH_GPUS} "8.6;H200")
cudaarch_write_resource_spec("${CMAKE_CURRENT_BINARY_DIR}/two.json")
file(READ "${CMAKE_CURRENT_BINARY_DIR}/two.json" spec)
message(STATUS "${spec}")
