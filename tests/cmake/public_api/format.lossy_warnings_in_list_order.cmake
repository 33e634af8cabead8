# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_format(out TORCH "9.0(8.0) 8.6(7.5)" ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")

