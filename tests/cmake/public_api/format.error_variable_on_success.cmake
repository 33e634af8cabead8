# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
set(err junk)
cudaarch_format(out TORCH 75 ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")

