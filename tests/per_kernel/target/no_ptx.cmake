# SPDX-License-Identifier: Apache-2.0
# NO_PTX: no PTX of the request's mapped onto the kernel (vLLM's allspark, issue 39).
include("${CMAKE_CURRENT_LIST_DIR}/../target_project.cmake")
target_project("89-real;90")
cudaarch_target_architectures(k SUPPORTED 8.0 8.6 8.9 NO_PTX COMPILER "${nvcc}")
target_print()
