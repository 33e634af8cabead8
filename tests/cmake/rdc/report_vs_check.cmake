# SPDX-License-Identifier: Apache-2.0
# The configure report's verdict for targets with separable compilation beside `cudaarch check`
# on the binaries they link. tests/cmake/rdc/project is configured for 75-real;80 with the GPUs faked
# by CUDAARCH_GPUS (no GPU needed) and built; for each GPU, the report's line on the rdc targets
# and check's verdict on app_directory and libshared_directory.so must name the same verdict,
# image and error: 7.5 and 8.6 native linked SASS, 9.0 JIT and load-time link of the
# relocatable compute_80 (the device link keeps no PTX), 7.0 no image, error 500.
#   cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -DNVCC=<nvcc> -DCUDAARCH=<cudaarch> -P report_vs_check.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON); cmake_language(DEFER) for the report
include("${CMAKE_CURRENT_LIST_DIR}/../../cli/check/check_verdict.cmake")
set(build "${WORK_DIR}/build")
file(REMOVE_RECURSE "${build}")
set(gpus 7.0 7.5 8.6 9.0)
execute_process(
  COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDAARCHS "CUDAARCH_GPUS=7.0;7.5;8.6;9.0"
          "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/tests/cmake/rdc/project" -B "${build}" -G Ninja
          "-DCMAKE_CUDA_COMPILER=${NVCC}" "-DCUDAARCH_SOURCE_DIR=${SOURCE_DIR}" "-DCUDAARCH_ARCHITECTURES=75-real;80"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configure failed:\n${out}${err}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${build}" -j 1 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "build failed:\n${out}${err}")
endif()
# The report's lines as a list: their own ';' become ','.
file(READ "${build}/cudaarch-report.txt" report)
string(REPLACE ";" "," report "${report}")
string(REPLACE "\n" ";" report "${report}")

# The report's words as check's verdict, image and error ("-" and 0 where there is none).
function(report_verdict out_var text)
  if(text MATCHES "^native linked SASS \\((sm_[0-9]+[af]?)\\)$")
    set(verdict "native ${CMAKE_MATCH_1} 0")
  elseif(text MATCHES "^load-time link of relocatable (sm_[0-9]+[af]?):")
    set(verdict "link_sass ${CMAKE_MATCH_1} 0")
  elseif(text MATCHES "^JIT and load-time link of relocatable (compute_[0-9]+[af]?):")
    set(verdict "link_ptx ${CMAKE_MATCH_1} 0")
  elseif(text MATCHES "^cannot run this build: no kernel image \\(error ([0-9]+)")
    set(verdict "no_image - ${CMAKE_MATCH_1}")
  else()
    set(verdict "unrecognised: ${text}")
  endif()
  set(${out_var} "${verdict}" PARENT_SCOPE)
endfunction()

set(failures "")
set(compared 0)
foreach(gpu IN LISTS gpus)
  set(lines "")
  foreach(line IN LISTS report)
    if(line MATCHES "^GPU ${gpu} \\(CUDAARCH_GPUS\\), separable compilation \\(app_directory, shared_directory\\): (.*)$")
      list(APPEND lines "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  list(LENGTH lines count)
  if(NOT count EQUAL 1)
    string(APPEND failures "GPU ${gpu}: ${count} report lines on the rdc targets, expected 1:\n${report}\n")
    continue()
  endif()
  report_verdict(predicted "${lines}")
  foreach(file IN ITEMS app_directory libshared_directory.so)
    execute_process(COMMAND "${CMAKE_COMMAND}" -E env CUDAARCH_LIBCUDA=/nonexistent/libcuda.so.1
                            "${CUDAARCH}" check --json --gpu ${gpu} "${build}/${file}" OUTPUT_VARIABLE json)
    check_verdict(verdict "${json}" 0)
    message(STATUS "GPU ${gpu}: report: ${lines} | check ${file}: ${verdict}")
    if(NOT predicted STREQUAL verdict)
      string(APPEND failures "GPU ${gpu}: the report predicts '${predicted}' (${lines}), check says '${verdict}' on ${file}\n")
    endif()
    math(EXPR compared "${compared} + 1")
  endforeach()
endforeach()
check_verdicts_agree("${failures}" ${compared} "the report")
