# SPDX-License-Identifier: Apache-2.0
# The same reached through native: the error names the command the user called.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
set(ENV{CUDAARCH_GPUS} ";;")
cudaarch_resolve(archs native COMPILER "${nvcc}")
