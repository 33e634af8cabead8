# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
set(_CUDAARCH_DETECT_PROBE_COMMAND "${CMAKE_COMMAND}" -E echo "status|no-device|none")
file(MAKE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/folder")
cudaarch_write_resource_spec("${CMAKE_CURRENT_BINARY_DIR}/folder")

