# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
set(out junk)
cudaarch_parse(out sm_91 ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")

