# SPDX-License-Identifier: Apache-2.0
# Configures with the real nvcc (CASE_NVCC) first on PATH and builds with Ninja; prints the
# request, the check's answer and the images of the library and the project's target. The
# report line on the polyfill itself is left out: only the releases that need it print it.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../images.cmake")
downstream_path_without_nvcc(path)
get_filename_component(bin "${CASE_NVCC}" DIRECTORY)
set_architectures_case(RETURN c PROJECT "${CMAKE_CURRENT_LIST_DIR}"
  ENV ${downstream_unset_cuda} "PATH=${bin}:${path}" ARGS -G Ninja)
downstream_print("${c_lines}" "-- (CudaArch: (request|CUDA architectures)|[A-Z]+ )")
if(NOT c_rc EQUAL 0)
  message(FATAL_ERROR "configure failed:\n${c_stderr}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${CMAKE_CURRENT_BINARY_DIR}/build"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
message(STATUS "BUILD rc=${rc}")
downstream_images("${CMAKE_CURRENT_BINARY_DIR}/build" vendored/libvendored.so libown.so)
