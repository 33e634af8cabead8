# SPDX-License-Identifier: Apache-2.0
# Runs that listed no image at all (a runner that stopped writing images.txt): the test fails
# rather than pass having compared nothing.
set(WORK_DIR "${CMAKE_CURRENT_BINARY_DIR}/work")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}/polyfill/polyfill" "${WORK_DIR}/polyfill@4.4/polyfill")
set(RUNS "polyfill|" "polyfill|@4.4")
include("${CMAKE_CURRENT_LIST_DIR}/../compare.cmake")
