# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_parse(out 7.5 sm_91)
message(STATUS "not reached")

