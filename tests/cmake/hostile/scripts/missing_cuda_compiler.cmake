# SPDX-License-Identifier: Apache-2.0
# The user's compiler is used or refused, never replaced by the nvcc on PATH.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
set(CMAKE_CUDA_COMPILER "/nonexistent/bin/nvcc")
cudaarch_supported(out)
