# SPDX-License-Identifier: Apache-2.0
# No nvcc anywhere CMake looks (PATH without it, no CUDACXX or CUDA_PATH): one report line,
# and the project configures CPU-only.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_path_without_nvcc(path)
set_architectures_case(PROJECT "${CMAKE_CURRENT_LIST_DIR}" ENV ${downstream_unset_cuda} "PATH=${path}" ARGS -G Ninja)
