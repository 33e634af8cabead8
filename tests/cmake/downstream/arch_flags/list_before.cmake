# SPDX-License-Identifier: Apache-2.0
# -DCMAKE_CUDA_FLAGS=-arch=sm_80 beside a 9.0a request, the call before project(): the warning
# names the flag, its place and the fix; the report's images and the library's target line are
# what the built file holds (sm_80 and compute_80 too, which the 9.0a kernel gets as well).
include("${CMAKE_CURRENT_LIST_DIR}/../flags_case.cmake")
flags_case(ARGS -DREQUEST=9.0a -DSUPPORTED=9.0a -DCMAKE_CUDA_FLAGS=-arch=sm_80)
