# SPDX-License-Identifier: Apache-2.0
# As wide, the library linked after cudaarch_add_verify_test(linked::app), an ALIAS of app: the
# test judges it as a linked library's module, not the program's own, and passes (it failed:
# "extra: sm_75 sm_90").
set(CASE_KIND after)
include("${CMAKE_CURRENT_LIST_DIR}/static.cmake")
