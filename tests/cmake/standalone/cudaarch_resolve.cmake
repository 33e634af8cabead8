# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../standalone_prelude.cmake" NO_POLICY_SCOPE)
include("${CUDAARCH_MODULES}/cudaarch_resolve.cmake")
cudaarch_resolve(out native all-major COMPILER "${nvcc}")
message(STATUS "RESULT [${out}]")
