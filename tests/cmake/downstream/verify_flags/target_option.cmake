# SPDX-License-Identifier: Apache-2.0
# -gencode arch=compute_80,code=sm_80 in app's own compile options beside a 9.0 request, added
# after cudaarch_add_verify_test: the file holds sm_80 beside sm_90; the warnings name the
# target's options, and the list that keeps it is 80-real.
set(CASE_ENV "")
set(CASE_ARGS "-DTARGET_OPTION=SHELL:-gencode arch=compute_80,code=sm_80")
include("${CMAKE_CURRENT_LIST_DIR}/list_before.cmake")
