# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_parse(out "7.5 8.6+PTX" sm_90 "Tesla T4")
message(STATUS "[${out}]")

