# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
set(a x)
set(b x)
cudaarch_parse(a)
cudaarch_parse(b "" ERROR_VARIABLE err)
message(STATUS "[${a}] [${b}] [${err}]")

