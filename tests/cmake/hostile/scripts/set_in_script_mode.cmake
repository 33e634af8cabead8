# SPDX-License-Identifier: Apache-2.0
# Script mode, as the documentation says.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
cudaarch_set_architectures(DEFAULT 86 COMPILER "${nvcc}")
message(STATUS "[${CMAKE_CUDA_ARCHITECTURES}]")
