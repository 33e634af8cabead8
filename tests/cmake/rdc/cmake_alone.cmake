# SPDX-License-Identifier: Apache-2.0
# Whether one CMake, without CudaArch, builds 90a and 100f correctly with separable
# compilation (configure, build an rdc executable, cuobjdump its linked .nv_fatbin), and
# whether CudaArch agrees: it must write the suffix in CUDA_ARCHITECTURES exactly where CMake
# alone gets it right, and polyfill everywhere else. Prints one row of the table in
# docs/cmake-versions.md.
#   cmake -DTEST_CMAKE=<cmake under test> -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -DNVCC=<nvcc>
#         -DCUOBJDUMP=<cuobjdump> -P cmake_alone.cmake
cmake_minimum_required(VERSION 3.18)
if(NOT DEFINED GENERATOR)  # CMake's default on Linux is Unix Makefiles; the suite's is Ninja
  set(GENERATOR Ninja)
endif()
include("${CMAKE_CURRENT_LIST_DIR}/require_cuobjdump.cmake")
if(cuobjdump_missing)
  return()
endif()
execute_process(COMMAND "${TEST_CMAKE}" --version OUTPUT_VARIABLE version)
string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" version "${version}")

set(row "| ${version} |")
set(failures "")
foreach(spec IN ITEMS 90a 100f)
  set(build "${WORK_DIR}/${spec}")
  file(REMOVE_RECURSE "${build}")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDAARCHS "${TEST_CMAKE}" -S "${SOURCE_DIR}/tests/cmake/rdc/project"
            -B "${build}" -G "${GENERATOR}" -DPLAIN=ON "-DCMAKE_CUDA_ARCHITECTURES=${spec}" "-DCMAKE_CUDA_COMPILER=${NVCC}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    set(verdict "configure fails")
  else()
    execute_process(COMMAND "${TEST_CMAKE}" --build "${build}" --target app_directory -j 1
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    execute_process(COMMAND "${CUOBJDUMP}" "${build}/app_directory" OUTPUT_VARIABLE dump ERROR_QUIET)
    string(REGEX MATCHALL "Fatbin elf code:\n=+\narch = sm_[0-9]+[af]?" linked "${dump}")
    string(REGEX REPLACE "Fatbin elf code:\n=+\narch = " "" linked "${linked}")
    if(NOT rc EQUAL 0)
      set(verdict "build fails")
    elseif("${out}${err}" MATCHES "nvlink warning")
      set(verdict "nvlink warns, links ${linked}")
    elseif(NOT linked STREQUAL "sm_${spec}")
      set(verdict "links ${linked}")
    else()
      set(verdict "correct")
    endif()
  endif()
  # What CudaArch decides in that CMake.
  execute_process(COMMAND "${TEST_CMAKE}" "-DSPEC=${spec}-real" -P "${CMAKE_CURRENT_LIST_DIR}/can_express.cmake"
                  WORKING_DIRECTORY "${SOURCE_DIR}" OUTPUT_VARIABLE expressible ERROR_VARIABLE err)
  string(STRIP "${expressible}${err}" expressible)
  if(verdict STREQUAL "correct" AND expressible STREQUAL "TRUE")
    string(APPEND row " correct: CUDA_ARCHITECTURES |")
  elseif(NOT verdict STREQUAL "correct" AND expressible STREQUAL "FALSE")
    string(APPEND row " ${verdict}: polyfill |")
  else()
    string(APPEND failures "CMake ${version} alone with ${spec}: ${verdict}, yet CudaArch's can-express says ${expressible}\n")
  endif()
endforeach()
message("${row}")
if(failures)
  message(FATAL_ERROR "${failures}")
endif()
