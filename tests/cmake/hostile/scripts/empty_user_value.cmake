# SPDX-License-Identifier: Apache-2.0
# Empty results stop where they arise, naming the cause.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
set(CMAKE_CUDA_ARCHITECTURES ";;")
cudaarch_set_architectures(DEFAULT 86 COMPILER "${nvcc}")
