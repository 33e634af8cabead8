# SPDX-License-Identifier: Apache-2.0
# The case gpu_cuda_language, its project configured as this case's name says (configure_probe_build).
include("${CMAKE_CURRENT_LIST_DIR}/gpu_cuda_language.cmake")
