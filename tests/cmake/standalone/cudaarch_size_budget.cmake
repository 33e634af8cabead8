# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../standalone_prelude.cmake" NO_POLICY_SCOPE)
include("${CUDAARCH_MODULES}/cudaarch_size_budget.cmake")
standalone_tools()
cudaarch_size_budget(app MAX 100MB)
get_target_property(type cudaarch_size_budget_app TYPE)
message(STATUS "RESULT [${type}]")
