# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_parse(out "8.6(7.5)" 9.0)
message(STATUS "[${out}]")

