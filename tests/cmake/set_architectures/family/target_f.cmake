# SPDX-License-Identifier: Apache-2.0
# A target's 'f' list: its CUDA_ARCHITECTURES, or OFF and -gencode flags where this CMake
# cannot write it (../family_polyfill/; tests/cmake/rdc/cmake_alone.cmake measures where).
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ARGS -DDEFAULT=86 -DTARGET_SPEC=sm_100f)
