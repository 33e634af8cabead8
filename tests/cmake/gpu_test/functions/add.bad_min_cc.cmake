# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_add_gpu_test(NAME t COMMAND true MIN_CC "8.0 9.0")

