# SPDX-License-Identifier: Apache-2.0
# A keyword these functions do not have is read as an architecture, and refused as one.
include("${CUDAARCH_MODULE}")
cudaarch_parse(out 75 FORMAT TORCH)

