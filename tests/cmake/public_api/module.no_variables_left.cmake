# SPDX-License-Identifier: Apache-2.0
get_cmake_property(before VARIABLES)
include("${CUDAARCH_MODULE}")
include("${CUDAARCH_MODULE}")
cudaarch_format(out TORCH "8.6(7.5)" ERROR_VARIABLE err)
get_cmake_property(after VARIABLES)
# include() itself sets CMAKE_PARENT_LIST_FILE.
list(REMOVE_ITEM after ${before} before out err CMAKE_PARENT_LIST_FILE)
message(STATUS "[${after}]")

