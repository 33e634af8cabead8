# SPDX-License-Identifier: Apache-2.0
# Asserts that `cudaarch resolve` refuses exactly the -gencode pairs that nvcc refuses for SASS
# of one capability both plain and family-specific ("The same GPU code (`sm_100f`) generated
# for non family-specific and family-specific GPU arch"), and accepts the neighbours nvcc
# builds: each pair is compiled by the real nvcc and resolved by the CLI.
#   cmake -DCUDAARCH=<cli> -DNVCC=<nvcc> -DWORK_DIR=<dir> -P pairs_match_nvcc.cmake
cmake_minimum_required(VERSION 3.18)
file(MAKE_DIRECTORY "${WORK_DIR}")
file(WRITE "${WORK_DIR}/kernel.cu" "__global__ void kernel() {}\n")
# Refused by nvcc 13.0 (the first four), then accepted by it.
set(pairs
  "arch=compute_100,code=sm_100|arch=compute_100f,code=sm_100f"
  "arch=compute_103,code=sm_103|arch=compute_100f,code=sm_103f"
  "arch=compute_103,code=sm_103|arch=compute_103f,code=sm_103f"
  "arch=compute_120,code=sm_120|arch=compute_120f,code=sm_120f"
  "arch=compute_100,code=compute_100|arch=compute_100f,code=sm_100f"
  "arch=compute_100,code=sm_100|arch=compute_100f,code=compute_100f"
  "arch=compute_100a,code=sm_100a|arch=compute_100f,code=sm_100f"
  "arch=compute_103,code=sm_103|arch=compute_100f,code=sm_100f")
set(failures "")
set(refused 0)
set(accepted 0)
foreach(pair IN LISTS pairs)
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 first)
  list(GET pair 1 second)
  set(flags "-gencode ${first} -gencode ${second}")
  execute_process(
    COMMAND "${NVCC}" -gencode ${first} -gencode ${second} -c kernel.cu -o kernel.o
    WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE nvcc_rc OUTPUT_VARIABLE nvcc_out ERROR_VARIABLE nvcc_out)
  execute_process(COMMAND "${CUDAARCH}" resolve --nvcc "${NVCC}" "${flags}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(nvcc_rc EQUAL 0)
    math(EXPR accepted "${accepted} + 1")
    if(NOT rc EQUAL 0)
      string(APPEND failures "${flags}: nvcc builds it, cudaarch resolve refuses it (exit ${rc}):\n${err}\n")
    endif()
  else()
    math(EXPR refused "${refused} + 1")
    if(NOT nvcc_out MATCHES "The same GPU code \\(`sm_[0-9]+f`\\) generated for non family-specific and")
      string(APPEND failures "${flags}: nvcc refuses it for another reason:\n${nvcc_out}\n")
    elseif(NOT rc EQUAL 2 OR NOT err MATCHES "the same GPU code plain and family-specific, which nvcc refuses")
      string(APPEND failures "${flags}: nvcc refuses it, cudaarch resolve gives (exit ${rc}) ${out}${err}\n")
    endif()
  endif()
  message(STATUS "${flags}: nvcc exit ${nvcc_rc}, cudaarch exit ${rc}")
endforeach()
if(refused EQUAL 0 OR accepted EQUAL 0)
  string(APPEND failures "nvcc refused ${refused} and accepted ${accepted} of the pairs; the test needs both.\n")
endif()
if(NOT failures STREQUAL "")
  message(FATAL_ERROR "${failures}")
endif()
