# SPDX-License-Identifier: Apache-2.0
# An 8.0 program that links a prebuilt library built for 75-real;80-real;90-real: its module
# holds more images than asked and runs on 8.0; the build passes with a note, and the verify
# test passes (it failed: "extra: sm_75 sm_90").
set(CASE_KIND wide)
include("${CMAKE_CURRENT_LIST_DIR}/static.cmake")
