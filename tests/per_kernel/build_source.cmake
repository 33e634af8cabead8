# SPDX-License-Identifier: Apache-2.0
# Configures and builds tests/per_kernel/source_build with the CMake running this script and
# the real nvcc, and checks that libk.so holds one module per file with exactly its images:
# all.cu sm_80 sm_90, hopper.cu sm_90a (../examples/check_modules.cmake).
#   cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -DNVCC=<nvcc> -DCUDAARCH=<cudaarch> -P build_source.cmake
cmake_minimum_required(VERSION 3.18)
file(REMOVE_RECURSE "${WORK_DIR}")
foreach(step configure build)
  if(step STREQUAL "configure")
    set(command "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/tests/per_kernel/source_build" -B "${WORK_DIR}" -G Ninja
                "-DCMAKE_CUDA_COMPILER=${NVCC}" "-DCUDAARCH_SOURCE_DIR=${SOURCE_DIR}" -DCUDAARCH_QUIET=ON)
  else()
    set(command "${CMAKE_COMMAND}" --build "${WORK_DIR}")
  endif()
  execute_process(COMMAND ${command} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${step} failed:\n${out}${err}")
  endif()
endforeach()
execute_process(COMMAND "${CMAKE_COMMAND}" "-DFILE=${WORK_DIR}/libk.so" "-DCUDAARCH=${CUDAARCH}"
                "-DEXPECT=sm_80 sm_90|sm_90a" -P "${SOURCE_DIR}/tests/examples/check_modules.cmake" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the modules of libk.so are not as expected")
endif()
