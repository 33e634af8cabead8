# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../standalone_prelude.cmake" NO_POLICY_SCOPE)
include("${CUDAARCH_MODULES}/cudaarch_set_architectures.cmake")
set(CUDAARCH_QUIET ON)
cudaarch_set_architectures(DEFAULT "75;86" COMPILER "${nvcc}")
message(STATUS "RESULT [${CMAKE_CUDA_ARCHITECTURES}]")
