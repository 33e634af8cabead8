# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../standalone_prelude.cmake" NO_POLICY_SCOPE)
include("${CUDAARCH_MODULES}/cudaarch_add_gpu_test.cmake")
standalone_tools()
cudaarch_add_gpu_test(NAME t COMMAND app MIN_CC 8.0)
get_test_property(t LABELS labels)
message(STATUS "RESULT [${labels}]")
