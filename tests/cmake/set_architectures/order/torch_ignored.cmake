# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ENV TORCH_CUDA_ARCH_LIST=8.6 ARGS -DDEFAULT=T4)
