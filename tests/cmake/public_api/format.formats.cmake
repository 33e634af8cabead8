# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_format(gencode gencode 86)
cudaarch_format(opencv OPENCV "8.6(7.5)" 9.0)
cudaarch_format(torch Torch "75;90a-real" FROM CMAKE)
message(STATUS "${gencode}")
message(STATUS "${opencv}")
message(STATUS "${torch}")

