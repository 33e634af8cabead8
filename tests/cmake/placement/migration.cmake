# SPDX-License-Identifier: Apache-2.0
# The migration recipe of docs/migration.md on tests/cmake/placement/sample: both placements
# configure and build, and the build's VERIFY step checks the linked images; after
# project(), a user's 100f (which CMake < 3.31.10 rejects in its compiler check) still
# arrives through CudaArchBeforeProject.cmake. Under Ninja Multi-Config each placement is
# built in Debug and in Release, each build running VERIFY, and once more in one
# cross-configuration build.
#   cmake -DSOURCE_DIR=<repo> -DCUDAARCH_DIR=<CudaArch build> -DWORK_DIR=<dir> -DNVCC=<nvcc>
#         [-DGENERATOR=<generator, default Ninja>] -P migration.cmake
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/../testing.cmake")
if(NOT DEFINED GENERATOR)  # CMake's default on Linux is Unix Makefiles; the suite's is Ninja
  set(GENERATOR Ninja)
endif()
set(configs default)  # the one configuration of a single-configuration generator
set(config_args "")
if(GENERATOR STREQUAL "Ninja Multi-Config")
  set(configs Debug Release)
  # A list in a -D argument would be split on its way through a CMake list: a preload file.
  file(WRITE "${WORK_DIR}/configs.cmake" "set(CMAKE_CONFIGURATION_TYPES Debug Release CACHE STRING \"\")\n")
  set(config_args -C "${WORK_DIR}/configs.cmake")
endif()
set(sample "${SOURCE_DIR}/tests/cmake/placement/sample")
function(build name)
  cmake_parse_arguments(PARSE_ARGV 1 a "" "" "ARGS;EXPECT")
  file(REMOVE_RECURSE "${WORK_DIR}/${name}")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDAARCHS --unset=CUDAARCH_GPUS CUDA_VISIBLE_DEVICES=-1
            "${CMAKE_COMMAND}" -S "${sample}" -B "${WORK_DIR}/${name}" -G "${GENERATOR}"
            "-DCMAKE_CUDA_COMPILER=${NVCC}" "-DCudaArch_DIR=${CUDAARCH_DIR}" ${config_args} ${a_ARGS}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  check_output("${name}" "${rc}" 0 "${out}${err}" ${a_EXPECT})
  foreach(config IN LISTS configs)
    if(NOT rc EQUAL 0)
      break()
    endif()
    set(build_config "")
    if(NOT config STREQUAL "default")
      set(build_config --config ${config})
    endif()
    execute_process(COMMAND "${CMAKE_COMMAND}" --build "${WORK_DIR}/${name}" -j 1 ${build_config}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE build_out ERROR_VARIABLE build_err)
    check_output("${name} build ${config}" "${rc}" 0 "${build_out}${build_err}" "CudaArch: verifying the images of vector_add")
  endforeach()
endfunction()

build(before_project ARGS -DRECIPE=before_project
  EXPECT "-- CudaArch: CUDA architectures: 75;80;86;89;90 (" "-- CudaArch: VERIFY: 1 targets checked after each build (cudaarch_verify): vector_add")
build(after_project ARGS -DRECIPE=after_project -DCMAKE_CUDA_ARCHITECTURES=100f
      "-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=${SOURCE_DIR}/cmake/CudaArchBeforeProject.cmake"
  EXPECT "-- CudaArch: request '100f' from the user's CMAKE_CUDA_ARCHITECTURES")
# Both configurations in one build (Ninja Multi-Config's cross-configuration mode): each
# configuration's file is checked once it is linked, so the step runs twice.
if(GENERATOR STREQUAL "Ninja Multi-Config")
  set(work "${WORK_DIR}/cross_configs")
  file(REMOVE_RECURSE "${work}")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDAARCHS --unset=CUDAARCH_GPUS CUDA_VISIBLE_DEVICES=-1
            "${CMAKE_COMMAND}" -S "${sample}" -B "${work}" -G "${GENERATOR}"
            "-DCMAKE_CUDA_COMPILER=${NVCC}" "-DCudaArch_DIR=${CUDAARCH_DIR}" ${config_args} -DRECIPE=before_project
            -DCMAKE_CROSS_CONFIGS=all -DCMAKE_DEFAULT_CONFIGS=all
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc EQUAL 0)
    execute_process(COMMAND "${CMAKE_COMMAND}" --build "${work}" -j 1 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  endif()
  string(REGEX MATCHALL "CudaArch: verifying the images of vector_add" steps "${out}")
  list(LENGTH steps count)
  check_equal("cross_configs: exit code and VERIFY steps" "${rc} ${count}" "0 2")
endif()
check_finish()
