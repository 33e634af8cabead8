# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../standalone_prelude.cmake" NO_POLICY_SCOPE)
include("${CUDAARCH_MODULES}/cudaarch_write_resource_spec.cmake")
cudaarch_write_resource_spec(gpus.json)
file(READ "${CMAKE_CURRENT_BINARY_DIR}/gpus.json" json)
string(REGEX MATCHALL "\"id\": \"[0-9]+\"" ids "${json}")
message(STATUS "RESULT [${ids}]")
