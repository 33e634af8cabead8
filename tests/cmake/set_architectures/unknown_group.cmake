# SPDX-License-Identifier: Apache-2.0
# cases.cmake refuses a case group it does not have, and one opened in a form that the
# registration would not see, instead of passing without running a case.
#   cmake -DWORK_DIR=<dir> -P unknown_group.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../testing.cmake")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(cases "${CMAKE_CURRENT_LIST_DIR}/cases.cmake")
set(known "order fleet native report targets language driver torch")

check_script(misspelt "set(CASES order\\;fleat)\ninclude(\"${cases}\")" 1 ""
  "Error: cases.cmake: unknown case group 'fleat'; the groups: ${known}\n")
check_script(none "set(CASES \"\")\ninclude(\"${cases}\")" 1 ""
  "Error: cases.cmake: no case group given; -DCASES=<group;...> from: ${known}\n")

# A group opened inside a condition of another form would be registered by no test.
file(WRITE "${WORK_DIR}/hidden_cases.cmake" "if(\"order\" IN_LIST CASES)\nendif()\nif(ON AND \"hidden\" IN_LIST CASES)\nendif()\n")
check_script(hidden "include(\"${CMAKE_CURRENT_LIST_DIR}/groups.cmake\")
cudaarch_test_case_groups(groups \"${WORK_DIR}/hidden_cases.cmake\")" 1 ""
  "Error: cases.cmake: a case group opens with a line `if(\"<group>\" IN_LIST CASES)` of its own, not `if(ON AND \"hidden\" IN_LIST CASES)`\n")
check_script(listed "include(\"${CMAKE_CURRENT_LIST_DIR}/groups.cmake\")
cudaarch_test_case_groups(groups \"${cases}\")
message(STATUS \"\${groups}\")" 0 "-- order;fleet;native;report;targets;language;driver;torch\n" "")
check_finish()
