# SPDX-License-Identifier: Apache-2.0
# A group opened inside a condition of another form would be registered by no test.
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/hidden_cases.cmake"
     "if(\"order\" IN_LIST CASES)\nendif()\nif(ON AND \"hidden\" IN_LIST CASES)\nendif()\n")
include("${CMAKE_CURRENT_LIST_DIR}/../groups.cmake")
cudaarch_test_case_groups(groups "${CMAKE_CURRENT_BINARY_DIR}/hidden_cases.cmake")
