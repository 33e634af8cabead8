# SPDX-License-Identifier: Apache-2.0
# CMake itself as the compiler: it answers --version, but not with nvcc's 'release X.Y'. Run
# through a link in the case's folder, so that the error names the same path on every CMake.
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
file(CREATE_LINK "${CMAKE_COMMAND}" "${CMAKE_CURRENT_BINARY_DIR}/cmake" SYMBOLIC)
cudaarch_resolve(out 75 COMPILER "${CMAKE_CURRENT_BINARY_DIR}/cmake")
