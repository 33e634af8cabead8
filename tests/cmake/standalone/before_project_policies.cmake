# SPDX-License-Identifier: Apache-2.0
# CudaArchBeforeProject.cmake defines the internals it includes under the modules' policies too,
# so a cudaarch_set_architectures call after it still has them.
include("${CMAKE_CURRENT_LIST_DIR}/../standalone_prelude.cmake" NO_POLICY_SCOPE)
set(ENV{CUDAARCHS} 86)
include("${CUDAARCH_MODULES}/../CudaArchBeforeProject.cmake")
include("${CUDAARCH_MODULES}/cudaarch_set_architectures.cmake")
set(CUDAARCH_QUIET ON)
cudaarch_set_architectures(COMPILER "${nvcc}")
message(STATUS "RESULT [${CMAKE_CUDA_ARCHITECTURES}]")
