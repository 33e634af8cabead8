# SPDX-License-Identifier: Apache-2.0
# The sm_80-only library of static, reached through a package's INTERFACE target (pkg::pre,
# INTERFACE_LINK_LIBRARIES pre): the build fails naming the static library pre, not "a library
# linked by path or by a flag".
set(CASE_KIND package)
include("${CMAKE_CURRENT_LIST_DIR}/static.cmake")
