# SPDX-License-Identifier: Apache-2.0
# -DCMAKE_CUDA_FLAGS=-arch=sm_80 beside a 9.0a request, the call before project(): the warning
# names the flag, its place and the fix; the report's images and the library's target line are
# what the built file holds (sm_80 and compute_80 too, which the 9.0a kernel gets as well).
# CMake 3.18 (@3.18 files): after the same warning, its own CUDA compiler check refuses the
# list (it finds 80;90 built, -arch=sm_80 beside 90a-real, where the list names 90a-real), so
# the configure fails and nothing is built; a known difference of
# cmake.downstream.images_across_releases (tests/cmake/downstream/CMakeLists.txt).
include("${CMAKE_CURRENT_LIST_DIR}/../flags_case.cmake")
flags_case(ARGS -DREQUEST=9.0a -DSUPPORTED=9.0a -DCMAKE_CUDA_FLAGS=-arch=sm_80)
