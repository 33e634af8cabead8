# SPDX-License-Identifier: Apache-2.0
# Configures and builds tests/package/consumer against CudaArch found one way, and checks
# what it printed.
#   cmake -DHOW=build-tree|install|subdirectory|fetchcontent -DSOURCE_DIR=<repo> -DBUILD_DIR=<CudaArch build>
#         -DWORK_DIR=<dir> -DVERSION=<x.y.z> [-DUSES_CLI=OFF] -P find_package.cmake
# USES_CLI=OFF: the consumer does not run CudaArch::cudaarch, so a subproject builds
# nothing (the CMake version matrix shares the one CLI build of the default run).
cmake_minimum_required(VERSION 3.18)
file(REMOVE_RECURSE "${WORK_DIR}")
if(NOT DEFINED USES_CLI)
  set(USES_CLI ON)
endif()
set(args -S "${SOURCE_DIR}/tests/package/consumer" -B "${WORK_DIR}/consumer" -G Ninja "-DCONSUMER_USES_CLI=${USES_CLI}")
if(HOW STREQUAL "build-tree")
  list(APPEND args -DCUDAARCH_HOW=package "-DCudaArch_DIR=${BUILD_DIR}")
elseif(HOW STREQUAL "install")
  # Install, then move the prefix: a relocatable package still works.
  execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${WORK_DIR}/staging"
    RESULT_VARIABLE rc OUTPUT_QUIET)
  file(RENAME "${WORK_DIR}/staging" "${WORK_DIR}/moved")
  list(APPEND args -DCUDAARCH_HOW=package "-DCMAKE_PREFIX_PATH=${WORK_DIR}/moved")
else()
  list(APPEND args "-DCUDAARCH_HOW=${HOW}" "-DCUDAARCH_SOURCE_DIR=${SOURCE_DIR}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configure failed:\n${out}${err}")
endif()
foreach(line IN ITEMS "-- consumer: TORCH 7.5 8.6+PTX" "-- consumer: CudaArch::cudaarch found")
  string(FIND "${out}" "${line}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected '${line}' in:\n${out}")
  endif()
endforeach()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${WORK_DIR}/consumer" -v RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "-gencode=arch=compute_75,code=sm_75" at)
if(NOT rc EQUAL 0 OR (USES_CLI AND at EQUAL -1))
  message(FATAL_ERROR "build failed or CudaArch::cudaarch printed nothing:\n${out}${err}")
endif()
file(GLOB absolute "${WORK_DIR}/moved/lib/cmake/CudaArch/*.cmake")
foreach(file IN LISTS absolute)
  file(READ "${file}" text)
  string(FIND "${text}" "${WORK_DIR}/staging" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "${file} holds the absolute install path")
  endif()
endforeach()

# Before 1.0 only the same minor release is compatible: the consumer's request for this
# minor (tests/package/consumer) is found, the minors before and after it are not.
if(HOW STREQUAL "install")
  string(REGEX MATCH "^0\\.([0-9]+)\\." _ "${VERSION}")
  math(EXPR before "${CMAKE_MATCH_1} - 1")
  math(EXPR after "${CMAKE_MATCH_1} + 1")
  string(REPLACE "." "\\." version_pattern "${VERSION}")
  foreach(request IN ITEMS 0.${before} 0.${after})
    execute_process(COMMAND "${CMAKE_COMMAND}" "-DCONSUMER_REQUESTS=${request}" "${WORK_DIR}/consumer"
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(rc EQUAL 0 OR NOT err MATCHES "compatible with requested version \"${request}\".*version: ${version_pattern}")
      message(FATAL_ERROR "find_package(CudaArch ${request}) accepted ${VERSION} (${rc}):\n${out}${err}")
    endif()
  endforeach()
endif()
