# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
resolve_probe(two)
cudaarch_resolve(out -arch=native COMPILER "${nvcc}" POLICY WARN NATIVE_PTX)
message(STATUS "[${out}]")
