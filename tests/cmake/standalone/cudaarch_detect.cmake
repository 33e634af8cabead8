# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../standalone_prelude.cmake" NO_POLICY_SCOPE)
include("${CUDAARCH_MODULES}/cudaarch_detect.cmake")
cudaarch_detect(out DEVICES devices)
message(STATUS "RESULT [${out}] [${devices}]")
