# SPDX-License-Identifier: Apache-2.0
# The migration recipe of docs/migration.md on tests/cmake/placement/sample: both placements
# configure and build, and the build's VERIFY step checks the linked images; after
# project(), a user's 100f (which CMake < 3.31.10 rejects in its compiler check) still
# arrives through CudaArchBeforeProject.cmake.
#   cmake -DSOURCE_DIR=<repo> -DCUDAARCH_DIR=<CudaArch build> -DWORK_DIR=<dir> -DNVCC=<nvcc>
#         [-DGENERATOR=<generator, default Ninja>] -P migration.cmake
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/../testing.cmake")
if(NOT DEFINED GENERATOR)  # CMake's default on Linux is Unix Makefiles; the suite's is Ninja
  set(GENERATOR Ninja)
endif()
function(build name)
  cmake_parse_arguments(PARSE_ARGV 1 a "" "" "ARGS;EXPECT")
  file(REMOVE_RECURSE "${WORK_DIR}/${name}")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDAARCHS --unset=CUDAARCH_GPUS CUDA_VISIBLE_DEVICES=-1
            "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/tests/cmake/placement/sample" -B "${WORK_DIR}/${name}" -G "${GENERATOR}"
            "-DCMAKE_CUDA_COMPILER=${NVCC}" "-DCudaArch_DIR=${CUDAARCH_DIR}" ${a_ARGS}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc EQUAL 0)
    execute_process(COMMAND "${CMAKE_COMMAND}" --build "${WORK_DIR}/${name}" -j 1
                    RESULT_VARIABLE rc OUTPUT_VARIABLE build_out ERROR_VARIABLE build_err)
    string(APPEND out "${build_out}${build_err}")
  endif()
  check_output("${name}" "${rc}" 0 "${out}${err}" ${a_EXPECT})
endfunction()

build(before_project ARGS -DRECIPE=before_project
  EXPECT "-- CudaArch: CUDA architectures: 75;80;86;89;90 (" "-- CudaArch: VERIFY: 1 targets checked after each build (cudaarch_verify): vector_add"
         "CudaArch: verifying the images of vector_add")
build(after_project ARGS -DRECIPE=after_project -DCMAKE_CUDA_ARCHITECTURES=100f
      "-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=${SOURCE_DIR}/cmake/CudaArchBeforeProject.cmake"
  EXPECT "-- CudaArch: request '100f' from the user's CMAKE_CUDA_ARCHITECTURES"
         "CudaArch: verifying the images of vector_add")
check_finish()
