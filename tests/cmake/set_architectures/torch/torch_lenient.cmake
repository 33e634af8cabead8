# SPDX-License-Identifier: Apache-2.0
# TORCH_CUDA_ARCH_LIST in a spelling PyTorch 2.11 would reject: read, with a warning.
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ENV "TORCH_CUDA_ARCH_LIST=75,8.6+ptx" ARGS -DFROM_ENV=ON)
