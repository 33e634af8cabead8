# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../standalone_prelude.cmake" NO_POLICY_SCOPE)
include("${CUDAARCH_MODULES}/cudaarch_add_verify_test.cmake")
standalone_tools()
cudaarch_add_verify_test(app EXPECT 80-real)
get_test_property(cudaarch_verify_app WORKING_DIRECTORY dir)
message(STATUS "RESULT [${dir}]")
