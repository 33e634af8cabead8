# SPDX-License-Identifier: Apache-2.0
# REQUIRED keeps the error on a machine without nvcc.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_path_without_nvcc(path)
set_architectures_case(PROJECT "${CMAKE_CURRENT_LIST_DIR}" ENV ${downstream_unset_cuda} "PATH=${path}"
  ARGS -G Ninja -DREQUIRE=ON)
