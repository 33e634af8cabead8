# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_format(out GENCODE "8.6(7.5)")
message(STATUS "${out}")

