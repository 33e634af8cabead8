# SPDX-License-Identifier: Apache-2.0
# An error drops the warnings of the entries before it: nothing was written.
include("${CUDAARCH_MODULE}")
cudaarch_format(out TORCH "8.6(7.5) compute_90" ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")

