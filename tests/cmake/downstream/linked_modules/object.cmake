# SPDX-License-Identifier: Apache-2.0
# The same through an OBJECT library with its own 80-real, used as $<TARGET_OBJECTS:objs>:
# the build fails naming the object library.
set(CASE_KIND object)
include("${CMAKE_CURRENT_LIST_DIR}/static.cmake")
