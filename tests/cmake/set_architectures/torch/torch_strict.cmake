# SPDX-License-Identifier: Apache-2.0
# PyTorch's own spelling draws no warning.
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ENV "TORCH_CUDA_ARCH_LIST=7.5 Ampere" ARGS -DFROM_ENV=ON)
