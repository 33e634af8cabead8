# SPDX-License-Identifier: Apache-2.0
# With the real nvcc (CASE_NVCC) first on PATH, the same project validates against it, builds
# the CUDA library with Ninja, whose compile gets the flags of sm_80.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_path_without_nvcc(path)
get_filename_component(bin "${CASE_NVCC}" DIRECTORY)
set_architectures_case(PROJECT "${CMAKE_CURRENT_LIST_DIR}" ENV ${downstream_unset_cuda} "PATH=${bin}:${path}"
  ARGS -G Ninja)
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${CMAKE_CURRENT_BINARY_DIR}/build" -- -v
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
string(REGEX MATCHALL "-gencode[= ]arch=compute_[0-9]+,code=[^ ]+|--generate-code=arch=compute_[0-9]+,code=[^ ]+" flags "${out}")
message(STATUS "BUILD rc=${rc} ${flags}")
