# SPDX-License-Identifier: Apache-2.0
# The project's own FLEET may be nvidia-smi's CSV, a row per line.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
cudaarch_set_architectures(FLEET "name, compute_cap\nTesla T4, 7.5\nNVIDIA A100, 8.0" COMPILER "${nvcc}")
message(STATUS "RESULT [${CMAKE_CUDA_ARCHITECTURES}]")
