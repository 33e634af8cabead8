# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../standalone_prelude.cmake" NO_POLICY_SCOPE)
include("${CUDAARCH_MODULES}/cudaarch_supported.cmake")
cudaarch_supported(out COMPILER "${nvcc}" KIND VIRTUAL)
message(STATUS "RESULT [${out}]")
