# SPDX-License-Identifier: Apache-2.0
# A user's CMAKE_CUDA_ARCHITECTURES that CMake's compiler check rejects (native before 3.24,
# 90a;100f on 3.24 to 4.0.1, sm_90a on every release) reaches the project's
# cudaarch_set_architectures after project() through CudaArchBeforeProject.cmake: through
# CMAKE_PROJECT_TOP_LEVEL_INCLUDES from CMake 3.24, through include() before project() below.
#   cmake -DTEST_CMAKE=<cmake under test> -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -DNVCC=<nvcc>
#         [-DGENERATOR=<generator, default Ninja>] -P placement.cmake
cmake_minimum_required(VERSION 3.18)
if(NOT DEFINED GENERATOR)  # CMake's default on Linux is Unix Makefiles; the suite's is Ninja
  set(GENERATOR Ninja)
endif()
execute_process(COMMAND "${TEST_CMAKE}" --version OUTPUT_VARIABLE version)
string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" version "${version}")
set(hook "-DBEFORE_PROJECT_INCLUDE=ON")
if(version VERSION_GREATER_EQUAL 3.24)
  set(hook "-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=${SOURCE_DIR}/cmake/CudaArchBeforeProject.cmake")
endif()
# What CudaArch writes in that CMake for a list with suffixes: the list, or OFF under the
# polyfill.
function(written out_var spec)
  execute_process(COMMAND "${TEST_CMAKE}" "-DSPEC=${spec}" -P "${SOURCE_DIR}/tests/cmake/rdc/can_express.cmake"
                  OUTPUT_VARIABLE writes ERROR_VARIABLE writes)
  string(STRIP "${writes}" writes)
  set(${out_var} OFF PARENT_SCOPE)
  if(writes STREQUAL "TRUE")
    set(${out_var} "${spec}" PARENT_SCOPE)
  endif()
endfunction()
written(suffixes_value "90a;100f")
written(hopper_value "90a-real")

include("${CMAKE_CURRENT_LIST_DIR}/../testing.cmake")
function(configure name rc_expected)
  cmake_parse_arguments(PARSE_ARGV 2 a "" "" "ARGS;EXPECT")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDAARCHS --unset=CUDAARCH_GPUS CUDA_VISIBLE_DEVICES=-1
            "${TEST_CMAKE}" -S "${SOURCE_DIR}/tests/cmake/placement/project" -B "${WORK_DIR}/${name}" -G "${GENERATOR}"
            "-DCMAKE_CUDA_COMPILER=${NVCC}" "-DCUDAARCH_SOURCE_DIR=${SOURCE_DIR}" ${a_ARGS}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  check_output("${name}" "${rc}" "${rc_expected}" "${out}${err}" ${a_EXPECT})
endfunction()

set(all_major "75-real;80-real;90-real;100-real;110-real;120")
configure(native 0 ARGS "${hook}" -DCMAKE_CUDA_ARCHITECTURES=native
  EXPECT "request 'native' from the user's CMAKE_CUDA_ARCHITECTURES" "-- RESULT [${all_major}] [${all_major}]")
configure(suffixes 0 ARGS "${hook}" "-DCMAKE_CUDA_ARCHITECTURES=90a;100f"
  EXPECT "request '90a;100f' from the user's CMAKE_CUDA_ARCHITECTURES" "-- RESULT [${suffixes_value}] [90a;100f]")
configure(notation 0 ARGS "${hook}" -DCMAKE_CUDA_ARCHITECTURES=sm_90a
  EXPECT "-- CudaArch: CMAKE_CUDA_ARCHITECTURES='sm_90a' set aside: CMake ${version}'s compiler check would reject it, cudaarch_set_architectures resolves it"
         "-- RESULT [${hopper_value}] [90a-real]")
if(version VERSION_GREATER_EQUAL 3.19)  # before, no DEFER: nothing can notice the missing call
  configure(not_taken 1 ARGS "${hook}" -DCMAKE_CUDA_ARCHITECTURES=sm_90a -DNO_CALL=ON
    EXPECT "CudaArchBeforeProject: CMAKE_CUDA_ARCHITECTURES='sm_90a' was kept from CMake's compiler check, but no cudaarch_set_architectures() call took it")
endif()
check_finish()
