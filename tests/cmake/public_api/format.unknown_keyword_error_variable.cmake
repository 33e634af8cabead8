# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_format(out CMAKE 75 RESULT_VARIABLE x ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")

