# SPDX-License-Identifier: Apache-2.0
# A keyword with FROM and ERROR_VARIABLE: the engine must not read the caller's ARGV4
# ("TORCH", "CMAKE") as its keyword expander.
include("${CUDAARCH_MODULE}")
cudaarch_parse(out all FROM TORCH ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
cudaarch_format(out TORCH native FROM CMAKE ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
cudaarch_format(out CMAKE all-major FROM OPENCV ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")

