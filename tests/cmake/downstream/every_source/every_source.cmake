# SPDX-License-Identifier: Apache-2.0
# A Release build with Ninja and the real nvcc (CASE_NVCC): each object file of ops holds the
# target's list (sm_80), but hopper.cu, which holds its own (sm_90a).
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../images.cmake")
downstream_path_without_nvcc(path)
get_filename_component(bin "${CASE_NVCC}" DIRECTORY)
set(build "${CMAKE_CURRENT_BINARY_DIR}/build")
set_architectures_case(RETURN c PROJECT "${CMAKE_CURRENT_LIST_DIR}" ENV ${downstream_unset_cuda} "PATH=${bin}:${path}"
  ARGS -G Ninja -DCMAKE_BUILD_TYPE=Release)
downstream_print("${c_lines}" "-- CudaArch: (request|CUDA architectures|target)")
if(NOT c_rc EQUAL 0)
  message(FATAL_ERROR "configure failed:\n${c_stderr}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${build}" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
message(STATUS "BUILD rc=${rc}")
downstream_images("${build}" CMakeFiles/ops.dir/own.cu.o CMakeFiles/ops.dir/hopper.cu.o CMakeFiles/ops.dir/gen.cu.o
                  CMakeFiles/ops.dir/iface.cu.o)
