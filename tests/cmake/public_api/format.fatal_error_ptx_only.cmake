# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_format(out CLANG compute_90 FROM CMAKE)

