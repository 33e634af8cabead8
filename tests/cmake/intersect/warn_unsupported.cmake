# SPDX-License-Identifier: Apache-2.0
# WARN_UNSUPPORTED: one warning naming the request's images the kernel does not get (CUTLASS's
# warning for architectures the project does not support); the rest is built.
include("${CUDAARCH_MODULE}")
include("${CMAKE_CURRENT_LIST_DIR}/../../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")
cudaarch_intersect(a SUPPORTED 8.0 8.6 9.0a 10.0a KEEP EMBED SASS WARN_UNSUPPORTED
  REQUEST 75-real 80 90a-real 120-real COMPILER "${nvcc}")
cudaarch_intersect(b SUPPORTED 8.0 WARN_UNSUPPORTED REQUEST 80-real COMPILER "${nvcc}")
message(STATUS "[${a}] [${b}]")
