# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ENV "CUDAARCH_GPUS=A100,RTX 4090" ARGS -DNATIVE_PTX=ON)
