# SPDX-License-Identifier: Apache-2.0
# A kernel's own PTX serves the GPUs no SASS of its list fits (vLLM's marlin, issue 39).
include("${CMAKE_CURRENT_LIST_DIR}/../target_project.cmake")
target_project("100f-real;120a-real")
cudaarch_target_architectures(k SUPPORTED 8.0+PTX COMPILER "${nvcc}")
target_print()
