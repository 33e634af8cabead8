# SPDX-License-Identifier: Apache-2.0
# What every case of hostile/scripts/ and hostile/projects/ starts with: the modules (CudaArch.cmake,
# in a project or a script), no GPU and no architectures from the environment, a probe that
# finds no device, the report off, ${nvcc} a fake nvcc 13.0, and hostile_c_library() to add a
# C library k.
if(DEFINED CUDAARCH_MODULES)
  include("${CUDAARCH_MODULES}/../CudaArch.cmake")
else()
  include("${CUDAARCH_MODULE}")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")
unset(ENV{CUDAARCH_GPUS})
unset(ENV{CUDAARCHS})
set(ENV{CUDA_VISIBLE_DEVICES} -1)
set(CUDAARCH_QUIET ON)
set(_CUDAARCH_DETECT_PROBE_COMMAND "${CMAKE_COMMAND}" -E echo "status|no-device|none")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")

macro(hostile_c_library)
  enable_language(C)
  file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/k.c" "")
  add_library(k STATIC "${CMAKE_CURRENT_BINARY_DIR}/k.c")
endmacro()
