# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_format(out TF "sm_8.6")

