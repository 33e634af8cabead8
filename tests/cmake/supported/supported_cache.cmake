# SPDX-License-Identifier: Apache-2.0
# cudaarch_supported asks nvcc once per compiler: a second configure starts no nvcc.
#   cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -P supported_cache.cmake
cmake_minimum_required(VERSION 3.18)
set(log "${WORK_DIR}/nvcc-calls.log")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}/project")
# An nvcc 12.8 stand-in that records every call.
file(WRITE "${WORK_DIR}/nvcc.in" "#!/bin/sh\nCUDAARCH_FAKE_NVCC_LOG='${log}' exec '${SOURCE_DIR}/tests/toolkits/fake-nvcc.sh' '${SOURCE_DIR}/tests/toolkits/fixtures/nvcc-12.8' \"$@\"\n")
file(COPY "${WORK_DIR}/nvcc.in" DESTINATION "${WORK_DIR}/bin"
  FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
file(WRITE "${WORK_DIR}/project/CMakeLists.txt" "
cmake_minimum_required(VERSION 3.18)
project(supported_cache NONE)
include(\"${SOURCE_DIR}/cmake/CudaArch.cmake\")
cudaarch_supported(real COMPILER \"${WORK_DIR}/bin/nvcc.in\")
cudaarch_supported(virtual COMPILER \"${WORK_DIR}/bin/nvcc.in\" KIND VIRTUAL)
message(STATUS \"real: \${real}\")
message(STATUS \"virtual: \${virtual}\")
")
set(expected_list "50;52;53;60;61;62;70;72;75;80;86;87;89;90;90a;100;100a;101;101a;120;120a")
foreach(run IN ITEMS first second)
  execute_process(COMMAND "${CMAKE_COMMAND}" -S "${WORK_DIR}/project" -B "${WORK_DIR}/build"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${run} configure failed:\n${out}${err}")
  endif()
  foreach(kind IN ITEMS real virtual)
    string(FIND "${out}" "-- ${kind}: ${expected_list}\n" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${run} configure: expected '${kind}: ${expected_list}' in:\n${out}")
    endif()
  endforeach()
  file(STRINGS "${log}" calls)
  list(LENGTH calls count)
  if(NOT count EQUAL 4)
    message(FATAL_ERROR "after the ${run} configure nvcc ran ${count} times, expected 4 (one per question):\n${calls}")
  endif()
endforeach()
