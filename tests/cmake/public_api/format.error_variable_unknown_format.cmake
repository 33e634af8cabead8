# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_format(out XML 75 ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")

