# SPDX-License-Identifier: Apache-2.0
# Built with Ninja: the part's report (its cudaarch-report.txt) names the superbuild's list as
# the user's request.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(GENERATORS Ninja SHOW kernels-prefix/src/kernels-build/cudaarch-report.txt)
