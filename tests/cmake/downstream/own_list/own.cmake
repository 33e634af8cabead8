# SPDX-License-Identifier: Apache-2.0
# Targets with the directory's list (polyfilled where CMake cannot write 100f), with their own
# CUDA_ARCHITECTURES set before a cudaarch_target_architectures call, with only a call, and
# with only their own property: each file's images, CUDAARCH_BUILT_FOR and verify test
# describe one list. The notice of the target whose own list wins is on stderr.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../images.cmake")
downstream_path_without_nvcc(path)
get_filename_component(bin "${CASE_NVCC}" DIRECTORY)
set(build "${CMAKE_CURRENT_BINARY_DIR}/build")
set_architectures_case(RETURN c PROJECT "${CMAKE_CURRENT_LIST_DIR}" ENV ${downstream_unset_cuda} "PATH=${bin}:${path}"
  ARGS -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "-DCUDAARCH_CLI=${CASE_CUDAARCH}" "-DAFTER=${CASE_AFTER}")
downstream_print("${c_lines}" "-- CudaArch: (request|CUDA architectures)")
if(NOT c_stderr STREQUAL "")
  message("${c_stderr}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${build}" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
message(STATUS "BUILD rc=${rc}")
set(files "")
foreach(target IN ITEMS directory before family plain after)
  if(EXISTS "${build}/lib${target}.so")
    list(APPEND files "lib${target}.so")
  endif()
endforeach()
downstream_images("${build}" ${files})
downstream_built_for("${build}")
downstream_tests("${build}")
