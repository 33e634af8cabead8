# SPDX-License-Identifier: Apache-2.0
# The static library of two translation units (two modules), both for sm_80 only: the build
# fails naming each module (two failing modules were once read as one module number, "12").
set(CASE_KIND two_modules)
include("${CMAKE_CURRENT_LIST_DIR}/static.cmake")
