# SPDX-License-Identifier: Apache-2.0
# '75\;86' means the same in every channel (issue 22): FLEET took it for two GPUs, the others
# read the backslash.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
set(CUDAARCH_ARCHITECTURES "75\\;86" CACHE STRING "")
cudaarch_set_architectures(COMPILER "${nvcc}")
