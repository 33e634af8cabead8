# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../standalone_prelude.cmake" NO_POLICY_SCOPE)
include("${CUDAARCH_MODULES}/cudaarch_intersect.cmake")
cudaarch_intersect(out SUPPORTED 8.0 9.0a REQUEST 80-real 86-real 90-real COMPILER "${nvcc}")
message(STATUS "RESULT [${out}]")
