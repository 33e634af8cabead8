# SPDX-License-Identifier: Apache-2.0
# Asserts that `cudaarch resolve <keyword>` gives exactly the images nvcc embeds for -arch=<keyword>.
#   cmake -DCUDAARCH=<cli> -DNVCC=<nvcc> -DKEYWORD=all-major -DWORK_DIR=<dir> -P keyword_matches_nvcc.cmake
cmake_minimum_required(VERSION 3.18)
file(MAKE_DIRECTORY "${WORK_DIR}")
file(WRITE "${WORK_DIR}/kernel.cu" "__global__ void kernel() {}\n")
execute_process(
  COMMAND "${NVCC}" --dryrun -c kernel.cu -o kernel.o -arch=${KEYWORD}
  WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NVCC} --dryrun -arch=${KEYWORD} failed:\n${out}")
endif()
# The fatbinary step lists each embedded image: --image3=kind=elf,sm=90 (SASS) or kind=ptx (PTX).
string(REGEX MATCHALL "--image3=kind=(elf|ptx),sm=[0-9]+[af]?" images "${out}")
set(numbers "")
foreach(image IN LISTS images)
  string(REGEX MATCH "kind=(elf|ptx),sm=([0-9]+[af]?)" _ "${image}")
  list(APPEND numbers ${CMAKE_MATCH_2})
  list(APPEND kinds_${CMAKE_MATCH_2} ${CMAKE_MATCH_1})
endforeach()
list(REMOVE_DUPLICATES numbers)
list(SORT numbers COMPARE NATURAL)
set(expected "")
foreach(n IN LISTS numbers)
  if("elf" IN_LIST kinds_${n} AND "ptx" IN_LIST kinds_${n})
    list(APPEND expected "${n}")
  elseif("elf" IN_LIST kinds_${n})
    list(APPEND expected "${n}-real")
  else()
    list(APPEND expected "${n}-virtual")
  endif()
endforeach()
execute_process(COMMAND "${CUDAARCH}" resolve --nvcc "${NVCC}" "${KEYWORD}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE got ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0 OR NOT got STREQUAL "${expected}")
  message(FATAL_ERROR "-arch=${KEYWORD} of ${NVCC} embeds\n  ${expected}\nbut cudaarch resolve gave (exit ${rc})\n  ${got}\n${err}")
endif()
message(STATUS "${KEYWORD}: ${got}")
