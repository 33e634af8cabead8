# SPDX-License-Identifier: Apache-2.0
# The precedence matrix of docs/resolution-order.md: each place a user names architectures,
# against CUDAARCHS=90 in the environment (or, for CUDAARCHS itself, the project's DEFAULT
# 75), with cudaarch_set_architectures called before and after project(). Each cell
# configures tests/cmake/set_architectures/precedence with the real nvcc and checks the request's
# source in the report and what the CUDA target is built for.
#   <cmake> -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> [-DNVCC=<nvcc>] -P precedence.cmake
# The CMake running the script configures the cells; it prints one table row per cell.
cmake_minimum_required(VERSION 3.18)
set(project "${WORK_DIR}/project")
file(REMOVE_RECURSE "${WORK_DIR}")
file(COPY "${SOURCE_DIR}/tests/cmake/set_architectures/precedence/" DESTINATION "${project}")
file(WRITE "${WORK_DIR}/toolchain.cmake" "set(CMAKE_CUDA_ARCHITECTURES 80)\n")
# Presets need CMake 3.19; version 3 files are read from 3.21.
set(presets FALSE)
if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.21)
  set(presets TRUE)
  file(WRITE "${project}/CMakePresets.json" [=[
{"version": 3, "configurePresets": [{"name": "user", "binaryDir": "${sourceDir}/build",
 "cacheVariables": {"CMAKE_CUDA_ARCHITECTURES": "80"}}]}
]=])
endif()
set(compiler "")
if(NVCC)
  set(compiler "-DCMAKE_CUDA_COMPILER=${NVCC}")
endif()

set(failures "")
set(rows "")
# cell(<source> <placement> <expected built> <expected source text> [BUILD <cell>] ENV ... ARGS ...)
# BUILD: configure again the build tree of that earlier cell. Every cell also checks that the
# configure sees the CUDAARCHS it was given.
function(cell source placement built source_text)
  cmake_parse_arguments(PARSE_ARGV 4 a "PRESET" "BUILD" "ENV;ARGS")
  set(build "${WORK_DIR}/${source}-${placement}")
  if(a_BUILD)
    set(build "${WORK_DIR}/${a_BUILD}-${placement}")
  endif()
  set(before OFF)
  if(placement STREQUAL "before")
    set(before ON)
  endif()
  set(where -S "${project}" -B "${build}")
  if(a_PRESET)
    set(where --preset user -B "${build}")
  endif()
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=CUDAARCHS --unset=CUDAARCH_GPUS CUDA_VISIBLE_DEVICES=-1 ${a_ENV}
            "${CMAKE_COMMAND}" ${where} -G Ninja ${compiler} "-DCUDAARCH_SOURCE_DIR=${SOURCE_DIR}"
            -DBEFORE_PROJECT=${before} ${a_ARGS}
    WORKING_DIRECTORY "${project}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX MATCH "BUILT \\[([^]]*)\\]" _ "${out}")
  set(got_built "${CMAKE_MATCH_1}")
  string(REGEX MATCH "request '[^']*' from ([^\n]*)" _ "${out}")
  set(got_source "${CMAKE_MATCH_1}")
  string(REGEX MATCH "CUDAARCHS \\[([^]]*)\\]" _ "${out}")
  set(got_env "${CMAKE_MATCH_1}")
  set(given_env "")
  if(a_ENV MATCHES "CUDAARCHS=([^;]*)")
    set(given_env "${CMAKE_MATCH_1}")
  endif()
  set(verdict ok)
  if(NOT rc EQUAL 0 OR NOT got_built STREQUAL built OR NOT got_source STREQUAL source_text
     OR NOT got_env STREQUAL given_env)
    set(verdict FAIL)
    set(failures "${failures}[${source}, ${placement}] built [${got_built}] from [${got_source}] with CUDAARCHS [${got_env}], expected [${built}] from [${source_text}] with [${given_env}] (exit ${rc}):\n${out}${err}\n" PARENT_SCOPE)
  endif()
  set(rows "${rows}| ${source} | ${placement} | ${got_built} | ${got_source} | ${verdict} |\n" PARENT_SCOPE)
endfunction()

set(env CUDAARCHS=90)
foreach(placement IN ITEMS before after)
  cell(-DCMAKE_CUDA_ARCHITECTURES ${placement} 80 "the user's CMAKE_CUDA_ARCHITECTURES"
       ENV ${env} ARGS -DCMAKE_CUDA_ARCHITECTURES=80)
  cell(-DCMAKE_CUDA_ARCHITECTURES:STRING ${placement} 80 "the user's CMAKE_CUDA_ARCHITECTURES"
       ENV ${env} ARGS -DCMAKE_CUDA_ARCHITECTURES:STRING=80)
  cell(-DCUDAARCH_ARCHITECTURES ${placement} 86-real "the user's CUDAARCH_ARCHITECTURES"
       ENV ${env} ARGS -DCUDAARCH_ARCHITECTURES=8.6)
  cell(CUDAARCHS ${placement} 90 "the CUDAARCHS environment variable" ENV ${env})
  # A later configure of the same tree with another CUDAARCHS keeps the one that initialized
  # it, as CMake alone does (issue 44): CUDAARCHS initializes a build tree, and the change is
  # reported, not applied.
  cell(CUDAARCHS-changed ${placement} 90 "the CUDAARCHS environment variable" BUILD CUDAARCHS
       ENV CUDAARCHS=86)
  if(presets)
    cell(preset ${placement} 80 "the user's CMAKE_CUDA_ARCHITECTURES" PRESET ENV ${env})
  endif()
  cell(toolchain ${placement} 80 "the toolchain file's CMAKE_CUDA_ARCHITECTURES"
       ENV ${env} ARGS "-DCMAKE_TOOLCHAIN_FILE=${WORK_DIR}/toolchain.cmake")
  # After project(), CMake's own copy of CUDAARCHS has removed the project's normal
  # variable (policy CMP0126 OLD, this project requiring 3.18): CMake builds 90 without
  # CudaArch too, and nothing of the 80 is left to read (docs/resolution-order.md).
  if(placement STREQUAL "before" OR CMAKE_VERSION VERSION_LESS 3.20)  # no copy before 3.20
    set(expect 80 "the user's CMAKE_CUDA_ARCHITECTURES")
  else()
    set(expect 90 "the CUDAARCHS environment variable")
  endif()
  cell(set-before-project ${placement} ${expect} ENV ${env} ARGS -DSET_BEFORE_PROJECT=80)
  cell(none ${placement} 75 "the project's DEFAULT")
endforeach()

message(STATUS "CMake ${CMAKE_VERSION}\n| source | call | built | reported source | |\n|---|---|---|---|---|\n${rows}")
if(failures)
  message(FATAL_ERROR "${failures}")
endif()
