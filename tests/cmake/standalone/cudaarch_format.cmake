# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../standalone_prelude.cmake" NO_POLICY_SCOPE)
include("${CUDAARCH_MODULES}/cudaarch_format.cmake")
cudaarch_format(out TORCH 75 86-real)
message(STATUS "RESULT [${out}]")
