# SPDX-License-Identifier: Apache-2.0
# Flags in CMAKE_CUDA_FLAGS_RELEASE and in the directory's compile options, the call after
# project():
# one warning per place, and the report's images those of all of them.
include("${CMAKE_CURRENT_LIST_DIR}/../flags_case.cmake")
flags_case(ARGS -DREQUEST=9.0 -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CUDA_FLAGS_RELEASE=-O3 -gencode=arch=compute_86,code=sm_86"
                "-DDIR_OPTION=--generate-code=arch=compute_75,code=[sm_75]" -DAFTER=ON)
