# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
set(out junk)
cudaarch_resolve(out 7.5 "GTX 1080" COMPILER "${nvcc}" ERROR_VARIABLE err)
message(STATUS "[${out}] [${err}]")
