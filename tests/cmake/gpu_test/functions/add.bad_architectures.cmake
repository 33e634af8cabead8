# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_add_gpu_test(NAME t COMMAND true ARCHITECTURES sm_91)

