# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_parse(out "7.5;8.6" 9.0a FROM TORCH 120)
message(STATUS "[${out}]")

