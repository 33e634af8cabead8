# SPDX-License-Identifier: Apache-2.0
# The examples of cudaarch_intersect's doc block for issue 39 item 5: KEEP never re-spells the
# request's images, SUFFIX adds one at named capabilities, EMBED sets the kinds.
include("${CUDAARCH_MODULE}")
include("${CMAKE_CURRENT_LIST_DIR}/../../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")
cudaarch_intersect(a MINIMUM 8.0 KEEP REQUEST 75-real 80-real 90a-real 100f-real 120 COMPILER "${nvcc}")
cudaarch_intersect(b MINIMUM 8.0 REQUEST 75-real 80-real 90a-real 100f-real 120 COMPILER "${nvcc}")
cudaarch_intersect(c SUPPORTED 7.5 8.0 8.6 8.9 9.0 12.0a 12.1a KEEP SUFFIX 12.0a 12.1a
  REQUEST 86-real 90a-real 120-real 121-real COMPILER "${nvcc}")
cudaarch_intersect(d MINIMUM 7.5 KEEP EMBED HIGHEST_PTX REQUEST 75 86 90 COMPILER "${nvcc}")
cudaarch_intersect(e SUPPORTED 8.0 9.0 9.0a KEEP EMBED sass REQUEST 80-virtual 90a COMPILER "${nvcc}")
cudaarch_intersect(f SUPPORTED 8.0 9.0 KEEP EMBED PTX REQUEST 80-real 90-real COMPILER "${nvcc}")
message(STATUS "[${a}] [${b}] [${c}] [${d}] [${e}] [${f}]")
